import Testing
@testable import SkyCore

/// `--strategy unstructured`: each scan in a `Task {}`. A cancel stops the loop that started them,
/// not the tasks, which run on as orphans; a task bag torn down with the loop cancels them. Every
/// claim is read from the events.
@Suite("Unstructured tasks and the task bag")
struct UnstructuredTaskTests {
    /// Every scan at medium priority, the run's own: an unstructured task runs at the priority it
    /// asks for (no group reports it as its parent's), and a high one, CPU-bound, can keep the
    /// actor's medium jobs, the cancel among them, waiting while other tests share the pool.
    static func configuration(bag: Bool, lines: Int) -> RunConfiguration {
        RunConfiguration(
            total: 8, batch: 4, seed: 3, failureRate: 0, priorityMix: PriorityMix(parsing: "0:100:0")!, work: lines,
            strategy: .unstructured, taskBag: bag)
    }

    /// Cancels once the first four scans have started (the eight scheduled lines, then four starts).
    static func cancelOnceFourStarted(_ event: RunEvent, _ line: Int) -> ScanControl? {
        if case .scan(let scan) = event, scan.kind == .started, line == 8 + 4 { .cancel } else { nil }
    }

    static func index(_ events: [RunEvent], _ matches: (RunChange.Kind) -> Bool) -> Int? {
        events.firstIndex { if case .change(let change) = $0 { matches(change.kind) } else { false } }
    }

    /// The ends, after `line`, of the scans that started before it.
    static func ends(after line: Int, in events: [RunEvent]) -> [ScanEvent] {
        events[(line + 1)...].compactMap(\.scanEvent).filter { $0.isTerminal && $0.slot != nil }
    }

    @Test("Cancelled, the loop returns at once and leaves its tasks running: nothing cancels them, and each completes")
    func orphansRunOn() async throws {
        let configuration = Self.configuration(bag: false, lines: 100_000)
        let (summary, events) = await CausalOrderTests.run(configuration, react: Self.cancelOnceFourStarted)
        #expect(summary.ending == .cancelled)
        #expect(CausalOrderTests.violations(of: events, configuration: configuration) == [])
        let stop = try #require(Self.index(events) { $0 == .stopping(.cancelled) })
        let returned = try #require(Self.index(events) { if case .orphaned = $0 { true } else { false } })
        // The loop returned on the stop, booking on its way only what had already come back.
        #expect(events[stop..<returned].allSatisfy { $0.scanEvent.map { $0.isTerminal && $0.slot != nil } ?? true })
        let left = Self.ends(after: returned, in: events)
        #expect(events[returned] == .change(RunChange(.orphaned(left.count), at: events[returned].time)))
        #expect(!left.isEmpty)
        // Nothing cancels them: each runs to its end.
        #expect(left.allSatisfy { if case .completed = $0.kind { true } else { false } })
        #expect(summary.snapshot.leftRunning == left.count)
        #expect(summary.counters.completed == 4 && summary.counters.cancelled == 4)
    }

    @Test("With a task bag, the loop's return tears the bag down, which cancels the four tasks it held")
    func bagCancelsThem() async throws {
        let configuration = Self.configuration(bag: true, lines: 2_000_000)
        let (summary, events) = await CausalOrderTests.run(configuration, react: Self.cancelOnceFourStarted)
        #expect(summary.ending == .cancelled)
        let stop = try #require(Self.index(events) { $0 == .stopping(.cancelled) })
        #expect(Self.index(events) { $0 == .bagCancelled(4) } == stop + 1)
        let ends = Self.ends(after: stop + 1, in: events)
        #expect(ends.count == 4 && ends.allSatisfy { $0.kind == .cancelled })
        #expect(summary.counters.completed == 0)
    }

    @Test("A run that drains leaves no task behind: no orphans, nothing for a bag to cancel", arguments: [false, true])
    func drainedLeavesNothing(bag: Bool) async {
        let configuration = RunConfiguration(total: 30, batch: 3, seed: 4, failureRate: 0.2, work: 2_000, strategy: .unstructured, taskBag: bag)
        let (summary, events) = await CausalOrderTests.run(configuration)
        #expect(summary.ending == .drained)
        #expect(summary.counters.completed + summary.counters.failed == 30)
        #expect(Self.index(events) { if case .orphaned = $0 { true } else if case .bagCancelled = $0 { true } else { false } } == nil)
        #expect(summary.snapshot.leftRunning == nil)
    }
}
