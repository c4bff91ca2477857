import Testing
@testable import SkyCore

/// `--ignore-cancellation`: cancellation is cooperative. A child that never checks for it runs to
/// its end after the group's `cancelAll()`, beside children that check and stop at once. Every
/// claim is read from the events.
@Suite("Children that never check for cancellation")
struct IgnoredCancellationTests {
    /// Long enough that a checking scan is far from its end when the cancel comes, short enough for
    /// a debug build to run the others to their end.
    static let lines = 20_000

    /// Four scans, all started at once, two of which never check: a seed chosen for that.
    static func halfDeaf(_ strategy: ScanStrategy = .batched) throws -> RunConfiguration {
        func configuration(_ seed: UInt64) -> RunConfiguration {
            RunConfiguration(
                total: 4, batch: 4, seed: seed, failureRate: 0, work: lines, strategy: strategy, ignoreCancellationRate: 0.5)
        }
        let seed = try #require((UInt64(0)..<1000).first { seed in
            (0..<4).filter { !configuration(seed).checksCancellation(of: $0) }.count == 2
        })
        return configuration(seed)
    }

    /// Cancels once every scan has started, as the `c` key does.
    static func cancelOnceAllStarted(_ event: RunEvent, _ line: Int) -> ScanControl? {
        if case .scan(let scan) = event, scan.kind == .started, line == 4 + 4 { .cancel } else { nil }
    }

    @Test("After the cancel, the children that check end cancelled, and only then do the ones that never check end, completed",
          arguments: [ScanStrategy.batched, .unbounded])
    func deafChildrenRunOn(strategy: ScanStrategy) async throws {
        let configuration = try Self.halfDeaf(strategy)
        let (summary, events) = await CausalOrderTests.run(configuration, react: Self.cancelOnceAllStarted)
        #expect(summary.ending == .cancelled)
        #expect(CausalOrderTests.violations(of: events, configuration: configuration) == [])
        let stop = try #require(events.firstIndex { if case .change(let change) = $0 { change.kind == .stopping(.cancelled) } else { false } })
        let before = events[..<stop].compactMap(\.scanEvent)
        #expect(before.filter { $0.kind == .started }.count == 4 && !before.contains(where: \.isTerminal))

        let ends = events[stop...].compactMap(\.scanEvent).filter(\.isTerminal)
        let checking = ends.filter { !$0.ignoresCancellation }
        let deaf = ends.filter(\.ignoresCancellation)
        #expect(checking.count == 2 && deaf.count == 2)
        #expect(checking.allSatisfy { $0.kind == .cancelled })
        #expect(deaf.allSatisfy { if case .completed = $0.kind { true } else { false } })
        // Every checking child had stopped before the first child that never checks had ended.
        #expect(ends.prefix(2).allSatisfy { !$0.ignoresCancellation })
        let snapshot = summary.snapshot
        let (all, checkingOnly) = (try #require(snapshot.stoppedIn), try #require(snapshot.checkingStoppedIn))
        #expect(checkingOnly < all)
    }

    @Test("Each scan's events say whether its child checks for cancellation, as its plan does")
    func eventsTellWhichChildrenCheck() async throws {
        let configuration = RunConfiguration(
            total: 30, batch: 3, seed: 8, failureRate: 0.1, work: 300, ignoreCancellationRate: 0.3)
        let (_, events) = await CausalOrderTests.run(configuration)
        let told = events.compactMap(\.scanEvent).filter { $0.kind == .started || ($0.isTerminal && $0.slot != nil) }
        #expect(told.count == 60)
        #expect(told.allSatisfy { $0.ignoresCancellation == !configuration.plan($0.scan).checksCancellation })
        #expect(told.contains(where: \.ignoresCancellation) && told.contains { !$0.ignoresCancellation })
    }

    @Test("Without --ignore-cancellation every child checks, and the plans are those of before")
    func everyChildChecksByDefault() {
        let configuration = RunConfiguration(total: 100, batch: 3, seed: 8)
        #expect((0..<100).allSatisfy { configuration.plan($0).checksCancellation && configuration.checksCancellation(of: $0) })
        var ignoring = configuration
        ignoring.ignoreCancellationRate = 0.5
        // The roll is apart from the others: the same failures, priorities and sectors.
        for scan in 0..<100 {
            let (a, b) = (configuration.plan(scan), ignoring.plan(scan))
            #expect(a.failure == b.failure && a.priority == b.priority && a.sectorSeed == b.sectorSeed)
        }
    }
}
