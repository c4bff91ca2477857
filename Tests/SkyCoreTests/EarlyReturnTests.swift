import Testing
@testable import SkyCore

/// `--take` in a task group: the body returns early, without `cancelAll()`, and the group waits for
/// every child it still holds, dropping what they return, errors included. Every claim is read
/// from the events.
@Suite("A group whose body returns early")
struct EarlyReturnTests {
    static func index(of kind: RunChange.Kind, in events: [RunEvent]) -> Int? {
        events.firstIndex { if case .change(let change) = $0 { change.kind == kind } else { false } }
    }

    static func isFailure(_ event: ScanEvent) -> Bool {
        if case .failed = event.kind { true } else { false }
    }

    @Test("The body takes its results and returns; the children still running run to their own ends, none cancelled, and the group returns only after the last",
          arguments: [ScanStrategy.batched, .unbounded])
    func groupWaitsForEveryChild(strategy: ScanStrategy) async throws {
        let configuration = RunConfiguration(
            total: 16, batch: 4, seed: 5, failureRate: 0.3, work: 20_000, strategy: strategy, take: 3)
        let (summary, events) = await CausalOrderTests.run(configuration)
        #expect(summary.ending == .taken)
        #expect(CausalOrderTests.violations(of: events, configuration: configuration) == [])
        let stop = try #require(Self.index(of: .stopping(.taken), in: events))
        let before = events[..<stop].compactMap(\.scanEvent)
        // Three taken, and any other that ended while the body took them: it stays in the group.
        let untaken = before.filter(\.isTerminal).count - 3
        #expect(untaken >= 0)
        let running = Set(before.filter { $0.kind == .started }.map(\.scan)).subtracting(before.filter(\.isTerminal).map(\.scan))
        #expect(!running.isEmpty)

        let after = events[stop...].compactMap(\.scanEvent)
        let unawaited = after.filter { $0.isTerminal && $0.slot != nil }
        #expect(!after.contains { $0.kind == .started })
        #expect(Set(unawaited.map(\.scan)) == running && unawaited.count == running.count)
        // Nothing cancels them: each runs to its own end, and what it returns goes nowhere.
        #expect(!unawaited.contains { $0.kind == .cancelled })
        let discarded = try #require(Self.index(of: .discarded(running.count + untaken), in: events))
        #expect(summary.snapshot.discarded == running.count + untaken)
        // The group returned, and the run finished, only once the last of them had ended.
        let lastEnd = try #require(events.lastIndex { $0.scanEvent.map { $0.isTerminal && $0.slot != nil } ?? false })
        #expect(lastEnd < discarded)
        #expect(summary.snapshot.stoppedIn != nil)
    }

    /// Three scans, two at a time: the first two complete, and the third, which starts when the
    /// first ends, fails halfway through its sweep. A seed chosen for that.
    static func failureAfterTheReturn() throws -> RunConfiguration {
        func configuration(_ seed: UInt64) -> RunConfiguration {
            RunConfiguration(total: 3, batch: 2, seed: seed, failureRate: 0.5, work: 20_000, errors: .throw, take: 2)
        }
        let seed = try #require((UInt64(0)..<10_000).first { seed in
            let plans = (0..<3).map(configuration(seed).plan).sorted { ($0.priority, $0.index) < ($1.priority, $1.index) }
            return plans[0].failure == nil && plans[1].failure == nil && (plans[2].failure?.atLine ?? 0) >= 10_000
        })
        return configuration(seed)
    }

    @Test("In a throwing group, an error thrown by a child the body never awaited reaches no one: the run ends taken, not thrown")
    func unawaitedErrorIsDropped() async throws {
        let configuration = try Self.failureAfterTheReturn()
        let (summary, events) = await CausalOrderTests.run(configuration)
        #expect(summary.ending == .taken)
        let stop = try #require(Self.index(of: .stopping(.taken), in: events))
        #expect(!events[..<stop].compactMap(\.scanEvent).contains(where: Self.isFailure))
        let failures = events[stop...].compactMap(\.scanEvent).filter(Self.isFailure)
        #expect(failures.count == 1)
        #expect(summary.snapshot.discarded == 1)
    }

    @Test("The serial loop that has taken its results simply stops: nothing runs on, and nothing is dropped")
    func serialLoopStops() async throws {
        let configuration = RunConfiguration(total: 12, batch: 1, seed: 5, failureRate: 0.3, work: 2_000, strategy: .serial, take: 4)
        let (summary, events) = await CausalOrderTests.run(configuration)
        #expect(summary.ending == .taken)
        let stop = try #require(Self.index(of: .stopping(.taken), in: events))
        #expect(events[..<stop].compactMap(\.scanEvent).filter(\.isTerminal).count == 4)
        #expect(!events[stop...].contains { $0.scanEvent.map { $0.kind == .started || $0.slot != nil } ?? false })
        #expect(summary.snapshot.discarded == 0)
        #expect(Self.index(of: .discarded(0), in: events) == nil)
    }
}
