import SkyCore
import Testing
@testable import SkyLessons

/// The lesson on task-local values: its counts are the scans' own readings, from their events, and
/// add up to the scans the summary says ran.
@Suite("Answers: a task-local value reaches children and Task {}, not Task.detached")
struct TaskLocalAnswerTests {
    static func configuration(_ strategy: ScanStrategy, detached: Bool = false) -> RunConfiguration {
        RunConfiguration(total: 6, batch: 3, seed: 5, failureRate: 0, work: 500, strategy: strategy, detached: detached)
    }

    @Test("Each part's count of scans that found the label is the events' count, of the scans the summary says ended",
          arguments: [(ScanStrategy.batched, false), (.unstructured, false), (.unstructured, true)])
    func counts(strategy: ScanStrategy, detached: Bool) async throws {
        let (summary, record) = try await StopAnswerTests.run(Self.configuration(strategy, detached: detached))
        let ends = record.facts.ends.filter { $0.slot != nil }
        #expect(ends.count == summary.counters.completed + summary.counters.failed)
        let found = ends.filter { $0.span?.child.sawRunLabel == true }.count
        #expect(found == (detached ? 0 : ends.count))
        let answer = StopAnswerTests.answer("task-local-values", [record])
        #expect(answer.contains("\(Say.count(ends.count, "scan")) ran, "), "\(answer)")
        #expect(answer.contains("and \(found) of them found the run's label (\"seed 5\""), "\(answer)")
        #expect(answer.contains(detached ? "; \(ends.count) found none. A detached task inherits no task-local value" : "Each inherited it"), "\(answer)")
    }
}
