import Testing
@testable import SkyCore

@Suite("Replaying a recorded run")
struct RunReplayTests {
    /// A run, with every event it wrote, in order.
    static func record(
        _ configuration: RunConfiguration, react: @escaping @Sendable (ScanEvent, [ScanEvent]) -> ScanControl? = { _, _ in nil }
    ) async -> (RunSummary, [RunEvent]) {
        let buffer = ScanEventBuffer(limit: 100_000)
        let recorder = EventRecorder(react: react)
        let model = ScanModel(configuration: configuration, sinks: [recorder, buffer])
        recorder.attach(model)
        let summary = await model.run()
        #expect(buffer.dropped == 0)
        return (summary, buffer.drain().compactMap(\.event))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var configuration: RunConfiguration
        var react: @Sendable (ScanEvent, [ScanEvent]) -> ScanControl? = { _, _ in nil }
        var testDescription: String { name }
    }

    static let cases: [Case] = StrategiesUnderTest.all.map { strategy in
        Case(name: strategy.rawValue, configuration: RunConfiguration(total: 40, batch: 3, seed: 5, failureRate: 0.2, work: 300, strategy: strategy))
    } + [
        Case(name: "throw", configuration: RunConfiguration(total: 40, batch: 3, seed: 4, failureRate: 0.2, work: 300, errors: .throw)),
        Case(name: "fail-fast", configuration: RunConfiguration(total: 40, batch: 2, seed: 7, failureRate: 0.3, work: 300, failFast: true)),
        Case(name: "time up", configuration: RunConfiguration(total: nil, duration: .milliseconds(50), batch: 2, seed: 9, work: 300)),
        Case(
            name: "verification failures",
            configuration: RunConfiguration(total: 30, batch: 2, seed: 1, work: 300, verify: true, corruptionRate: 0.3)),
        Case(
            name: "a stream's consumer that takes three results",
            configuration: RunConfiguration(total: 40, batch: 3, seed: 5, failureRate: 0.2, work: 300, strategy: .stream, take: 3)),
        Case(
            name: "a throwing batched group whose body returns after three results",
            configuration: RunConfiguration(total: 40, batch: 3, seed: 5, failureRate: 0.2, work: 300, errors: .throw, take: 3)),
        Case(
            name: "an unbounded group whose body returns after five results",
            configuration: RunConfiguration(total: 40, batch: 3, seed: 5, failureRate: 0.2, work: 300, strategy: .unbounded, take: 5)),
        Case(
            name: "a serial loop that stops after four results",
            configuration: RunConfiguration(total: 40, batch: 3, seed: 5, failureRate: 0.2, work: 300, strategy: .serial, take: 4)),
        Case(
            name: "half the children never check for cancellation, cancelled after four starts",
            configuration: RunConfiguration(total: 40, batch: 4, seed: 6, work: 300, ignoreCancellationRate: 0.5),
            react: { event, history in
                event.kind == .started && history.filter { $0.kind == .started }.count == 4 ? .cancel : nil
            }),
        Case(
            name: "unstructured tasks left running by a cancel after four starts",
            configuration: RunConfiguration(total: 40, batch: 4, seed: 6, work: 300, strategy: .unstructured),
            react: { event, history in
                event.kind == .started && history.filter { $0.kind == .started }.count == 4 ? .cancel : nil
            }),
        Case(
            name: "unstructured tasks in a bag, cancelled after four starts",
            configuration: RunConfiguration(total: 40, batch: 4, seed: 6, work: 300, strategy: .unstructured, taskBag: true),
            react: { event, history in
                event.kind == .started && history.filter { $0.kind == .started }.count == 4 ? .cancel : nil
            }),
        Case(
            name: "a racy catalogue",
            configuration: RunConfiguration(total: 40, batch: 4, seed: 5, failureRate: 0.2, work: 0, strategy: .unbounded, catalogue: .racy)),
        Case(
            name: "a cancel after six starts",
            configuration: RunConfiguration(total: 400, batch: 3, seed: 2, work: 300),
            react: { event, history in
                event.kind == .started && history.filter { $0.kind == .started }.count == 6 ? .cancel : nil
            }),
        Case(
            name: "the batch shrunk after five starts",
            configuration: RunConfiguration(total: 40, batch: 4, seed: 3, work: 300),
            react: { event, history in
                event.kind == .started && history.filter { $0.kind == .started }.count == 5 ? .setBatch(2) : nil
            }),
    ]

    @Test("The replayed book gives the recorded run's summary", arguments: cases)
    func sameSummary(_ recorded: Case) async throws {
        let (live, events) = await Self.record(recorded.configuration, react: recorded.react)
        var replay = RunReplay(configuration: recorded.configuration)
        for event in events {
            #expect(replay.summary == nil, "the run finished before its last event")
            try replay.play(event)
        }
        let replayed = try #require(replay.summary)
        let (a, b) = (live.snapshot, replayed.snapshot)
        #expect(replayed.ending == live.ending)
        #expect(b.counters == a.counters)
        #expect(b.byPriority == a.byPriority)
        #expect(b.checksum == a.checksum)
        #expect(b.maxRunning == a.maxRunning)
        #expect(b.stoppedIn == a.stoppedIn)
        #expect(b.discarded == a.discarded)
        #expect(b.elapsed == a.elapsed)
        #expect(b.batch == a.batch)
        #expect(b.priorityReadings == a.priorityReadings)
        #expect(replayed.errors == live.errors && replayed.errorCount == live.errorCount)
        #expect(replayed.verificationFailures == live.verificationFailures)
        #expect(replayed.notStarted == live.notStarted)
        for (recordedFigure, replayedFigure) in [
            (a.waitLatency.p50, b.waitLatency.p50), (a.waitLatency.p95, b.waitLatency.p95),
            (a.runLatency.p50, b.runLatency.p50), (a.runLatency.p95, b.runLatency.p95), (a.runLatency.p99, b.runLatency.p99),
        ] {
            #expect(abs(replayedFigure - recordedFigure) <= recordedFigure * 0.01)
        }
    }

    /// The events of a small batched run, to break.
    static func smallRun() async -> (RunConfiguration, [RunEvent]) {
        let configuration = RunConfiguration(total: 8, batch: 2, seed: 3, work: 100)
        return (configuration, await record(configuration).1)
    }

    static func index(of events: [RunEvent], _ matches: (ScanEvent) -> Bool) throws -> Int {
        try #require(events.firstIndex { $0.scanEvent.map(matches) ?? false })
    }

    @Test("A start in a slot the rules would not give is refused, naming both")
    func wrongSlot() async throws {
        let (configuration, events) = await Self.smallRun()
        var broken = events
        let first = try Self.index(of: events) { $0.kind == .started }
        broken[first] = .scan(ScanEvent(kind: .started, scan: events[first].scanEvent!.scan, priority: events[first].scanEvent!.priority, slot: 1, time: events[first].time))
        var replay = RunReplay(configuration: configuration)
        let error = try #require(throws: RunReplay.Impossible.self) { for event in broken { try replay.play(event) } }
        #expect(error.description.contains("starts in slot 1, but the rules start scan"), "\(error)")
    }

    @Test("An end from a slot the scan does not hold, a scan scheduled twice, and a line after the finish are refused")
    func impossibleLines() async throws {
        let (configuration, events) = await Self.smallRun()
        let end = try Self.index(of: events) { $0.isTerminal && $0.slot != nil }
        var movedEnd = events
        var moved = events[end].scanEvent!
        moved.slot = moved.slot == 0 ? 1 : 0
        movedEnd[end] = .scan(moved)
        let twice = Array(events.prefix(1)) + events
        let afterFinish = events + [events[0]]
        for (broken, problem) in [(movedEnd, "which it does not hold"), (twice, "is scheduled, but the next scan"), (afterFinish, "after the run finished")] {
            var replay = RunReplay(configuration: configuration)
            let error = try #require(throws: RunReplay.Impossible.self) { for event in broken { try replay.play(event) } }
            #expect(error.description.contains(problem), "\(error)")
        }
    }

    @Test("A priority the seed does not give is refused")
    func wrongPriority() async throws {
        let (configuration, events) = await Self.smallRun()
        var changed = configuration
        changed.seed += 1
        var replay = RunReplay(configuration: changed)
        let error = try #require(throws: RunReplay.Impossible.self) { for event in events { try replay.play(event) } }
        #expect(error.description.contains("but the run's seed makes it"), "\(error)")
    }

    @Test("A stream's termination where no stream's consumer went away is refused")
    func terminatedOutOfPlace() async throws {
        let (configuration, events) = await Self.smallRun()
        let terminated = RunEvent.change(RunChange(.terminated, at: events[3].time))
        var batched = RunReplay(configuration: configuration)
        let notAStream = try #require(throws: RunReplay.Impossible.self) {
            for event in Array(events[..<3]) + [terminated] + events[3...] { try batched.play(event) }
        }
        #expect(notAStream.description.contains("this is a batched run"), "\(notAStream)")
        var stream = configuration
        stream.strategy = .stream
        var running = RunReplay(configuration: stream)
        let notStopping = try #require(throws: RunReplay.Impossible.self) { try running.play(terminated) }
        #expect(notStopping.description.contains("the run is not stopping"), "\(notStopping)")
    }

    @Test("A child said to check for cancellation where the seed says it does not, or the reverse, is refused")
    func wrongCancellationCheck() async throws {
        let (configuration, events) = await Self.smallRun()
        let first = try Self.index(of: events) { $0.kind == .started }
        var flipped = events
        var start = events[first].scanEvent!
        start.ignoresCancellation = true
        flipped[first] = .scan(start)
        var replay = RunReplay(configuration: configuration)
        let error = try #require(throws: RunReplay.Impossible.self) { for event in flipped { try replay.play(event) } }
        #expect(error.description.contains("ignores cancellation, but the run's seed says it checks"), "\(error)")
    }

    @Test("Tasks left running by a loop are refused where no loop of unstructured tasks ran, or with the wrong count")
    func orphanedOutOfPlace() async throws {
        let (configuration, events) = await Self.smallRun()
        var batched = RunReplay(configuration: configuration)
        let notUnstructured = try #require(throws: RunReplay.Impossible.self) {
            for event in Array(events[..<3]) + [.change(RunChange(.orphaned(0), at: events[3].time))] { try batched.play(event) }
        }
        #expect(notUnstructured.description.contains("but this is not an unstructured run"), "\(notUnstructured)")
        var unstructured = configuration
        unstructured.strategy = .unstructured
        var replay = RunReplay(configuration: unstructured)
        let wrongCount = try #require(throws: RunReplay.Impossible.self) { try replay.play(.change(RunChange(.orphaned(2), at: .zero))) }
        #expect(wrongCount.description.contains("with 0 scans running"), "\(wrongCount)")
    }

    @Test("A catalogue's line in a run that had none, or counting more than it was handed, is refused")
    func catalogueOutOfPlace() async throws {
        let (configuration, events) = await Self.smallRun()
        let line = RunEvent.change(RunChange(.catalogued(CatalogueTally(mode: .racy, expected: 3, counted: 2, staleWrites: 1)), at: events[3].time))
        var none = RunReplay(configuration: configuration)
        let noCatalogue = try #require(throws: RunReplay.Impossible.self) { for event in Array(events[..<3]) + [line] { try none.play(event) } }
        #expect(noCatalogue.description.contains("but the run has none"), "\(noCatalogue)")
        var racy = configuration
        racy.catalogue = .racy
        var replay = RunReplay(configuration: racy)
        let overCounted = RunEvent.change(RunChange(.catalogued(CatalogueTally(mode: .racy, expected: 2, counted: 3, staleWrites: 0)), at: .zero))
        #expect(throws: RunReplay.Impossible.self) { try replay.play(overCounted) }
    }
}
