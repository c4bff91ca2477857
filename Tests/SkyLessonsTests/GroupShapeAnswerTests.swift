import SkyCore
import Testing
@testable import SkyLessons

/// The discarding group's lesson, and the lessons that follow it on the group's shapes: each
/// answer's figures are held to the engine's own summary of the same run, never to times.
@Suite("Answers: a group's shapes")
struct GroupShapeAnswerTests {
    @Test("The discarding group's lesson: both parts keep to the batch, hand each freed slot on, and book the summary's checksum")
    func discardingBesideTheWindow() async throws {
        let discarding = RunConfiguration(total: 20, batch: 4, seed: 21, failureRate: 0.1, work: 500, strategy: .discarding)
        var batched = discarding
        batched.strategy = .batched
        let (discardingSummary, discardingRecord) = try await AnswerTests.run(discarding)
        let (batchedSummary, batchedRecord) = try await AnswerTests.run(batched)
        for (summary, record) in [(discardingSummary, discardingRecord), (batchedSummary, batchedRecord)] {
            #expect(record.facts.maxRunning == summary.snapshot.maxRunning)
            #expect(summary.snapshot.maxRunning <= 4)
            // Every start after the first four takes a slot another scan left, in that slot, after its end.
            #expect(record.facts.handovers.count == 20 - 4)
            #expect(record.facts.handovers.allSatisfy { $0.freed.slot == $0.started.slot && $0.freed.time <= $0.started.time })
        }
        #expect(discardingSummary.snapshot.checksum == batchedSummary.snapshot.checksum)
        let answer = LessonAnswers.answer(lesson: 14, records: [discardingRecord, batchedRecord]).joined(separator: "\n")
        let c = discardingSummary.counters
        #expect(answer.contains("at most \(discardingSummary.snapshot.maxRunning) running at once. The batch was 4, and the window kept to it."), "\(answer)")
        #expect(answer.contains("Its body took no result"), "\(answer)")
        #expect(answer.contains("Its body took every child's result with `for await`, \(batchedRecord.facts.ends.count) of them."), "\(answer)")
        #expect(answer.contains("16 scans started in a slot another had left"), "\(answer)")
        #expect(answer.contains("Both parts booked the same \(Say.count(c.completed, "result")) and \(Say.count(c.failed, "failure")), with one checksum, \(Say.checksum(discardingSummary.snapshot.checksum))"), "\(answer)")
    }
}
