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
        let answer = LessonAnswers.answer(lesson: "discarding-group", records: [discardingRecord, batchedRecord]).joined(separator: "\n")
        let c = discardingSummary.counters
        #expect(answer.contains("at most \(discardingSummary.snapshot.maxRunning) in the group at once"), "\(answer)")
        #expect(answer.contains("The batch was 4, and the window kept to it."), "\(answer)")
        #expect(answer.contains("Its body took no result"), "\(answer)")
        #expect(answer.contains("Its body took every child's result with `for await`, \(batchedRecord.facts.ends.count) of them."), "\(answer)")
        #expect(answer.contains("16 scans started in a slot another had left"), "\(answer)")
        #expect(answer.contains("Both parts booked the same \(Say.count(c.completed, "result")) and \(Say.count(c.failed, "failure")), with one checksum, \(Say.checksum(discardingSummary.snapshot.checksum))"), "\(answer)")
    }

    @Test("The reduce lesson: the fold is the book's; waitForAll cancels none and ends with its last child; for try await cancels the rest")
    func reduceAndWaitForAll() async throws {
        let reduce = RunConfiguration(total: 24, batch: 4, seed: 73, failureRate: 0.2, work: 500, strategy: .reduce)
        var waitForAll = reduce
        waitForAll.strategy = .waitForAll
        waitForAll.errors = .throw
        var forTryAwait = waitForAll
        forTryAwait.strategy = .unbounded

        let (reduceSummary, reduceRecord) = try await AnswerTests.run(reduce)
        let fold = try #require(reduceSummary.snapshot.fold)
        #expect(reduceRecord.facts.fold?.fold == fold)
        #expect(fold.outcomes == 24 && fold.completed == reduceSummary.counters.completed)
        let (waitSummary, waitRecord) = try await AnswerTests.run(waitForAll)
        let (throwSummary, throwRecord) = try await AnswerTests.run(forTryAwait)
        let answer = LessonAnswers.answer(lesson: "reduce-and-wait-for-all", records: [reduceRecord, waitRecord, throwRecord])
        try #require(answer.count == 3)

        #expect(answer[0].contains("returned one value at"), "\(answer[0])")
        #expect(answer[0].contains("\(Say.count(fold.completed, "result")) and \(fold.signals) signals."), "\(answer[0])")
        #expect(answer[0].contains("counts the same \(fold.completed) results and \(fold.signals) signals"), "\(answer[0])")

        // waitForAll: every scan started ran to its end; nothing was cancelled.
        #expect(waitSummary.ending == throwSummary.ending)
        guard case .thrown(let scan) = waitSummary.ending else { Issue.record("no failure thrown: \(waitSummary.ending)"); return }
        #expect(waitSummary.counters.cancelled == 24 - waitRecord.facts.starts.count)
        #expect(waitRecord.facts.cancelledRunning.isEmpty)
        #expect(answer[1].contains("scan \(scan) ("), "\(answer[1])")
        #expect(answer[1].contains("0 were cancelled: it cancelled none.") || answer[1].contains("no other child was running."), "\(answer[1])")
        let last = try #require(waitRecord.facts.ends.last)
        #expect(answer[1].contains("The last child ended at \(Say.seconds(last.time))") || answer[1].contains("no other child was running."), "\(answer[1])")

        // for try await: the same first failure, and every child still running then cancelled or ended first.
        #expect(throwSummary.ending == .thrown(scan: scan))
        #expect(answer[2].contains("`for try await` threw its error at the body as it came"), "\(answer[2])")
        let running = throwRecord.facts.running(at: try #require(throwRecord.facts.stop?.time)).count
        if running > 0 {
            #expect(answer[2].contains("the \(Say.children(running)) still running: \(throwRecord.facts.endsAfterStop.filter { $0.kind == .cancelled }.count) ended cancelled"), "\(answer[2])")
        }
    }
}
