import Synchronization
import Testing
@testable import SkyCore

/// Replays a run's events in the order the sinks received them, as a reader of the events file
/// does, and holds every line to what can have happened by then.
@Suite("Events in causal order")
struct CausalOrderTests {
    /// Every event, scans' and the run's, in one log; optionally answers some with a control.
    final class Log: ScanEventSink {
        private let recorded = Locked<[RunEvent]>([])
        private let model = Locked<ScanModel?>(nil)
        private let react: @Sendable (RunEvent, Int) -> ScanControl?

        init(react: @escaping @Sendable (RunEvent, Int) -> ScanControl?) { self.react = react }

        func attach(_ model: ScanModel) { self.model.withLock { $0 = model } }
        func record(_ event: ScanEvent) { note(.scan(event)) }
        func record(_ change: RunChange) { note(.change(change)) }

        private func note(_ event: RunEvent) {
            let count = recorded.withLock { $0.append(event); return $0.count }
            if let control = react(event, count) { model.withLock { $0 }?.send(control) }
        }

        var events: [RunEvent] { recorded.withLock { $0 } }
    }

    /// What replaying `events` in order found wrong; empty when the order is causal.
    static func violations(of events: [RunEvent], configuration: RunConfiguration) -> [String] {
        var problems: [String] = []
        var batch = configuration.window
        var holder: [Int: Int] = [:]  // slot -> scan
        var ended: Set<Int> = []
        var last = Duration.zero
        for (line, event) in events.enumerated() {
            if event.time < last { problems.append("line \(line): time goes back") }
            last = event.time
            switch event {
            case .change(let change):
                if case .batch(let newBatch) = change.kind { batch = newBatch }
            case .scan(let scanEvent):
                if scanEvent.isTerminal {
                    if !ended.insert(scanEvent.scan).inserted { problems.append("line \(line): scan \(scanEvent.scan) ends twice") }
                    if let slot = scanEvent.slot {
                        if holder[slot] != scanEvent.scan { problems.append("line \(line): scan \(scanEvent.scan) ends in slot \(slot), which it does not hold") }
                        holder[slot] = nil
                    }
                } else if scanEvent.kind == .started, let slot = scanEvent.slot {
                    if let other = holder[slot] { problems.append("line \(line): scan \(scanEvent.scan) starts in slot \(slot), held by scan \(other)") }
                    holder[slot] = scanEvent.scan
                    if holder.count > batch { problems.append("line \(line): \(holder.count) slots busy with a batch of \(batch)") }
                }
            }
        }
        return problems
    }

    static func run(
        _ configuration: RunConfiguration, react: @escaping @Sendable (RunEvent, Int) -> ScanControl? = { _, _ in nil }
    ) async -> (RunSummary, [RunEvent]) {
        let log = Log(react: react)
        let model = ScanModel(configuration: configuration, sinks: [log])
        log.attach(model)
        let summary = await model.run()
        // The engine's two readings of the pool (at the stop and before the finish) are what it
        // saw, not steps of the run: the order tests read the steps alone (`readingsAtStopAndFinish`).
        return (summary, log.events.filter { !$0.isThreadsReading })
    }

    @Test("A run with listeners reads the pool right before it finishes, and as a cancel stops it")
    func readingsAtStopAndFinish() async throws {
        func record(_ config: RunConfiguration, cancelAt started: Int?) async -> [RunEvent] {
            let log = Log(react: { event, _ in
                guard let started, case .scan(let scan) = event, case .started = scan.kind, scan.scan == started else { return nil }
                return .cancel
            })
            let model = ScanModel(configuration: config, sinks: [log])
            log.attach(model)
            _ = await model.run()
            return log.events
        }
        let drained = await record(RunConfiguration(total: 12, batch: 3, seed: 2, failureRate: 0, work: 1_000), cancelAt: nil)
        #expect(drained.indices.filter { drained[$0].isThreadsReading } == [drained.count - 2], "one reading, right before the finish")

        let cancelled = await record(RunConfiguration(total: 12, batch: 3, seed: 2, failureRate: 0, work: 200_000), cancelAt: 2)
        let stop = try #require(cancelled.firstIndex { if case .change(let change) = $0, case .stopping = change.kind { true } else { false } })
        let firstCancelledEnd = try #require(cancelled.firstIndex { $0.scanEvent.map { $0.kind == .cancelled && $0.slot != nil } ?? false })
        #expect(cancelled[stop..<firstCancelledEnd].contains { $0.isThreadsReading }, "a reading as the stop reaches the scans")
    }

    static let cases: [(ScanStrategy, UInt64, Int)] = StrategiesUnderTest.all.flatMap { strategy in
        [1, 5, 9].flatMap { seed in [0, 1].map { work in (strategy, seed, work) } }
    }

    @Test("Every strategy, several seeds, work 0 and 1: each line could have happened by then", arguments: cases)
    func inOrder(strategy: ScanStrategy, seed: UInt64, work: Int) async {
        let config = RunConfiguration(
            total: 300, batch: 3, seed: seed, failureRate: 0.2, work: work, strategy: strategy)
        let (summary, events) = await Self.run(config)
        #expect(Self.violations(of: events, configuration: config) == [])
        #expect(events.compactMap(\.scanEvent).filter(\.isTerminal).count == 300)
        #expect(summary.counters.ended == 300)
    }

    @Test("Batch changes, pause and step keep the order, and no start exceeds the batch in force",
          arguments: [ScanStrategy.batched, .discarding, .stream, StrategiesUnderTest.growing])
    func withControls(strategy: ScanStrategy) async {
        let config = RunConfiguration(total: 400, batch: 2, seed: 4, failureRate: 0.1, work: 1, strategy: strategy)
        let (summary, events) = await Self.run(config) { _, line in
            switch line {
            case 50: .setBatch(6)
            case 150: .setBatch(1)
            case 250: .pause
            case 251, 252: .step
            case 260: .resume
            case 300: .setBatch(4)
            default: nil
            }
        }
        #expect(Self.violations(of: events, configuration: config) == [])
        let changes = events.compactMap { if case .change(let change) = $0 { change.kind } else { nil } }
        #expect(changes.contains(.batch(6)) && changes.contains(.batch(1)) && changes.contains(.paused))
        #expect(summary.counters.ended == 400)
    }

    @Test("A cancelled run's record is causal too", arguments: StrategiesUnderTest.all)
    func cancelled(strategy: ScanStrategy) async {
        let config = RunConfiguration(total: 200, batch: 3, seed: 2, failureRate: 0, work: 1, strategy: strategy)
        let (summary, events) = await Self.run(config) { _, line in line == 40 ? .cancel : nil }
        #expect(Self.violations(of: events, configuration: config) == [])
        #expect(summary.ending == .cancelled)
        #expect(events.compactMap(\.scanEvent).filter(\.isTerminal).count + summary.notStarted == 200)
    }

    @Test("Cancelling the run's task as well as sending cancel writes the stop before any cancellation it causes",
          arguments: StrategiesUnderTest.all)
    func stopComesFirst(strategy: ScanStrategy) async {
        // Scans long enough (a quarter of a second in a debug build, more under the sanitizer) that
        // the cancel finds the run going, and no longer: unstructured's tasks are not cancelled,
        // and the run waits for them to end.
        let config = RunConfiguration(total: 16, batch: 2, seed: 2, failureRate: 0, work: 50_000, strategy: strategy)
        let log = Log { _, _ in nil }
        let model = ScanModel(configuration: config, sinks: [log])
        let run = Task { await model.run() }
        let started = await Poll.until { log.events.contains(where: { $0.scanEvent?.kind == .started }) }
        #expect(started, "no scan started")
        // What the command line does on Ctrl-C: both at once.
        run.cancel()
        model.cancel()
        let summary = await run.value
        #expect(summary.ending == .cancelled)
        let events = log.events
        let stop = events.firstIndex { if case .change(let change) = $0, case .stopping = change.kind { true } else { false } }
        let firstCancel = events.firstIndex { $0.scanEvent?.kind == .cancelled }
        #expect(stop != nil && firstCancel != nil && stop! < firstCancel!)
        #expect(Self.violations(of: events, configuration: config) == [])
    }
}

extension RunEvent {
    /// The engine's reading of the scans on a thread (`RunChange.Kind.threads`).
    var isThreadsReading: Bool {
        if case .change(let change) = self, case .threads = change.kind { true } else { false }
    }
}
