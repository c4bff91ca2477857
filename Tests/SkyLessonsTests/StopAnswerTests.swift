import SkyCore
import Testing
@testable import SkyLessons

/// The stream-termination, unchecked-cancellation and body-returns-early lessons: how running scans stop, or do not, once the run is done with them. Each
/// answer's figures are held to the engine's own summary of the same run, never to times.
@Suite("Answers: a consumer that goes, a child that never checks, a body that returns early")
struct StopAnswerTests {
    /// Runs `configuration` as part `number` of a lesson, keeping its events; cancels it on the
    /// first event `cancelOn` picks.
    static func run(
        _ configuration: RunConfiguration, part number: Int = 1, cancelOn: @escaping @Sendable (RunEvent) -> Bool = { _ in false }
    ) async throws -> (RunSummary, PartRecord) {
        let record = AnswerTests.Record(cancelOn: cancelOn)
        let model = ScanModel(configuration: configuration, sinks: [record])
        record.model.withLock { $0 = model }
        let summary = await model.run()
        let parts = (1...number).map { "## Part \($0): part \($0)\n    sky --seed 1\nW\n" }.joined()
        let part = try Lesson(file: "6-x.md", text: "# X\n## Predict\nP\n\(parts)## Questions\nQ").parts[number - 1]
        return (summary, PartRecord(part: part, configuration: configuration, cores: 2, events: record.events.withLock { $0 }))
    }

    /// The first seed whose scans, in the order they start (the highest priority first, then the
    /// oldest), are as `fits` wants them.
    static func seeded(_ configuration: (UInt64) -> RunConfiguration, where fits: ([ScanPlan]) -> Bool) throws -> RunConfiguration {
        let seed = try #require((UInt64(0)..<10_000).first { seed in
            let run = configuration(seed)
            let plans = (0..<(run.total ?? 0)).map(run.plan).sorted { ($0.priority, $0.index) < ($1.priority, $1.index) }
            return fits(plans)
        })
        return configuration(seed)
    }

    static func answer(_ lesson: String, _ records: [PartRecord]) -> String {
        LessonAnswers.answer(lesson: lesson, records: records).joined(separator: " ")
    }

    static func isCompleted(_ event: ScanEvent) -> Bool {
        if case .completed = event.kind { true } else { false }
    }

    /// The run as its events tell it, one line each, for a failure's message: a run under a loaded
    /// machine can go differently, and the message should say how.
    static func story(_ facts: RunFacts) -> String {
        var lines: [(Duration, String)] = facts.starts.map { ($0.time, "started \($0.scan) in slot \($0.slot ?? -1)") }
        lines += facts.deliveries.map { ($0.time, "delivered \($0.scan)") }
        lines += facts.ends.map { ($0.time, "\($0.kind) \($0.scan) (ran \($0.span?.ran ?? .zero))") }
        if let stop = facts.stop { lines.append((stop.time, "stopping: \(stop.ending)")) }
        if let terminated = facts.terminated { lines.append((terminated, "terminated")) }
        if let finish = facts.finish { lines.append((finish.time, "finished: \(finish.ending)")) }
        return "\n" + lines.sorted { $0.0 < $1.0 }.map { "\($0.0) \($0.1)" }.joined(separator: "\n")
    }
}

extension StopAnswerTests {
    /// A stream of four scans, three at a time, whose first three include exactly one failure,
    /// in its first half a percent of lines: the consumer takes that one result and goes while
    /// the other two have nearly all their sweep left.
    static func streamWithAnEarlyResult(take: Int?) throws -> RunConfiguration {
        let lines = 40_000
        return try seeded({ RunConfiguration(total: 4, batch: 3, seed: $0, failureRate: 0.3, work: lines, strategy: .stream, take: take) }) { plans in
            let failing = plans.prefix(3).filter { $0.failure != nil }
            return failing.count == 1 && failing[0].failure!.atLine < lines / 200
        }
    }

    @Test("Stream termination: the consumer goes; the answer's stop is the summary's, every running scan cancelled, and part 2 runs them to their ends")
    func consumerGoes() async throws {
        let (summary, record) = try await Self.run(try Self.streamWithAnEarlyResult(take: 1))
        #expect(summary.ending == .taken)
        let facts = record.facts
        let stop = try #require(facts.stop)
        let story = Self.story(facts)
        let stoppedIn = try #require(summary.snapshot.stoppedIn, "\(story)")
        #expect(facts.stoppedIn == stoppedIn, "\(story)")
        let terminated = try #require(facts.terminated, "onTermination ran")
        let running = facts.running(at: stop.time)
        #expect(running.count == 2, "\(story)")
        #expect(facts.endsAfterStop.map(\.scan) .sorted() == running.map(\.scan).sorted(), "\(story)")
        #expect(summary.counters.cancelled == 3, "the two running, and the one never started: \(story)")
        let answer = Self.answer("stream-termination", [record])
        #expect(answer.contains("the consumer took its 1 result by \(Say.seconds(stop.time)) and went"), "\(answer)")
        #expect(answer.contains("`onTermination` ran \(Say.milliseconds(terminated - stop.time)) later"), "\(answer)")
        #expect(answer.contains("2 scans were running then: \(Say.scans(running))."), "\(answer)")
        #expect(answer.contains("Both stopped at their next check, cancelled"), "\(answer)")
        #expect(answer.contains("the last stopped \(Say.milliseconds(stoppedIn)) after the consumer went, as the summary says"), "\(answer)")
        #expect(answer.contains("1 scan never started."), "\(answer)")

        let (whole, second) = try await Self.run(try Self.streamWithAnEarlyResult(take: nil), part: 2)
        #expect(whole.ending == .drained)
        #expect(second.facts.terminated == nil)
        let both = Self.answer("stream-termination", [record, second])
        let ranHere = running.compactMap { start in second.facts.finished.first { $0.scan == start.scan } }
        #expect(ranHere.count == 2)
        #expect(both.contains("no `terminated` line"), "\(both)")
        #expect(both.contains("\(Say.sentence(Say.scans(ranHere))), which the cancel stopped in part 1, swept here to their ends"), "\(both)")
    }

    @Test("Stream termination: a consumer that goes with nothing running says there was nothing left to stop")
    func consumerGoesWithNothingRunning() async throws {
        // One scan at a time: its result is taken, and nothing else has started.
        let (summary, record) = try await Self.run(RunConfiguration(total: 4, batch: 1, seed: 2, failureRate: 0, work: 500, strategy: .stream, take: 1))
        #expect(summary.ending == .taken)
        #expect(record.facts.endsAfterStop.isEmpty, "\(Self.story(record.facts))")
        #expect(Self.answer("stream-termination", [record]).contains("No scan was running then, so there was nothing left to stop."))
    }
}

extension StopAnswerTests {
    /// Seed 3 makes scans 2 and 3 of four never check, as the lesson's part 1 says.
    static func neverChecking(_ rate: Double) -> RunConfiguration {
        RunConfiguration(total: 4, batch: 4, seed: 3, failureRate: 0, work: 50_000, ignoreCancellationRate: rate)
    }

    /// Cancels the run once all four of its scans have started.
    static func cancelOnceAllRun() -> @Sendable (RunEvent) -> Bool {
        let started = Locked(0)
        return { event in
            guard event.scanEvent?.kind == .started else { return false }
            return started.withLock { $0 += 1; return $0 == 4 }
        }
    }

    @Test("Lesson 11: the scans that check stop, those that never check run to completion; the answer's figures are the summary's")
    func neverChecks() async throws {
        let configuration = Self.neverChecking(0.5)
        #expect((0..<4).filter { !configuration.checksCancellation(of: $0) } == [2, 3])
        let (summary, record) = try await Self.run(configuration, cancelOn: Self.cancelOnceAllRun())
        #expect(summary.ending == .cancelled)
        let facts = record.facts
        let stop = try #require(facts.stop)
        #expect(facts.running(at: stop.time).count == 4)
        let checking = try #require(summary.snapshot.checkingStoppedIn)
        let stoppedIn = try #require(summary.snapshot.stoppedIn)
        #expect(facts.checkingStoppedIn == checking)
        #expect(facts.stoppedIn == stoppedIn)
        // Both that never check ran to completion; the summary counts them completed.
        let ranOn = facts.endsAfterStop.filter(\.ignoresCancellation)
        #expect(ranOn.map(\.scan).sorted() == [2, 3] && ranOn.allSatisfy(Self.isCompleted))
        #expect(summary.counters.completed == 2)
        let answer = Self.answer("unchecked-cancellation", [record])
        #expect(answer.contains("2 that check for cancellation (scans 0 and 1) and 2 that never check (scans 2 and 3)"), "\(answer)")
        #expect(answer.contains("Those that check stopped within \(Say.milliseconds(checking)) (2 of 2 cancelled)."), "\(answer)")
        #expect(answer.contains("ran on to their ends (2 completed, 0 failed), the last \(Say.milliseconds(stoppedIn)) after the cancel"), "\(answer)")

        let (_, second) = try await Self.run(Self.neverChecking(0), part: 2, cancelOn: Self.cancelOnceAllRun())
        let secondStoppedIn = try #require(second.facts.stoppedIn)
        let both = LessonAnswers.answer(lesson: "unchecked-cancellation", records: [record, second])
        #expect(both.count == 2)
        #expect(both[1].contains("every scan checks for cancellation."), "\(both[1])")
        #expect(both[1].contains("the last of them stopped \(Say.milliseconds(secondStoppedIn)) later"), "\(both[1])")
    }

    @Test("Lesson 11: a run that ends before its cancel says there was nothing to stop")
    func endsBeforeTheCancel() async throws {
        var configuration = Self.neverChecking(0.5)
        configuration.work = 500
        // The longest cancel there is: a pool that other tests keep busy has held a run up for
        // minutes under the thread sanitizer.
        configuration.cancelAfter = RunConfiguration.durationRange.upperBound
        let (summary, record) = try await Self.run(configuration)
        #expect(summary.ending == .drained)
        #expect(Self.answer("unchecked-cancellation", [record]).contains("The run ended before its cancel at 604800000 ms, so there was nothing to stop."))
    }
}

extension StopAnswerTests {
    /// Three scans, two at a time, the body taking two results: the first two complete, and the
    /// third, which starts when the first ends, fails in the second half of its sweep, after the
    /// body has returned.
    static func failureAfterTheReturn(take: Int?) throws -> RunConfiguration {
        try seeded({ RunConfiguration(total: 3, batch: 2, seed: $0, failureRate: 0.5, work: 20_000, errors: .throw, take: take) }) { plans in
            plans[0].failure == nil && plans[1].failure == nil && (plans[2].failure?.atLine ?? 0) >= 10_000
        }
    }

    @Test("Lesson 6: the group waits for the child its body left and drops its error; the answer's wait and count are the summary's")
    func bodyReturnsEarly() async throws {
        let (summary, record) = try await Self.run(try Self.failureAfterTheReturn(take: 2))
        #expect(summary.ending == .taken)
        let facts = record.facts
        let stoppedIn = try #require(summary.snapshot.stoppedIn)
        #expect(facts.stoppedIn == stoppedIn)
        #expect(facts.discarded == summary.snapshot.discarded && facts.discarded == 1)
        let unseen = BodyReturnsEarly.unseenErrors(record)
        #expect(unseen.count == 1 && summary.counters.failed == 1)
        let failure = try #require(unseen.first)
        let answer = Self.answer("body-returns-early", [record])
        #expect(answer.contains("1 child was still running (scan \(failure.scan)); nothing cancelled it, and it ran to its end"), "\(answer)")
        #expect(answer.contains("the last, \(Say.milliseconds(stoppedIn)) after its body"), "\(answer)")
        #expect(answer.contains("0 results and 1 error: 1 discarded."), "\(answer)")
        #expect(answer.contains("\(Say.sentence(Say.scan(failure))) failed at \(Say.seconds(failure.time))"), "\(answer)")
        #expect(answer.contains("its error reached no one"), "\(answer)")

        let (whole, second) = try await Self.run(try Self.failureAfterTheReturn(take: nil), part: 2)
        #expect(whole.ending == .thrown(scan: failure.scan))
        let both = LessonAnswers.answer(lesson: "body-returns-early", records: [record, second])
        #expect(both[1].contains("had the error thrown at it"), "\(both[1])")
        #expect(both[1].hasSuffix("It is the failure that reached no one in part 1."), "\(both[1])")
    }

    @Test("Lesson 6: a body that takes every result leaves no child to wait for")
    func bodyTakesEverything() async throws {
        let (summary, record) = try await Self.run(RunConfiguration(total: 6, batch: 2, seed: 4, failureRate: 0, work: 500))
        #expect(summary.ending == .drained)
        #expect(Self.answer("body-returns-early", [record]).contains("no child was left for the group to wait for"))
    }
}
