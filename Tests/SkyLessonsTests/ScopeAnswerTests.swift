import SkyCore
import Testing
@testable import SkyLessons

/// The async-let, unstructured-tasks and actor-reentrancy lessons: what a scope does with the children it did not await, what becomes of
/// unstructured tasks at a cancel, and an actor's count across its own await. Each answer's
/// figures are held to the engine's own summary of the same run, never to times.
@Suite("Answers: scopes, unstructured tasks, reentrancy")
struct ScopeAnswerTests {
    static func scan(_ kind: ScanEvent.Kind, _ number: Int, _ ms: Double, slot: Int? = 0, ran: Double? = nil) -> RunEvent {
        let span = ran.map { ScanSpan(startedAt: .zero, wait: .zero, ran: .microseconds(Int($0 * 1000))) }
        return .scan(ScanEvent(kind: kind, scan: number, priority: .medium, slot: slot, time: .microseconds(Int(ms * 1000)), span: span))
    }

    static func part(_ name: String) throws -> Lesson.Part {
        try Lesson(file: "9-x.md", text: "# X\n## Predict\nP\n## Part 1: \(name)\n    sky --seed 1\nW\n## Questions\nQ").parts[0]
    }

    @Test("Rounds: a round begins with a start while nothing runs; pairs of async let are rounds of two")
    func rounds() {
        let facts = RunFacts([
            Self.scan(.started, 0, 0), Self.scan(.started, 1, 0), Self.scan(.failed(.sensorGlitch), 0, 1),
            Self.scan(.cancelled, 1, 2), Self.scan(.started, 2, 3), Self.scan(.started, 3, 3), Self.scan(.completed(ScanResult(signals: 1, checksum: 1)), 2, 4),
            Self.scan(.started, 4, 5), Self.scan(.completed(ScanResult(signals: 1, checksum: 2)), 3, 6),
            Self.scan(.completed(ScanResult(signals: 1, checksum: 3)), 4, 7),
        ])
        #expect(facts.rounds.map { $0.map(\.scan) } == [[0, 1], [2, 3, 4]], "scan 4 started while scan 3 ran")
    }

    @Test("Lesson 1: a pair left early names its failed first scan, its cancelled partner, and the next pair's start after the partner's end")
    func leftEarlyFromEvents() throws {
        let events: [RunEvent] = [
            Self.scan(.started, 5, 0), Self.scan(.started, 1, 0), Self.scan(.completed(ScanResult(signals: 1, checksum: 1)), 5, 100, ran: 100),
            Self.scan(.completed(ScanResult(signals: 1, checksum: 2)), 1, 100, slot: 1, ran: 5),
            Self.scan(.started, 3, 100), Self.scan(.started, 4, 100, slot: 1), Self.scan(.failed(.cosmicRayHit), 3, 102, ran: 2),
            Self.scan(.cancelled, 4, 106, slot: 1, ran: 5.5), Self.scan(.started, 6, 107), Self.scan(.started, 8, 107, slot: 1),
            Self.scan(.completed(ScanResult(signals: 1, checksum: 3)), 6, 200, ran: 93), Self.scan(.completed(ScanResult(signals: 1, checksum: 4)), 8, 200, slot: 1, ran: 93),
            .change(RunChange(.finished(.drained), at: .milliseconds(200))),
        ]
        let configuration = RunConfiguration(total: 6, batch: 2, seed: 238, failureRate: 0.5, work: 500, strategy: .asyncLet)
        let record = PartRecord(part: try Self.part("pairs"), configuration: configuration, cores: 2, events: events)
        let left = AsyncLetBesideAGroup.leftEarly(record.facts)
        #expect(left.map { [$0.failure.scan, $0.partner.scan] } == [[3, 4]])
        let answer = LessonAnswers.answer(lesson: "async-let", records: [record]).joined(separator: " ")
        #expect(answer.contains("the 6 scans started in 3 pairs, each pair only once both scans of the pair before had ended."), "\(answer)")
        #expect(answer.contains("In 1 pair the first scan failed"), "\(answer)")
        #expect(answer.contains("Scan 3 (medium) failed at 0.10 s; Swift cancelled its partner, scan 4 (medium), which stopped after 5.5 ms of its sweep"), "\(answer)")
        #expect(answer.contains("its end came 4.0 ms after the failure, and the next pair started 1.0 ms after that end."), "\(answer)")
    }

    @Test("Lesson 1: a partner that ended before its pair's failure is said to have ended before it, never a negative time after")
    func partnerEndedFirst() throws {
        let events: [RunEvent] = [
            Self.scan(.started, 7, 0), Self.scan(.started, 10, 0, slot: 1),
            Self.scan(.completed(ScanResult(signals: 1, checksum: 1)), 10, 20, slot: 1, ran: 20),
            Self.scan(.failed(.cosmicRayHit), 7, 23.3, ran: 23.3),
            .change(RunChange(.finished(.drained), at: .milliseconds(24))),
        ]
        let configuration = RunConfiguration(total: 2, batch: 2, seed: 238, failureRate: 0.5, work: 500, strategy: .asyncLet)
        let record = PartRecord(part: try Self.part("pairs"), configuration: configuration, cores: 2, events: events)
        let left = try #require(AsyncLetBesideAGroup.leftEarly(record.facts).first)
        #expect(left.partner.time < left.failure.time)
        let answer = LessonAnswers.answer(lesson: "async-let", records: [record]).joined(separator: " ")
        #expect(answer.contains("its partner, scan 10 (medium), had completed after 20.0 ms of its sweep, before the cancel could stop it; its end came 3.3 ms before the failure."), "\(answer)")
        #expect(!answer.contains(" -"), "\(answer)")
    }

    @Test("Lesson 1: the pairs' cancels are the summary's; the group cancels none, and runs to their ends the partners the pairs cancelled")
    func pairsThenGroup() async throws {
        let pairs = RunConfiguration(total: 12, batch: 2, seed: 238, failureRate: 0.5, work: 500, strategy: .asyncLet)
        let (pairsSummary, pairsRecord) = try await AnswerTests.run(pairs)
        var group = pairs
        group.strategy = .batched
        let (groupSummary, groupRecord) = try await AnswerTests.run(group)

        let facts = pairsRecord.facts
        #expect(facts.rounds.map(\.count) == Array(repeating: 2, count: 6))
        let left = AsyncLetBesideAGroup.leftEarly(facts)
        #expect(!left.isEmpty, "seed 238 fails a pair's first scan")
        #expect(left.filter { $0.partner.kind == .cancelled }.count == pairsSummary.snapshot.counters.cancelled)
        for pair in left {
            #expect(pair.nextPair.map { $0 >= pair.partner.time } ?? true, "the scope is left only after its partner's end")
        }
        let answers = LessonAnswers.answer(lesson: "async-let", records: [pairsRecord, groupRecord])
        for pair in left {
            #expect(answers[0].contains("\(Say.sentence(Say.scan(pair.failure))) failed at "), "\(answers[0])")
            #expect(answers[0].contains("its partner, \(Say.scan(pair.partner))"), "\(answers[0])")
        }
        #expect(groupSummary.snapshot.counters.cancelled == 0)
        #expect(answers[1].contains("No scan was cancelled"), "\(answers[1])")
        let cancelled = left.map(\.partner).filter { $0.kind == .cancelled }
        for partner in cancelled {
            let end = try #require(groupRecord.facts.ends.first { $0.scan == partner.scan })
            #expect(answers[1].contains("\(Say.scan(end)) \(end.name) after "), "\(answers[1])")
        }
        #expect(answers[1].contains("The partners that part 1 cancelled") == !cancelled.isEmpty, "\(answers[1])")
    }

    @Test("Unstructured tasks: orphans run on after the cancel, a bag's tasks stop; the answer gives the summary's count and figure", arguments: [false, true])
    func unstructured(bagged: Bool) async throws {
        let configuration = RunConfiguration(
            total: 8, batch: 4, seed: 10, failureRate: 0.1, priorityMix: try #require(PriorityMix(high: 0, medium: 100, low: 0)), work: 20_000,
            strategy: .unstructured, taskBag: bagged)
        let (summary, record) = try await AnswerTests.run(configuration) { event in
            if case .scan(let scan) = event, scan.kind == .started { return true }
            return false
        }
        #expect(summary.ending == .cancelled)
        let facts = record.facts
        #expect(facts.loopReturned?.count == summary.snapshot.leftRunning)
        #expect(facts.stoppedIn == summary.snapshot.stoppedIn)
        let answer = LessonAnswers.answer(lesson: "unstructured-tasks", records: [record]).joined(separator: " ")
        let stop = try #require(facts.stop)
        #expect(answer.contains("the cancel came at \(Say.seconds(stop.time)) with \(Say.count(facts.running(at: stop.time).count, "task")) running."), "\(answer)")
        guard let left = summary.snapshot.leftRunning, let stoppedIn = summary.snapshot.stoppedIn else {
            #expect(answer.contains("The loop returned with no task left running, so none ran on."), "\(answer)")
            return
        }
        #expect(facts.loopReturned?.bagged == bagged)
        #expect(answer.contains("leaving \(Say.count(left, "task")) running"), "\(answer)")
        let figure = Say.milliseconds(stoppedIn)
        if bagged {
            #expect(answer.contains("cancelled them (`bag_cancelled`)"), "\(answer)")
            #expect(answer.contains("; the last stopped \(figure) after the cancel, as the summary says"), "\(answer)")
        } else {
            #expect(answer.contains("Nothing cancelled them: they ran on to their ends"), "\(answer)")
            #expect(answer.contains("the summary's \"ran on for \(figure)\""), "\(answer)")
            let returned = try #require(facts.loopReturned).time
            let orphans = Set(facts.running(at: returned).map(\.scan))
            #expect(orphans.count == left)
            #expect(facts.ends.filter { orphans.contains($0.scan) && !$0.isFinished }.isEmpty, "nothing cancelled an orphan")
        }
        let never = summary.snapshot.counters.cancelled - facts.cancelledRunning.count
        #expect(answer.contains("\(Say.count(never, "scan")) never started") == (never > 0), "\(answer)")
    }

    @Test("Unstructured tasks: a run over before its cancel was due says that no task was left to run on")
    func drainedBeforeTheCancel() async throws {
        let configuration = RunConfiguration(
            total: 8, batch: 4, seed: 10, failureRate: 0.1, work: 500, strategy: .unstructured,
            cancelAfter: RunConfiguration.durationRange.upperBound)
        let (summary, record) = try await AnswerTests.run(configuration)
        #expect(summary.ending == .drained)
        let answer = LessonAnswers.answer(lesson: "unstructured-tasks", records: [record]).joined(separator: " ")
        #expect(answer.hasSuffix("The run was over before its cancel at 604800.00 s was due, so no task was left to run on."), "\(answer)")
    }

    @Test("Actor reentrancy: the answer gives the catalogue's own tally, lost updates and stale writes, as the summary has them", arguments: CatalogueMode.allCases)
    func catalogue(mode: CatalogueMode) async throws {
        let configuration = RunConfiguration(total: 200, batch: 4, seed: 12, failureRate: 0, work: 0, strategy: .unbounded, catalogue: mode)
        let (summary, record) = try await AnswerTests.run(configuration)
        let tally = try #require(summary.snapshot.catalogue)
        #expect(record.facts.catalogue?.tally == tally)
        #expect(tally.expected == 200)
        let answer = LessonAnswers.answer(lesson: "actor-reentrancy", records: [record]).joined(separator: " ")
        #expect(answer.contains("the catalogue (\(mode.rawValue)) was handed 200 results and counted \(tally.counted)."), "\(answer)")
        if tally.counted < tally.expected {
            #expect(mode == .racy)
            #expect(answer.contains("It lost \(Say.count(tally.expected - tally.counted, "update")): \(Say.count(tally.staleWrites, "write")) came back"), "\(answer)")
        } else {
            #expect(tally.staleWrites == 0)
            #expect(answer.contains(mode == .racy ? "This time nothing was lost" : "Every update was kept"), "\(answer)")
        }
    }
}
