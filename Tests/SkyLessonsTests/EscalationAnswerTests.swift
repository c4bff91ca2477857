import SkyCore
import Testing
@testable import SkyLessons

/// The lesson on priority escalation: its counts of scans raised above their base are the scans'
/// own readings, from their events, and agree with the summary's `runtime priority` counts.
@Suite("Answers: awaiting a detached task raises it; a stream raises nothing")
struct EscalationAnswerTests {
    static func configuration(_ strategy: ScanStrategy, detached: Bool = false) -> RunConfiguration {
        RunConfiguration(
            total: 6, batch: 1, seed: 20, failureRate: 0, priorityMix: PriorityMix(high: 0, medium: 0, low: 100)!, work: 2_000,
            strategy: strategy, detached: detached)
    }

    @Test("Each part's count of low scans that ran higher is the summary's count of scans that ran above low",
          arguments: [(ScanStrategy.awaited, false), (.unstructured, true)])
    func counts(strategy: ScanStrategy, detached: Bool) async throws {
        let (summary, record) = try await StopAnswerTests.run(Self.configuration(strategy, detached: detached))
        let readings = summary.snapshot.priorityReadings
        #expect(readings.scans == 6 && readings.baseAsAsked == 6)
        let raised = 6 - readings.ranAt[.low]
        let answer = StopAnswerTests.answer("priority-escalation", [record])
        #expect(answer.contains("6 scans ran, "), "\(answer)")
        if raised == 0 {
            #expect(answer.contains("None ran above the priority it kept as its base: 6 of 6 ran at their own."), "\(answer)")
        } else {
            #expect(answer.contains(" \(raised) of them ran above the priority they kept as their base"), "\(answer)")
            for priority in [ScanPriority.high, .medium] where readings.ranAt[priority] > 0 {
                #expect(answer.contains("\(readings.ranAt[priority]) from low to \(priority)"), "\(answer)")
            }
            let kept = readings.ranAt[.low] == 0 ? "none" : "\(readings.ranAt[.low])"
            #expect(answer.contains("; \(kept) ran at their own. The loop that awaited them lent them its priority."), "\(answer)")
        }
        // No task awaits the detached tasks of the unstructured loop: none is raised.
        if strategy == .unstructured { #expect(raised == 0) }
    }
}
