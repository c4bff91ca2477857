import Foundation
import Testing
@testable import SkyCore

/// Each strategy's concurrency profile, read from its events; the error modes; stepping; spacing.
@Suite("Strategies and error modes")
struct StrategyTests {
    static func config(
        _ strategy: ScanStrategy, total: Int = 24, batch: Int = 3, failureRate: Double = 0, errors: ErrorMode = .result,
        seed: UInt64 = 21, spacing: Duration = .zero
    ) -> RunConfiguration {
        RunConfiguration(
            total: total, batch: batch, seed: seed, failureRate: failureRate, work: 2_000, strategy: strategy,
            errors: errors, spacing: spacing)
    }

    /// The sliding window's run that every strategy's is held against, run once for them all.
    static let batchedReference = Task { await run(config(.batched, failureRate: 0.2)).0 }

    /// Started events in order, and whether each one came after the previous scan's end.
    static func startsAfterEnds(_ events: [ScanEvent]) -> Bool {
        var running = 0
        for event in events {
            if event.kind == .started {
                if running > 0 { return false }
                running += 1
            } else if event.isTerminal && event.slot != nil {
                running -= 1
            }
        }
        return true
    }

    // Not `async-let`, which drops the second scan of a pair whose first failed (AsyncLetTests).
    @Test("Every strategy runs the same scans to the same checksum", arguments: StrategiesUnderTest.all.filter { $0 != .asyncLet })
    func sameResults(strategy: ScanStrategy) async {
        let reference = await Self.batchedReference.value
        let (summary, events) = await run(Self.config(strategy, failureRate: 0.2))
        #expect(summary.ending == .drained)
        #expect(summary.snapshot.checksum == reference.snapshot.checksum)
        #expect(summary.counters.completed == reference.counters.completed)
        #expect(summary.counters.failed == reference.counters.failed)
        #expect(summary.counters.inStream == 0 && summary.counters.running == 0)
        #expect(events.filter(\.isTerminal).count == 24)
    }

    @Test("Serial: one scan at a time, each starting after the last one ended, highest priority first")
    func serialProfile() async {
        let (summary, events) = await run(Self.config(.serial))
        #expect(maxConcurrency(events) == 1)
        #expect(summary.snapshot.maxRunning == 1)
        #expect(Self.startsAfterEnds(events))
        let priorities = events.filter { $0.kind == .started }.map(\.priority)
        #expect(priorities == priorities.sorted())
    }

    @Test("Batched: never more than the batch")
    func batchedProfile() async {
        let (summary, events) = await run(Self.config(.batched, batch: 5))
        #expect(maxConcurrency(events) == 5)
        #expect(summary.snapshot.maxRunning == 5)
    }

    @Test("Unbounded: every scan is scheduled, and started, before the first one finishes")
    func unboundedProfile() async throws {
        let (summary, events) = await run(Self.config(.unbounded, total: 40))
        let firstEnd = try #require(events.firstIndex { $0.isTerminal })
        #expect(events[..<firstEnd].filter { $0.kind == .scheduled }.count == 40)
        #expect(events[..<firstEnd].filter { $0.kind == .started }.count == 40)
        // The group holds 40 running children; the pool runs at most one per core of them
        // (`ThreadReadingTests`).
        #expect(summary.snapshot.maxRunning == 40)
    }

    @Test("Unbounded: a total deeper than the ready queue still starts every scan")
    func unboundedDeeperThanTheQueue() async {
        let total = ScanModel.queueDepth + 904
        let config = RunConfiguration(total: total, batch: 4, seed: 3, failureRate: 0, work: 0, strategy: .unbounded)
        let (summary, events) = await run(config)
        #expect(summary.ending == .drained)
        #expect(summary.counters.completed == total)
        #expect(events.filter { $0.kind == .started }.count == total)
    }

    @Test("Stream: bounded like batched, and every result passes through the stream")
    func streamProfile() async {
        let (summary, events) = await run(Self.config(.stream, batch: 4, failureRate: 0.2))
        // A result's event is written when the consumer takes it, which frees its slot: in line
        // order, never more than the batch hold slots.
        #expect(maxConcurrency(events) == 4)
        #expect(summary.snapshot.maxRunning == 4)
        #expect(summary.counters.completed + summary.counters.failed == 24)
        #expect(summary.counters.inStream == 0)
    }

    @Test("Stream: cancelling stops the consumer, whose stream cancels the producer")
    func streamCancel() async {
        let config = RunConfiguration(total: 400, batch: 2, seed: 3, failureRate: 0, work: 20_000, strategy: .stream)
        let (summary, events) = await run(config) { event, history in
            event.isTerminal && history.filter(\.isTerminal).count == 3 ? .cancel : nil
        }
        #expect(summary.ending == .cancelled)
        let c = summary.counters
        #expect(c.completed + c.failed + c.cancelled == 400)
        #expect(c.cancelled > 300)
        #expect(c.running == 0 && c.inStream == 0)
        #expect(summary.snapshot.stoppedIn != nil)
        #expect(events.filter(\.isTerminal).count + summary.notStarted == 400)
    }

    @Test("Throw mode: the first failure cancels the rest, and the run ends thrown", arguments: [ScanStrategy.batched, .unbounded, .serial])
    func throwMode(strategy: ScanStrategy) async {
        let (summary, events) = await run(Self.config(strategy, total: 60, failureRate: 0.3, errors: .throw))
        guard case .thrown(let scan) = summary.ending else {
            Issue.record("ended \(summary.ending)")
            return
        }
        #expect(summary.ending.isFailure)
        let c = summary.counters
        // The thrown failure is the first; children the group had not yet cancelled may fail too,
        // after the stop, and the group drops their errors.
        let failures = events.filter { if case .failed = $0.kind { true } else { false } }
        #expect(failures.first?.scan == scan && c.failed == failures.count && summary.errorCount == failures.count)
        #expect(c.completed + c.failed + c.cancelled == 60)
        #expect(c.cancelled > 0)
        #expect(c.running == 0)
        // Every scan that started ended once.
        let started = Set(events.filter { $0.kind == .started }.map(\.scan))
        let ended = events.filter { $0.isTerminal && $0.slot != nil }.map(\.scan)
        #expect(Set(ended) == started && ended.count == started.count)
        // Discarded results are children's successes the parent never took.
        #expect(summary.snapshot.discarded >= 0 && summary.snapshot.discarded <= started.count - c.completed - 1)
        // The throw is booked once the group had awaited the others: no "stopped in" to tell.
        #expect(summary.snapshot.stoppedIn == nil)
    }

    @Test("Result mode with the same seed keeps going and keeps every result")
    func resultModeKeepsGoing() async {
        let (summary, _) = await run(Self.config(.batched, total: 60, failureRate: 0.3, errors: .result))
        #expect(summary.ending == .drained)
        #expect(summary.counters.failed > 1)
        #expect(summary.counters.completed + summary.counters.failed == 60)
    }

    @Test("Serial spacing keeps the order and the count; the gaps are measured, not asserted")
    func spacing() async {
        let (summary, events) = await run(Self.config(.serial, total: 6, spacing: .milliseconds(20)))
        #expect(summary.counters.completed == 6)
        #expect(Self.startsAfterEnds(events))
        let started = events.filter { $0.kind == .started }
        let expected = (0..<6).map { Self.config(.serial, total: 6).plan($0) }
            .sorted { ($0.priority, $0.index) < ($1.priority, $1.index) }.map(\.index)
        #expect(started.map(\.scan) == expected)
    }

    @Test("While paused, each step starts exactly one scan", arguments: [ScanStrategy.batched, .discarding, .serial])
    func stepping(strategy: ScanStrategy) async {
        let model = ScanModel(configuration: Self.config(strategy, total: 10, batch: 4))
        model.pause()
        let runner = Task { await model.run() }
        func startedCount() async -> Int? {
            // Waits for the run to settle: nothing running, so the count cannot move by itself.
            let settled = await Poll.until { model.snapshot().phase == .paused && model.snapshot().counters.running == 0 }
            let s = model.snapshot()
            return settled ? s.counters.scheduled - s.counters.waiting : nil
        }
        #expect(await startedCount() == 0)
        model.step()
        #expect(await Poll.until { model.snapshot().counters.finished >= 1 })
        #expect(await startedCount() == 1)
        model.step()
        model.step()
        #expect(await Poll.until { model.snapshot().counters.finished >= 3 })
        #expect(await startedCount() == 3)
        model.resume()
        let summary = await runner.value
        #expect(summary.counters.completed == 10)
    }

    @Test("Cancelling records how long the running scans took to stop")
    func cancelStops() async {
        let config = RunConfiguration(total: 50, batch: 2, seed: 5, failureRate: 0, work: 200_000)
        let (summary, _) = await run(config) { event, _ in event.kind == .started && event.scan >= 0 ? .cancel : nil }
        #expect(summary.ending == .cancelled)
        #expect(summary.snapshot.stoppedIn != nil)
        #expect(summary.counters.completed + summary.counters.cancelled == 50)
    }

    @Test("Slow motion computes exactly the same results")
    func slowMotion() async {
        let plan = RunConfiguration(total: 1, batch: 1, seed: 9, failureRate: 0, work: 3_000).plan(0)
        let full = await ScanTask(plan: plan).run()
        let slow = await ScanTask(plan: plan, speed: 0.5).run()
        #expect(full == slow)
    }

    @Test("The finish order keeps the newest priorities")
    func priorityTrail() {
        var trail = PriorityTrail()
        let sequence: [ScanPriority] = (0..<40).map { [.high, .medium, .low][$0 * 7 % 3] }
        for p in sequence { trail.append(p) }
        #expect(trail.count == PriorityTrail.capacity)
        #expect(trail.priorities == Array(sequence.suffix(PriorityTrail.capacity)))
    }

    @Test("A scan's priority is the runtime's high, medium or low, and back")
    func taskPriorities() {
        #expect(ScanPriority.allCases.map(\.taskPriority) == [TaskPriority.high, .medium, .low])
        #expect(ScanPriority.allCases.map(\.taskPriority).map(ScanPriority.init) == ScanPriority.allCases)
        #expect(ScanPriority(TaskPriority.background) == nil && ScanPriority(TaskPriority.userInitiated) == .high)
    }

    @Test("Every started scan reads its task's priorities, and the book counts them: a group child keeps the scan's priority as base and runs at the run's; an async let child has its parent's; an unstructured task runs at its own; a serial run's scans have no task of their own",
          arguments: StrategiesUnderTest.all)
    func priorityReadings(strategy: ScanStrategy) async {
        // Little work: the readings are taken as each child starts.
        let configuration = RunConfiguration(total: 12, batch: 3, seed: 5, failureRate: 0.2, work: 200, strategy: strategy)
        for parent in [ScanPriority.high, .low] {
            let summary = await unawaited(at: parent.taskPriority) { await ScanModel(configuration: configuration).run() }
            let readings = summary.snapshot.priorityReadings
            #expect(readings.scans == 12)
            #expect(readings.ownTasks == (strategy == .serial ? 0 : 12))
            let asked = (0..<12).map { configuration.plan($0).priority }
            switch strategy {
            case .asyncLet:
                // An `async let` takes no priority: its child's base is its parent's.
                #expect(readings.baseAsAsked == asked.filter { $0 == parent }.count)
                #expect(readings.ranAt[parent] == 12, "\(readings)")
            case .unstructured:
                // A `Task {}` nobody awaits runs at the priority it asked for (RuntimePriorityTests).
                #expect(readings.baseAsAsked == 12)
                for priority in ScanPriority.allCases {
                    #expect(readings.ranAt[priority] == asked.filter { $0 == priority }.count, "\(readings)")
                }
            case .awaited:
                // A detached task awaited by the loop runs at the loop's priority where that is
                // higher (PriorityEscalationTests), at its own otherwise. A short scan may end
                // before the loop's await reaches its task, so how many are raised is not fixed:
                // each runs between its own priority and the loop's.
                #expect(readings.baseAsAsked == 12)
                let level = { (priority: ScanPriority) in priority.taskPriority.rawValue }
                for priority in ScanPriority.allCases {
                    let unraised = asked.filter { $0 == priority && level($0) >= level(parent) }.count
                    let reachable = asked.filter { level($0) <= level(priority) && max(level($0), level(parent)) >= level(priority) }.count
                    #expect((unraised...reachable).contains(readings.ranAt[priority]), "\(priority): \(readings)")
                }
            case .serial, .unbounded, .batched, .discarding, .reduce, .waitForAll, .stream, .actorQueue, .actorReentrant, .unlessCancelled, .own:
                #expect(readings.baseAsAsked == readings.ownTasks)
                // Whatever each scan asked: the priority of the run's own task (RuntimePriorityTests).
                #expect(readings.ranAt[parent] == 12, "\(readings)")
            }
        }
    }

    @Test("Scans that never yield compute the same results as scans that do")
    func noYield() async {
        let yielding = RunConfiguration(total: 8, batch: 2, seed: 13, failureRate: 0.25, work: 5_000)
        var still = yielding
        still.yields = false
        let (a, _) = await run(yielding)
        let (b, _) = await run(still)
        #expect(a.snapshot.checksum == b.snapshot.checksum)
        #expect(a.counters == b.counters)
    }
}
