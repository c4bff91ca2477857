import Testing
@testable import SkyCore

/// `--catalogue`: children hand their results to an actor from their own tasks. Racy, it reads its
/// count, awaits, and writes the count back, and reentrancy loses updates; safe, it loses none.
/// Every claim is read from the run's `catalogue` event.
@Suite("A race in safe code: an actor's count across its own await")
struct CatalogueTests {
    static func tally(_ configuration: RunConfiguration) async throws -> (CatalogueTally, RunSummary) {
        let (summary, events) = await CausalOrderTests.run(configuration)
        let tallies = events.compactMap { if case .change(let change) = $0, case .catalogued(let tally) = change.kind { tally } else { nil } }
        #expect(tallies.count == 1)
        // The catalogue's line comes after every scan's end, right before the run's finish.
        #expect(events.dropLast().last.map { if case .change(let change) = $0, case .catalogued = change.kind { true } else { false } } == true)
        let tally = try #require(tallies.first)
        #expect(summary.snapshot.catalogue == tally)
        return (tally, summary)
    }

    static let runs: [(ScanStrategy, Int)] = [(.unbounded, 4), (.batched, 8), (.batched, 3), (.stream, 4)]

    @Test("Racy: it never counts more than it was handed, and it counts fewer exactly when a write came back with a stale count",
          arguments: runs)
    func racyLosesExactlyWhenStale(strategy: ScanStrategy, batch: Int) async throws {
        let configuration = RunConfiguration(
            total: 200, batch: batch, seed: 1, failureRate: 0, work: 0, strategy: strategy, catalogue: .racy)
        let (tally, summary) = try await Self.tally(configuration)
        // Every completed result was handed over once.
        #expect(tally.expected == summary.counters.completed)
        #expect(tally.counted <= tally.expected)
        #expect((tally.counted < tally.expected) == (tally.staleWrites > 0))
    }

    @Test("Safe: it counts every result it was handed", arguments: runs)
    func safeCountsAll(strategy: ScanStrategy, batch: Int) async throws {
        let configuration = RunConfiguration(
            total: 200, batch: batch, seed: 1, failureRate: 0.1, work: 0, strategy: strategy, catalogue: .safe)
        let (tally, summary) = try await Self.tally(configuration)
        #expect(tally.expected == summary.counters.completed)
        #expect(tally.counted == tally.expected && tally.staleWrites == 0)
    }

    @Test("Racy, one at a time: with no call to overlap another, nothing is lost")
    func racyAloneLosesNothing() async throws {
        let configuration = RunConfiguration(total: 60, batch: 1, seed: 1, failureRate: 0, work: 0, catalogue: .racy)
        let (tally, _) = try await Self.tally(configuration)
        #expect(tally.counted == 60 && tally.expected == 60 && tally.staleWrites == 0)
    }
}
