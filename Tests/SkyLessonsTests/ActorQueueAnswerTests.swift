import SkyCore
import Testing
@testable import SkyLessons

/// The queue-inside-an-actor lesson's answer: the order the jobs reached the actor, the order they started in, and how
/// many ran at once, each held to the engine's own summary and events of the same run.
@Suite("Answers: a queue inside an actor")
struct ActorQueueAnswerTests {
    static func configuration(_ strategy: ScanStrategy) -> RunConfiguration {
        RunConfiguration(total: 8, batch: 8, seed: 11, failureRate: 0, work: 500, strategy: strategy, spacing: strategy == .actorQueue ? .milliseconds(20) : .zero)
    }

    @Test("The queue: the arrival order the events give, started in that order, one at a time, with the gaps")
    func queue() async throws {
        let (summary, record) = try await AnswerTests.run(Self.configuration(.actorQueue))
        let facts = record.facts
        #expect(facts.arrivals.count == 8)
        #expect(facts.startedInArrivalOrder)
        #expect(facts.maxRunning == summary.snapshot.maxRunning && facts.maxRunning == 1)
        #expect(facts.firstOverlap == nil)
        let answer = LessonAnswers.answer(lesson: "queue-inside-an-actor", records: [record]).joined(separator: " ")
        let order = facts.arrivals.map { "\($0.scan) (\($0.priority))" }.joined(separator: ", ")
        #expect(answer.contains("reached the actor in this order: \(order)."), "\(answer)")
        #expect(answer.contains("They started in that same order, first come, first served, and at most 1 ran at once."), "\(answer)")
        #expect(answer.contains("7 gaps (--spacing 20 ms)"), "\(answer)")
    }

    @Test("The reentrant actor: the most running at once is the summary's, and an overlap is named only where one happened")
    func reentrant() async throws {
        let (summary, record) = try await AnswerTests.run(Self.configuration(.actorReentrant))
        let facts = record.facts
        #expect(facts.startedInArrivalOrder)
        #expect(facts.maxRunning == summary.snapshot.maxRunning)
        #expect((facts.firstOverlap != nil) == (facts.maxRunning > 1))
        let answer = LessonAnswers.answer(lesson: "queue-inside-an-actor", records: [record]).joined(separator: " ")
        if let (earlier, later) = facts.firstOverlap {
            #expect(later.time >= earlier.time && (facts.stoppedAt[earlier.scan] ?? .zero) > later.time)
            #expect(answer.contains("at most \(summary.snapshot.maxRunning) ran at once, on one actor."), "\(answer)")
            #expect(answer.contains("Scan \(later.scan) (\(later.priority)) started"), "\(answer)")
        } else {
            #expect(answer.contains("at most 1 ran at once"), "\(answer)")
        }
    }

    /// Built by hand: jobs that start out of arrival order, and two that run at once.
    @Test("The facts tell a start out of arrival order, and name the first overlap")
    func factsFromEvents() {
        func scan(_ kind: ScanEvent.Kind, _ scan: Int, _ ms: Int, slot: Int? = nil) -> RunEvent {
            .scan(ScanEvent(kind: kind, scan: scan, priority: .medium, slot: slot, time: .milliseconds(ms)))
        }
        let done = ScanEvent.Kind.completed(ScanResult(signals: 1, checksum: 1))
        let facts = RunFacts([
            scan(.arrived, 2, 0), scan(.arrived, 0, 1), scan(.started, 0, 2, slot: 0), scan(.started, 2, 3, slot: 1),
            scan(done, 0, 4, slot: 0), scan(done, 2, 5, slot: 1),
        ])
        #expect(!facts.startedInArrivalOrder)
        #expect(facts.firstOverlap.map { [$0.earlier.scan, $0.later.scan] } == [0, 2])
        #expect(facts.maxRunning == 2)
    }
}
