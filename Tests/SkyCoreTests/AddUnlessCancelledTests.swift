import Testing
@testable import SkyCore

/// `addTaskUnlessCancelled` against `addTask`, on a group its body cancelled. The first probe pins
/// what the runtime does (measured on Swift 6.3.1, Linux; texts: the lesson
/// Assets/lessons/13-add-unless-cancelled.md, `CancellingWindow.swift`, `UnlessCancelledWindow.swift`);
/// the others hold the two windows' runs to it. Nothing is timed: the group is cancelled by its
/// body before it adds, and the runs' events are read in order.
@Suite("addTaskUnlessCancelled against addTask")
struct AddUnlessCancelledTests {
    @Test("After cancelAll() the body's task is not cancelled; addTaskUnlessCancelled returns false and its child never runs; addTask's child runs, and sees isCancelled")
    func cancelledGroup() async {
        let ran = Locked(0)
        let (bodyCancelled, groupCancelled, added, childSaw) = await withTaskGroup(of: Bool.self) { group in
            group.cancelAll()
            let bodyCancelled = Task.isCancelled
            let groupCancelled = group.isCancelled
            let added = group.addTaskUnlessCancelled {
                ran.withLock { $0 += 1 }
                return Task.isCancelled
            }
            group.addTask {
                ran.withLock { $0 += 1 }
                return Task.isCancelled
            }
            var saw: [Bool] = []
            for await sawCancelled in group { saw.append(sawCancelled) }
            return (bodyCancelled, groupCancelled, added, saw)
        }
        #expect(!bodyCancelled, "cancelAll() cancels the group's children, not the task its body runs in")
        #expect(groupCancelled)
        #expect(!added)
        #expect(ran.withLock { $0 } == 1, "only addTask's child ran")
        #expect(childSaw == [true], "the child added to a cancelled group starts cancelled")
    }

    /// Forty scans, a few of which fail, four at a time, with the body cancelling its group at the
    /// first failure it takes.
    static func run(_ strategy: ScanStrategy, seed: UInt64) async -> (RunSummary, [RunEvent]) {
        let configuration = RunConfiguration(
            total: 40, batch: 4, seed: seed, failureRate: 0.1, work: 20_000, strategy: strategy, errors: .cancel)
        let (summary, events) = await CausalOrderTests.run(configuration)
        #expect(CausalOrderTests.violations(of: events, configuration: configuration) == [])
        #expect(summary.counters.ended == 40)
        return (summary, events)
    }

    /// The time the first failure ended, and the scans started after it, with how each ended.
    static func afterFirstFailure(_ events: [RunEvent]) throws -> (failed: Duration, started: [Int], ends: [Int: ScanEvent.Kind]) {
        let scans = events.compactMap(\.scanEvent)
        let failure = try #require(scans.first { if case .failed = $0.kind { true } else { false } }, "no scan failed")
        let started = scans.filter { $0.kind == .started && $0.time >= failure.time && $0.scan != failure.scan }.map(\.scan)
        let ends = Dictionary(scans.filter(\.isTerminal).map { ($0.scan, $0.kind) }, uniquingKeysWith: { first, _ in first })
        return (failure.time, started, ends)
    }

    @Test("addTask (batched --errors cancel): after the group's cancel the loop adds every scan left; each child starts, and ends cancelled at its first check", arguments: [3, 4, 6] as [UInt64])
    func addTaskAddsTheRest(seed: UInt64) async throws {
        let (summary, events) = await Self.run(.batched, seed: seed)
        // The run was not cancelled: the group was, and every scan was added to it.
        #expect(summary.ending == .drained)
        let after = try Self.afterFirstFailure(events)
        let startedScans = Set(events.compactMap(\.scanEvent).filter { $0.kind == .started }.map(\.scan))
        #expect(startedScans.count == 40, "every scan started")
        // Up to three more may be added before the body takes the failure; those after it are
        // cancelled as they start.
        let cancelled = after.started.filter { after.ends[$0] == .cancelled }
        #expect(!cancelled.isEmpty)
        #expect(after.started.count - cancelled.count <= 3)
        #expect(summary.counters.completed + summary.counters.failed + summary.counters.cancelled == 40)
    }

    @Test("addTaskUnlessCancelled (unless-cancelled --errors cancel): after the group's cancel it adds nothing; the loop stops taking scans, and the rest end cancelled unstarted", arguments: [3, 4, 6] as [UInt64])
    func unlessCancelledAddsNone(seed: UInt64) async throws {
        let (summary, events) = await Self.run(.unlessCancelled, seed: seed)
        #expect(summary.ending == .cancelled)
        #expect(summary.brokenRule == nil)
        let after = try Self.afterFirstFailure(events)
        // Added after the failure only before the body took it and cancelled the group.
        #expect(after.started.count <= 3)
        let stop = try #require(events.compactMap { event -> Duration? in
            if case .change(let change) = event, case .stopping = change.kind { change.time } else { nil }
        }.first)
        #expect(stop >= after.failed)
        #expect(!events.compactMap(\.scanEvent).contains { $0.kind == .started && $0.time > stop }, "no child is added once the group is cancelled")
        let started = events.compactMap(\.scanEvent).filter { $0.kind == .started }.count
        #expect(started < 40, "the scans left were never added")
    }
}
