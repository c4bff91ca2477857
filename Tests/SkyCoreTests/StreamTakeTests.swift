import Testing
@testable import SkyCore

/// `--strategy stream --take K`: the consumer stops after K results, the stream goes away with
/// it, and the stream's `onTermination` cancels the producer. Every claim is read from the events.
@Suite("A stream's consumer that stops early")
struct StreamTakeTests {
    static let lines = 2_000_000

    /// The scans a run starts first, before any ends: the batch's worth of highest priority,
    /// oldest first, as the ready queue gives them.
    static func firstStarts(_ configuration: RunConfiguration) -> [ScanPlan] {
        (0..<configuration.total!).map(configuration.plan).sorted { ($0.priority, $0.index) < ($1.priority, $1.index) }
            .prefix(configuration.batch).map { $0 }
    }

    /// A stream run whose first scans include exactly one that fails within its first half a
    /// percent of lines, and none other that fails: so the first result comes early, while the
    /// other scans have nearly all their work left, whatever the machine's speed.
    static func runWithAnEarlyResult(take: Int) throws -> RunConfiguration {
        let seed = try #require((UInt64(0)..<100_000).first { seed in
            let plans = firstStarts(configuration(seed: seed, take: take))
            let failing = plans.filter { $0.failure != nil }
            return failing.count == 1 && failing[0].failure!.atLine < lines / 200
        })
        return configuration(seed: seed, take: take)
    }

    static func configuration(seed: UInt64, take: Int) -> RunConfiguration {
        RunConfiguration(total: 6, batch: 3, seed: seed, failureRate: 0.3, work: lines, strategy: .stream, take: take)
    }

    static func index(of kind: RunChange.Kind, in events: [RunEvent]) -> Int? {
        events.firstIndex { if case .change(let change) = $0 { change.kind == kind } else { false } }
    }

    @Test("The consumer takes its one result and goes; onTermination cancels the producer, and every scan still running ends cancelled")
    func consumerStopsTheProducer() async throws {
        let configuration = try Self.runWithAnEarlyResult(take: 1)
        let (summary, events) = await CausalOrderTests.run(configuration)
        #expect(summary.ending == .taken)
        #expect(CausalOrderTests.violations(of: events, configuration: configuration) == [])

        let stop = try #require(Self.index(of: .stopping(.taken), in: events))
        let ends = events.compactMap(\.scanEvent).filter(\.isTerminal)
        let before = events[..<stop].compactMap(\.scanEvent)
        // The consumer stopped right after its one result.
        #expect(before.filter(\.isTerminal).map(\.name) == ["failed"])
        // onTermination ran as the consumer returned, before anything else happened.
        #expect(Self.index(of: .terminated, in: events) == stop + 1)
        // No scan started after the consumer stopped; those running were cancelled, not finished.
        let after = events[(stop + 2)...].compactMap(\.scanEvent)
        #expect(!after.contains { $0.kind == .started })
        // Nobody takes a result once the consumer has gone: none is delivered into the stream.
        #expect(!after.contains { $0.kind == .delivered })
        let running = Set(before.filter { $0.kind == .started }.map(\.scan)).subtracting(before.filter(\.isTerminal).map(\.scan))
        #expect(running.count == 2)
        #expect(Set(after.filter { $0.isTerminal && $0.slot != nil }.map(\.scan)) == running)
        #expect(after.filter { $0.isTerminal && $0.slot != nil }.allSatisfy { $0.kind == .cancelled })
        // How long they took to stop is measured from the consumer's stop.
        #expect(summary.snapshot.stoppedIn != nil)
        #expect(ends.count == 6)
    }

    @Test("A consumer that takes every result ends drained, with no stop and no termination to report")
    func takingEverythingDrains() async {
        let configuration = RunConfiguration(total: 12, batch: 3, seed: 2, failureRate: 0.2, work: 2_000, strategy: .stream, take: 12)
        let (summary, events) = await CausalOrderTests.run(configuration)
        #expect(summary.ending == .drained)
        #expect(Self.index(of: .terminated, in: events) == nil)
        #expect(!events.contains { if case .change(let change) = $0, case .stopping = change.kind { true } else { false } })
    }

    @Test("A cancelled stream run's consumer goes away too, and onTermination reports it after the stop")
    func cancelTerminates() async throws {
        let configuration = RunConfiguration(total: 200, batch: 3, seed: 3, failureRate: 0, work: 2_000, strategy: .stream)
        // After the 200 scheduled lines, once scans are going: a cancel before any had started
        // would leave the consumer nothing to go away from (the producer would finish the stream).
        let (summary, events) = await CausalOrderTests.run(configuration) { _, line in line == 260 ? .cancel : nil }
        #expect(summary.ending == .cancelled)
        let stop = Self.index(of: .stopping(.cancelled), in: events)
        let terminated = Self.index(of: .terminated, in: events)
        #expect(stop != nil && terminated != nil && stop! < terminated!)
    }
}
