import Synchronization
import Testing
@testable import SkyCore

@Suite("ScanModel")
struct ScanModelTests {
    @Test("Never more than the batch run at once", arguments: [1, 2, 3, 8, 50])
    func boundedConcurrency(batch: Int) async {
        let (summary, events) = await run(quick(total: 20, batch: batch))
        let expectedMax = min(batch, 20)
        #expect(maxConcurrency(events) == expectedMax)
        #expect(summary.snapshot.maxRunning == expectedMax)
        #expect(Set(events.compactMap(\.slot)).allSatisfy { $0 < batch })
    }

    @Test("The counts add up, every snapshot respects the batch, and the last is the summary's")
    func countsAddUp() async {
        let config = quick(total: 40, batch: 3, failureRate: 0.25)
        let model = ScanModel(configuration: config)
        let watcher = Task.detached {
            var seen = 0
            let giveUp = ContinuousClock.now + .seconds(Poll.patience)
            while ContinuousClock.now < giveUp {
                let snapshot = model.snapshot()
                let c = snapshot.counters
                #expect(c.running <= snapshot.batch)
                #expect(c.ended <= config.total ?? 0)
                #expect(c.scheduled == c.waiting + c.running + c.completed + c.failed + c.cancelled)
                // Slots and counters are read together, so they agree.
                #expect(snapshot.slots.count(where: { $0 != nil }) == c.running)
                seen += 1
                if snapshot.phase.isFinished { return seen }
                await Task.yield()
            }
            return 0
        }
        let summary = await model.run()
        #expect(await watcher.value > 0)
        let c = summary.counters
        #expect(c.completed + c.failed + c.cancelled == config.total)
        #expect(c.running == 0 && c.waiting == 0)
        #expect(c.failed > 0)
        #expect(summary.ending == .drained)
        let final = model.snapshot()
        #expect(final == summary.snapshot)
        let byPriority = ScanPriority.allCases.map { final.byPriority[$0] }
        #expect(byPriority.map(\.completed).reduce(0, +) == c.completed)
        #expect(byPriority.map(\.failed).reduce(0, +) == c.failed)
        #expect(final.slots.count == config.batch && final.slots.allSatisfy { $0 == nil })
        #expect(final.recentErrors == Array(summary.errors.suffix(ScanModel.recentErrorLimit)))
    }

    @Test("Every scan has one scheduled event and exactly one terminal event")
    func oneTerminalEvent() async {
        let (_, events) = await run(quick(total: 30, batch: 4, failureRate: 0.3))
        for scan in 0..<30 {
            let mine = events.filter { $0.scan == scan }
            #expect(mine.filter(\.isTerminal).count == 1)
            #expect(mine.first?.kind == .scheduled)
            #expect(mine.last?.isTerminal == true)
        }
    }

    @Test("The same seed gives the same failures and the same checksums")
    func reproducible() async {
        func outcomes(_ seed: UInt64) async -> ([Int: ScanEvent.Kind], UInt64) {
            let (summary, events) = await run(quick(total: 25, batch: 3, seed: seed, failureRate: 0.3))
            let terminal = events.filter(\.isTerminal).map { ($0.scan, $0.kind) }
            return (Dictionary(uniqueKeysWithValues: terminal), summary.snapshot.checksum)
        }
        let (first, firstChecksum) = await outcomes(11)
        let (second, secondChecksum) = await outcomes(11)
        let (other, otherChecksum) = await outcomes(12)
        #expect(first == second)
        #expect(firstChecksum == secondChecksum)
        #expect(first != other)
        #expect(firstChecksum != otherChecksum)
    }

    @Test("Higher priorities start first, first in first out within a priority")
    func priorityOrder() async throws {
        let mix = try #require(PriorityMix(high: 30, medium: 40, low: 30))
        let (_, events) = await run(quick(total: 30, batch: 1, mix: mix))
        let starts = events.filter { $0.kind == .started }
        #expect(starts.count == 30)
        #expect(starts.map(\.priority) == starts.map(\.priority).sorted())
        for priority in ScanPriority.allCases {
            let order = starts.filter { $0.priority == priority }.map(\.scan)
            #expect(order == order.sorted())
        }
    }

    @Test("A failure does not stop the others")
    func failuresAreContained() async {
        let (summary, events) = await run(quick(total: 30, batch: 4, failureRate: 0.5))
        #expect(summary.counters.failed > 0)
        #expect(summary.counters.completed > 0)
        #expect(summary.counters.cancelled == 0)
        #expect(summary.errorCount == summary.counters.failed)
        let failedScans = Set(events.compactMap { if case .failed = $0.kind { $0.scan } else { nil } })
        #expect(Set(summary.errors.map(\.scan)) == failedScans)
    }

    @Test("--fail-fast cancels the rest at the first failure")
    func failFast() async {
        let (summary, events) = await run(quick(total: 30, batch: 2, failureRate: 1, failFast: true))
        guard case .failFast(let scan) = summary.ending else {
            Issue.record("ending was \(summary.ending)")
            return
        }
        let firstFailure = events.first { if case .failed = $0.kind { true } else { false } }
        #expect(firstFailure?.scan == scan)
        let c = summary.counters
        #expect(c.cancelled >= 28)
        #expect(c.completed + c.failed + c.cancelled == 30)
    }

    @Test("Cancelling ends the run promptly and counts the rest as cancelled")
    func cancel() async {
        // Each scan would sweep fifty million lines (about a minute); none may finish.
        let (summary, events) = await run(quick(total: 20, batch: 2, failureRate: 0, work: 50_000_000)) { event, _ in
            event.kind == .started ? .cancel : nil
        }
        #expect(summary.ending == .cancelled)
        #expect(summary.counters.cancelled == 20)
        #expect(summary.counters.completed == 0)
        #expect(events.filter { $0.kind == .cancelled }.count == 20)
        // The cancel, sent as the first scan started, is taken at the next admission: no other
        // scan starts.
        #expect(events.filter { $0.kind == .cancelled && $0.slot != nil }.count == 1)
    }

    // Serialized: two of these at once would hold both of this machine's pool threads with scans
    // that never yield, and the test itself could then never run to cancel them.
    @Test("Cancelling the run's task reaches scans that never yield, and the run ends cancelled",
          .serialized, arguments: [ScanStrategy.batched, .serial, .stream])
    func cancelTask(strategy: ScanStrategy) async {
        // Fifty million lines without a yield: minutes, unless the cancellation reaches the scan.
        // Batch 1 leaves the pool a thread for this test and the actor.
        let config = RunConfiguration(
            total: 6, batch: 1, seed: 8, failureRate: 0, work: 50_000_000, strategy: strategy, yields: false)
        let recorder = EventRecorder()
        let model = ScanModel(configuration: config, sinks: [recorder])
        let task = Task { await model.run() }
        let started = await Poll.until { recorder.events.contains(where: { $0.kind == .started }) }
        #expect(started, "no scan started")
        task.cancel()
        let summary = await task.value
        #expect(summary.ending == .cancelled)
        #expect(summary.counters.cancelled == 6)
        #expect(recorder.events.filter(\.isTerminal).count == 6)
    }

    @Test("Pause lets running scans finish and starts no new ones until resumed")
    func pauseAndResume() async {
        let config = quick(total: 12, batch: 3, failureRate: 0)
        let recorder = EventRecorder { event, history in
            // Pause as the second scan starts: the admission of the third takes it, so two run.
            if event.kind == .started && history.filter({ $0.kind == .started }).count == 2 { return .pause }
            return nil
        }
        let model = ScanModel(configuration: config, sinks: [recorder])
        recorder.attach(model)
        let runTask = Task { await model.run() }
        let paused = await Poll.until { model.snapshot().phase == .paused && model.snapshot().counters.running == 0 }
        #expect(paused, "the run never paused with nothing running")
        let startsWhilePaused = recorder.events.filter { $0.kind == .started }.count
        #expect(startsWhilePaused == 2)
        #expect(model.snapshot().counters.completed == 2)
        model.send(.resume)
        let summary = await runTask.value
        #expect(summary.counters.completed == 12)
        #expect(summary.ending == .drained)
    }

    @Test("The batch can grow and shrink while running; the window follows")
    func liveBatch() async {
        let (summary, events) = await run(quick(total: 30, batch: 1, failureRate: 0)) { event, history in
            let finished = history.filter(\.isTerminal).count
            if event.isTerminal && finished == 3 { return .setBatch(4) }
            if event.isTerminal && finished == 15 { return .setBatch(2) }
            return nil
        }
        #expect(summary.counters.completed == 30)
        #expect(maxConcurrency(events) == 4)
        // Replay: before the first resize one scan ran at a time; after the shrink, a scan starts
        // only when fewer than two are running.
        var running = 0
        var finished = 0
        for event in events {
            switch event.kind {
            case .started:
                if finished < 3 { #expect(running == 0) }
                if finished >= 15 { #expect(running < 2) }
                running += 1
            case .completed, .failed, .verificationFailed, .cancelled:
                running -= 1
                finished += 1
            case .scheduled, .arrived, .delivered:
                break
            }
        }
        #expect(summary.snapshot.batch == 2)
    }

    @Test("Memory does not grow with the number of scans")
    func flatMemory() async {
        let small = ScanModel(configuration: quick(total: 10, batch: 2, work: 0))
        _ = await small.run()
        let large = ScanModel(configuration: quick(total: 20_000, batch: 2, work: 0))
        let summary = await large.run()
        #expect(summary.counters.completed + summary.counters.failed == 20_000)
        #expect(await small.retention.statisticsBytes == large.retention.statisticsBytes)
        #expect(summary.errors.count <= ScanModel.summaryErrorLimit)
        #expect(summary.snapshot.recentErrors.count <= ScanModel.recentErrorLimit)
    }

    @Test("The ready queue never holds more than its depth")
    func boundedQueue() async {
        let (summary, events) = await run(quick(total: ScanModel.queueDepth + 500, batch: 2, work: 0))
        var waiting = 0
        var most = 0
        for event in events {
            if event.kind == .scheduled { waiting += 1 }
            if event.kind == .started { waiting -= 1 }
            most = max(most, waiting)
        }
        #expect(most == ScanModel.queueDepth)
        #expect(summary.counters.scheduled == ScanModel.queueDepth + 500)
    }
}

@Suite("The event stream")
struct EventStreamTests {
    @Test("Iterating the AsyncStream sees every event, ending when the run ends")
    func streamDeliversEverything() async {
        let stream = ScanEventStream()
        let config = quick(total: 15, batch: 3, failureRate: 0.3)
        let consumer = Task {
            var terminal: [Int: Int] = [:]
            var count = 0
            for await event in stream.events {
                count += 1
                if event.isTerminal { terminal[event.scan, default: 0] += 1 }
            }
            return (count, terminal)
        }
        _ = await ScanModel(configuration: config, sinks: [stream]).run()
        let (count, terminal) = await consumer.value
        #expect(count == 15 * 3)  // scheduled, started and one terminal event each
        #expect(terminal.count == 15 && terminal.values.allSatisfy { $0 == 1 })
        #expect(stream.dropped == 0)
    }

    @Test("A consumer that falls behind loses the newest events, counted, instead of growing memory")
    func boundedBuffer() async {
        let stream = ScanEventStream(limit: 10)
        _ = await ScanModel(configuration: quick(total: 20, batch: 2, work: 0), sinks: [stream]).run()
        var received = 0
        for await _ in stream.events { received += 1 }
        #expect(received == 10)
        #expect(stream.dropped == 20 * 3 - 10)
    }
}
