import Synchronization
import Testing
@testable import SkyCore

/// The snapshot is published at most every `ScanModel.publishInterval`, so these check what the
/// throttle must never cost: an exact final snapshot, consistent snapshots on the way, and a
/// snapshot that catches up when no further scheduling step comes.
@Suite("Snapshot publishing")
struct PublishingTests {
    @Test("With thousands of scans per publication, every snapshot is consistent and the last is exact")
    func finalSnapshotIsExact() async {
        // Work 0: scans finish in microseconds, so most steps skip publishing.
        let config = quick(total: 20_000, batch: 8, failureRate: 0.2, work: 0)
        let model = ScanModel(configuration: config)
        let watcher = Task.detached {
            var finishedSeen: [Int] = []
            while true {
                let snapshot = model.snapshot()
                let c = snapshot.counters
                #expect(c.scheduled == c.waiting + c.running + c.completed + c.failed + c.cancelled)
                #expect(c.running <= snapshot.batch)
                // Slots and counters are published together, so they agree.
                #expect(snapshot.slots.count(where: { $0 != nil }) == c.running)
                finishedSeen.append(c.ended)
                if snapshot.phase.isFinished { return finishedSeen }
                await Task.yield()
            }
        }
        let summary = await model.run()
        let finishedSeen = await watcher.value
        #expect(finishedSeen == finishedSeen.sorted())
        #expect(finishedSeen.last == config.total)

        let final = model.snapshot()
        #expect(final == summary.snapshot)
        let c = final.counters
        #expect(c.scheduled == config.total)
        #expect(c.completed + c.failed == config.total)
        #expect(c.running == 0 && c.waiting == 0 && c.cancelled == 0)
        #expect(summary.errorCount == c.failed)
        let byPriority = ScanPriority.allCases.map { final.byPriority[$0] }
        #expect(byPriority.map(\.completed).reduce(0, +) == c.completed)
        #expect(byPriority.map(\.failed).reduce(0, +) == c.failed)
        #expect(final.slots.count == config.batch)
        #expect(final.slots.allSatisfy { $0 == nil })
        #expect(final.recentErrors == Array(summary.errors.suffix(ScanModel.recentErrorLimit)))
    }

    @Test("The last changes are published even when no further step comes")
    func trailingPublication() async {
        // Pause as the second scan starts: the pause is taken at the next admission, and the two
        // finishes (microseconds apart, so inside one publish interval) are the run's last steps
        // until it resumes. Only the trailing publication can show them.
        let config = quick(total: 12, batch: 3, failureRate: 0, work: 0)
        let recorder = EventRecorder { event, history in
            if event.kind == .started && history.filter({ $0.kind == .started }).count == 2 { return .pause }
            return nil
        }
        let model = ScanModel(configuration: config, sinks: [recorder])
        recorder.attach(model)
        let runTask = Task { await model.run() }
        var polls = 0
        // A bound so a missing publication fails instead of hanging; the engine needs milliseconds.
        while !(model.snapshot().phase == .paused && model.snapshot().counters.running == 0), polls < 2000 {
            polls += 1
            try? await Task.sleep(for: .milliseconds(5))
        }
        let paused = model.snapshot()
        #expect(paused.phase == .paused)
        #expect(paused.counters.running == 0)
        #expect(paused.counters.completed == 2)
        #expect(paused.slots.allSatisfy { $0 == nil })
        #expect(recorder.events.filter(\.isTerminal).count == 2)
        // Rates and percentiles catch up too, within one refresh interval, with no further step:
        // the mean rate times the elapsed time of its publication counts both finishes.
        func finishesInRate(_ snapshot: ScanSnapshot) -> Int { Int((snapshot.meanRate * snapshot.elapsed.seconds).rounded()) }
        polls = 0
        while finishesInRate(model.snapshot()) != 2, polls < 2000 {
            polls += 1
            try? await Task.sleep(for: .milliseconds(5))
        }
        #expect(finishesInRate(model.snapshot()) == 2)
        model.send(.resume)
        let summary = await runTask.value
        #expect(summary.counters.completed == 12)
        #expect(model.snapshot().counters.completed == 12)
    }
}
