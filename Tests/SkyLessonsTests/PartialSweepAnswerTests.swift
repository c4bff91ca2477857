import SkyCore
import Testing
@testable import SkyLessons

/// The lesson on `Task.checkCancellation()` against `Task.isCancelled`: its answer's figures are
/// the run's own, from its summary and its events, never set in advance.
@Suite("Answers: checkCancellation() throws the sweep away, isCancelled keeps it")
struct PartialSweepAnswerTests {
    static func configuration(_ check: CancelCheck) -> RunConfiguration {
        RunConfiguration(total: 4, batch: 4, seed: 3, failureRate: 0, work: 50_000, cancelCheck: check)
    }

    @Test("Part 1 throws: the answer gives the summary's stop time and says no line was handed back")
    func throwKeepsNothing() async throws {
        let (summary, record) = try await StopAnswerTests.run(Self.configuration(.throw), cancelOn: StopAnswerTests.cancelOnceAllRun())
        #expect(summary.ending == .cancelled)
        let stoppedIn = try #require(summary.snapshot.stoppedIn)
        #expect(record.facts.stoppedIn == stoppedIn)
        let cut = record.facts.endsAfterStop.filter { $0.kind == .cancelled }
        #expect(cut.count == summary.counters.cancelled && cut.allSatisfy { $0.partial == nil })
        let answer = StopAnswerTests.answer("check-cancellation-or-is-cancelled", [record])
        #expect(answer.contains("which threw CancellationError: \(Say.count(cut.count, "scan")) stopped within \(Say.milliseconds(stoppedIn))"), "\(answer)")
        #expect(answer.contains("none handed back a line"), "\(answer)")
    }

    @Test("Part 2 keeps: the answer's lines and signals are the sum of the cancelled events' own")
    func partialKeepsTheLines() async throws {
        let (summary, record) = try await StopAnswerTests.run(
            Self.configuration(.partial), part: 2, cancelOn: StopAnswerTests.cancelOnceAllRun())
        #expect(summary.ending == .cancelled)
        let cut = record.facts.endsAfterStop.filter { $0.kind == .cancelled }
        #expect(cut.count == summary.counters.cancelled)
        let kept = cut.compactMap(\.partial)
        #expect(kept.count == cut.count)
        let lines = kept.reduce(0) { $0 + $1.lines }
        let signals = kept.reduce(0) { $0 + $1.signals }
        let answer = StopAnswerTests.answer("check-cancellation-or-is-cancelled", [record])
        #expect(answer.hasPrefix("Part 2 (part 2): the cancel came at"), "\(answer)")
        #expect(answer.contains("\(kept.count) of them handed back what they had swept: \(lines) lines of the \(50_000 * cut.count)"), "\(answer)")
        #expect(answer.contains("with \(signals) signals in them"), "\(answer)")
    }

    @Test("A part whose scans all end before the cancel says no sweep was cut short")
    func endsBeforeTheCancel() async throws {
        var configuration = Self.configuration(.partial)
        configuration.work = 500
        configuration.cancelAfter = RunConfiguration.durationRange.upperBound
        let (summary, record) = try await StopAnswerTests.run(configuration)
        #expect(summary.ending == .drained)
        #expect(StopAnswerTests.answer("check-cancellation-or-is-cancelled", [record]).contains("so no sweep was cut short."))
    }
}
