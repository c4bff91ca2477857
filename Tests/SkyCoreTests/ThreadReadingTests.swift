import Foundation
import Testing
@testable import SkyCore

/// The scans on a pool thread, as readings of the slots' turn counters see them
/// (`ThreadReading`, `SlotLedger.readThreads`): what the dashboard's "on a thread" and the
/// summary's "most seen on a thread" show. Counts and invariants only, never a time.
@Suite("Scans on a thread: readings and the most seen")
struct ThreadReadingTests {
    @Test("Two passes that agree count the odd counters, and say the count is whole")
    func agreeingPasses() {
        let turns: [UInt64] = [0, 1, 4, 7, 9, 2]
        #expect(ThreadReading(first: turns, second: turns) == ThreadReading(onThread: 3, isExact: true))
        #expect(ThreadReading(first: [0, 2, 4], second: [0, 2, 4]) == .none)
    }

    @Test("A counter that moved between the passes is left out, and the reading says it saw only part")
    func movingCounters() {
        // Slot 1 got a thread, slot 2 left one, slot 3 left and got one back: none of the three
        // can be placed at the moment between the passes.
        let reading = ThreadReading(first: [1, 2, 3, 5], second: [1, 3, 4, 7])
        #expect(reading == ThreadReading(onThread: 1, isExact: false))
    }

    @Test("A slot's cell is odd while its scan is on a thread; the most seen keeps the highest reading")
    func ledgerReadings() {
        let ledger = SlotLedger(slots: 4)
        #expect(ledger.readThreads() == .none)
        ledger[0].noteOnThread()
        ledger[2].noteOnThread()
        ledger[3].noteOnThread()
        #expect(ledger.readThreads() == ThreadReading(onThread: 3, isExact: true))
        ledger[3].noteOffThread()
        ledger[0].noteOffThread()
        ledger[0].noteOnThread()
        #expect(ledger.readThreads() == ThreadReading(onThread: 2, isExact: true))
        ledger[0].noteOffThread()
        ledger[2].noteOffThread()
        #expect(ledger.readThreads() == .none)
        #expect(ledger.mostSeenOnThread == 3)
    }

    @Test(
        "Read while it runs, a run never shows more on a thread than the batch or the pool allows, ends with none, and its most seen is the most a reading saw",
        arguments: [ScanStrategy.batched, .unbounded, .stream, .serial, .asyncLet], [0, 3_000])
    func readDuringARun(strategy: ScanStrategy, work: Int) async {
        let configuration = RunConfiguration(total: 20, batch: 3, seed: 8, failureRate: 0.1, work: work, strategy: strategy)
        let model = ScanModel(configuration: configuration)
        let reader = Task.detached { () -> (most: Int, readings: Int) in
            var most = 0
            var readings = 0
            repeat {
                let snapshot = model.snapshot()
                most = max(most, snapshot.onThread)
                readings += 1
                if snapshot.phase.isFinished { break }
                try? await Task.sleep(for: .microseconds(200))
            } while !Task.isCancelled
            return (most, readings)
        }
        let summary = await model.run()
        reader.cancel()
        let (most, readings) = await reader.value
        let s = summary.snapshot
        #expect(readings >= 1)
        #expect(s.mostSeenOnThread == most, "the run's last reading saw none, so the most seen is the reader's")
        let allowed = strategy == .unbounded ? configuration.total ?? 0 : strategy == .asyncLet ? 2 : configuration.window
        #expect(s.mostSeenOnThread <= allowed)
        // The children run at their parent's priority, so on one pool as wide as the cores.
        #expect(s.mostSeenOnThread <= ProcessInfo.processInfo.activeProcessorCount)
        if strategy == .serial { #expect(s.mostSeenOnThread <= 1) }
        #expect(s.onThread == 0 && s.onThreadIsExact, "none left on a thread")
    }

    @Test("A scan held on its thread is seen there, and counted in the most seen")
    func aScanOnItsThreadIsSeen() async throws {
        // Slow motion keeps each scan on its thread many times longer than a sweep would.
        let configuration = RunConfiguration(total: 200, batch: 1, seed: 4, failureRate: 0, work: 3_000, speed: 0.05)
        let model = ScanModel(configuration: configuration)
        let run = Task { await model.run() }
        var seen = 0
        while seen == 0 {
            let snapshot = model.snapshot()
            if snapshot.phase.isFinished { break }
            seen = snapshot.onThread
            if seen == 0 { try await Task.sleep(for: .milliseconds(1)) }
        }
        model.cancel()
        let summary = await run.value
        #expect(seen == 1, "a reading saw the run's one scan on its thread")
        #expect(summary.snapshot.mostSeenOnThread == 1)
        #expect(summary.snapshot.onThread == 0)
    }

    @Test("A run that started no scan had none on a thread")
    func noScanNoneSeen() async {
        let configuration = RunConfiguration(total: 5, batch: 2, seed: 1, work: 0)
        let model = ScanModel(configuration: configuration)
        model.cancel()
        let summary = await model.run()
        #expect(summary.counters.completed == 0)
        #expect(summary.snapshot.mostSeenOnThread == 0)
        #expect(summary.snapshot.onThread == 0)
    }
}
