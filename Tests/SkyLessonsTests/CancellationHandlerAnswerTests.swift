import SkyCore
import Testing
@testable import SkyLessons

/// The lesson on `withTaskCancellationHandler`: its counts and gaps are the scans' own, from their
/// events' `handler_ran` and `ran`.
@Suite("Answers: the cancellation handler runs at once, the sweep stops when it looks")
struct CancellationHandlerAnswerTests {
    @Test("Every running scan's handler is counted, and the longest gap from a handler to its sweep's stop is the events' own")
    func handlersAndGaps() async throws {
        let configuration = RunConfiguration(total: 4, batch: 4, seed: 3, failureRate: 0, work: 50_000, cancelCheck: .handler)
        let (summary, record) = try await StopAnswerTests.run(configuration, cancelOn: StopAnswerTests.cancelOnceAllRun())
        #expect(summary.ending == .cancelled)
        let ends = record.facts.endsAfterStop
        let spans = try ends.map { try #require($0.span) }
        #expect(spans.allSatisfy { $0.handlerRan != nil })
        let slowest = try #require(spans.compactMap { span in span.handlerRan.map { span.ran - $0 } }.max())
        let answer = StopAnswerTests.answer("cancellation-handler", [record])
        #expect(answer.contains("\(ends.count) cancellation handlers ran "), "\(answer)")
        #expect(answer.contains("\(ends.count) sweeps then stopped at their next look at the flag, the last \(Say.milliseconds(slowest)) after its handler."), "\(answer)")
    }

    @Test("Sweeps that never read the flag are told apart: their handlers ran, and they swept on to their ends")
    func sweepsThatNeverLook() async throws {
        var configuration = StopAnswerTests.neverChecking(0.5)
        configuration.cancelCheck = .handler
        let (_, record) = try await StopAnswerTests.run(configuration, part: 2, cancelOn: StopAnswerTests.cancelOnceAllRun())
        let ranOn = record.facts.endsAfterStop.filter(\.ignoresCancellation)
        #expect(ranOn.count == 2 && ranOn.allSatisfy { $0.span?.handlerRan != nil })
        let answer = StopAnswerTests.answer("cancellation-handler", [record])
        #expect(answer.contains("2 sweeps never read the flag: their handlers ran all the same"), "\(answer)")
    }
}
