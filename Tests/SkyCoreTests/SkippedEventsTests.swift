import Testing
@testable import SkyCore

@Suite("Events a buffer skipped, counted by kind")
struct SkippedEventsTests {
    @Test("Two counts added together keep every kind, the arrivals at an actor among them")
    func addKeepsEveryKind() {
        var one = SkippedEvents()
        for tally in SkippedEvents.Tally.allCases { one.count(tally) }
        var both = one
        both.add(one)
        #expect(one.total == SkippedEvents.Tally.allCases.count)
        #expect(both.total == 2 * one.total)
        #expect(both.arrived == 2)
        #expect(both.freed == 2 * one.freed)
    }
}
