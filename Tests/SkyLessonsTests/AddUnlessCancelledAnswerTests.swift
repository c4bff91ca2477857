import SkyCore
import Testing
@testable import SkyLessons

/// The lesson on `addTaskUnlessCancelled` against `addTask`: its counts are the run's own, read
/// from its events and held to its summary.
@Suite("Answers: addTask adds to a cancelled group, addTaskUnlessCancelled does not")
struct AddUnlessCancelledAnswerTests {
    /// Forty scans, four at a time; with seed 4 a high scan fails early, and scans are left to add.
    static func configuration(_ strategy: ScanStrategy) -> RunConfiguration {
        RunConfiguration(total: 40, batch: 4, seed: 4, failureRate: 0.1, work: 20_000, strategy: strategy, errors: .cancel)
    }

    @Test("addTask: the children added after the failure are the events' starts after it; the cancelled ones among them are counted, and nothing cancelled the run")
    func addTask() async throws {
        let (summary, record) = try await StopAnswerTests.run(Self.configuration(.batched))
        #expect(summary.ending == .drained)
        let failure = try #require(record.facts.failed.first)
        let after = AddUnlessCancelled.startedAfter(failure, in: record.facts)
        let afterScans = Set(after.map(\.scan))
        let cancelled = record.facts.ends.filter { afterScans.contains($0.scan) && $0.kind == .cancelled }
        #expect(!cancelled.isEmpty)
        // Every scan the run held was added to the group: the summary's scheduled are all started.
        #expect(record.facts.starts.count == summary.counters.scheduled)
        let answer = StopAnswerTests.answer("add-unless-cancelled", [record])
        #expect(answer.contains("scan \(failure.scan) (\(failure.priority)) failed at "), "\(answer)")
        #expect(answer.contains("After that failure the loop added \(after.count) children with `addTask`: \(cancelled.count) ended cancelled"), "\(answer)")
        #expect(answer.contains("Nothing cancelled the run, only the group"), "\(answer)")
    }

    @Test("addTaskUnlessCancelled: no child after the stop, and the scans never added are the summary's cancelled less those a child ran for")
    func unlessCancelled() async throws {
        let (summary, record) = try await StopAnswerTests.run(Self.configuration(.unlessCancelled))
        #expect(summary.ending == .cancelled)
        let withAChild = record.facts.ends.filter { $0.kind == .cancelled && AddUnlessCancelled.hadAChild($0) }.count
        let neverAdded = summary.counters.cancelled - withAChild
        #expect(neverAdded > 0)
        let answer = StopAnswerTests.answer("add-unless-cancelled", [record])
        #expect(answer.contains("the loop's next `addTaskUnlessCancelled` returned false, and it took no more scans: \(neverAdded) scans were never added"), "\(answer)")
    }
}
