import Testing
@testable import SkyCore

/// `--strategy async-let`: pairs of `async let` bindings. Leaving a pair's scope without awaiting
/// its second binding cancels it, then waits for it. Every claim is read from the events.
@Suite("async let: leaving the scope cancels, then awaits")
struct AsyncLetTests {
    /// The runs' starts, a pair at a time: a start in slot 0 opens a pair, one in slot 1 joins it.
    static func pairs(_ events: [ScanEvent]) -> [[Int]] {
        var pairs: [[Int]] = []
        for event in events where event.kind == .started {
            if event.slot == 0 { pairs.append([event.scan]) } else { pairs[pairs.count - 1].append(event.scan) }
        }
        return pairs
    }

    static let lines = 200_000

    /// One pair whose first scan fails within its first half a percent of lines and whose second
    /// would sweep all of them: a seed chosen for that.
    static func lostPair() throws -> RunConfiguration {
        func configuration(_ seed: UInt64) -> RunConfiguration {
            RunConfiguration(total: 2, batch: 4, seed: seed, failureRate: 0.5, work: lines, strategy: .asyncLet)
        }
        let seed = try #require((UInt64(0)..<100_000).first { seed in
            let plans = (0..<2).map(configuration(seed).plan).sorted { ($0.priority, $0.index) < ($1.priority, $1.index) }
            return (plans[0].failure?.atLine ?? lines) < lines / 200 && plans[1].failure == nil
        })
        return configuration(seed)
    }

    @Test("The first of a pair fails, so the loop leaves the pair's scope: the second is cancelled, and the run goes on, not stopped")
    func secondIsCancelledOnTheWayOut() async throws {
        let configuration = try Self.lostPair()
        let (summary, events) = await CausalOrderTests.run(configuration)
        #expect(summary.ending == .drained)
        #expect(!events.contains { if case .change(let change) = $0, case .stopping = change.kind { true } else { false } })
        let scans = events.compactMap(\.scanEvent)
        let ends = scans.filter(\.isTerminal)
        #expect(Self.pairs(scans).count == 1)
        #expect(ends.map(\.name) == ["failed", "cancelled"])
        #expect(ends.map(\.slot) == [0, 1])
        #expect(summary.counters.cancelled == 1)
    }

    @Test("Each pair's scope ends only once both of its scans have ended: no pair starts before the last one's ends")
    func scopeAwaitsBoth() async throws {
        let configuration = RunConfiguration(total: 30, batch: 4, seed: 9, failureRate: 0.4, work: 2_000, strategy: .asyncLet)
        let (summary, events) = await CausalOrderTests.run(configuration)
        #expect(summary.ending == .drained)
        #expect(CausalOrderTests.violations(of: events, configuration: configuration) == [])
        let scans = events.compactMap(\.scanEvent)
        var open: Set<Int> = []
        for event in scans {
            if event.kind == .started {
                // A pair's first start finds the previous pair wholly ended.
                if event.slot == 0 { #expect(open.isEmpty, "scan \(event.scan) starts while \(open) still run") }
                open.insert(event.scan)
            } else if event.isTerminal && event.slot != nil {
                open.remove(event.scan)
            }
        }
        #expect(Self.pairs(scans).allSatisfy { $0.count == 2 })
        #expect(summary.snapshot.maxRunning == 2)
        // Only the second of a pair is ever cancelled, and only when its first failed.
        let failedFirsts = Set(scans.filter { if case .failed = $0.kind { $0.slot == 0 } else { false } }.map(\.scan))
        for pair in Self.pairs(scans) where scans.contains(where: { $0.scan == pair[1] && $0.kind == .cancelled }) {
            #expect(failedFirsts.contains(pair[0]))
        }
    }

    @Test("With no failures, every pair is awaited whole: the same scans and checksum as the sliding window")
    func noFailuresNoLoss() async {
        let (pairs, _) = await CausalOrderTests.run(
            RunConfiguration(total: 21, batch: 4, seed: 3, failureRate: 0, work: 2_000, strategy: .asyncLet))
        let (window, _) = await CausalOrderTests.run(RunConfiguration(total: 21, batch: 4, seed: 3, failureRate: 0, work: 2_000))
        #expect(pairs.counters.completed == 21 && pairs.counters.cancelled == 0)
        #expect(pairs.snapshot.checksum == window.snapshot.checksum)
    }
}
