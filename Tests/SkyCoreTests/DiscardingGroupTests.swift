import Testing
@testable import SkyCore

/// `--strategy discarding`: a group whose body takes no result keeps to the batch only through
/// `scans.nextWhenFree()`, which waits for a scan's end, or a bigger batch, to free a slot.
@Suite("A discarding group's window")
struct DiscardingGroupTests {
    static func config(total: Int, batch: Int) -> RunConfiguration {
        RunConfiguration(total: total, batch: batch, seed: 21, failureRate: 0.2, work: 2_000, strategy: .discarding)
    }

    @Test("Never more than the batch, and every scan ends")
    func bounded() async {
        let (summary, events) = await run(Self.config(total: 24, batch: 5))
        #expect(maxConcurrency(events) == 5)
        #expect(summary.snapshot.maxRunning == 5)
        #expect(summary.ending == .drained)
        #expect(events.filter(\.isTerminal).count == 24)
    }

    @Test("The batch grows and shrinks while the body waits for a slot; the window follows")
    func liveBatch() async {
        let (summary, events) = await run(Self.config(total: 30, batch: 1)) { event, history in
            let finished = history.filter(\.isTerminal).count
            if event.isTerminal && finished == 3 { return .setBatch(4) }
            if event.isTerminal && finished == 15 { return .setBatch(2) }
            return nil
        }
        #expect(summary.ending == .drained)
        #expect(maxConcurrency(events) == 4)
        var running = 0
        var finished = 0
        for event in events {
            if event.kind == .started {
                if finished < 3 { #expect(running == 0) }
                if finished >= 15 { #expect(running < 2) }
                running += 1
            } else if event.isTerminal {
                running -= 1
                finished += 1
            }
        }
    }
}
