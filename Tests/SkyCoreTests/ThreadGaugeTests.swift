import Foundation
import Testing
@testable import SkyCore

/// The scans on a pool thread (`ThreadGauge`): what the summary's "most on a thread" and the
/// dashboard's "on a thread" read. Invariants and counts only, never a time.
@Suite("Scans on a thread: now and the peak")
struct ThreadGaugeTests {
    @Test(
        "The peak is at least one once a scan ran, at most the batch and the pool's width, and none is left on a thread",
        arguments: [ScanStrategy.batched, .unbounded, .stream, .serial, .asyncLet], [0, 3_000])
    func invariants(strategy: ScanStrategy, work: Int) async {
        let configuration = RunConfiguration(total: 40, batch: 3, seed: 8, failureRate: 0.1, work: work, strategy: strategy)
        let model = ScanModel(configuration: configuration)
        let summary = await model.run()
        let s = summary.snapshot
        #expect(s.peakOnThread >= 1)
        #expect(s.peakOnThread <= (strategy == .unbounded ? 40 : strategy == .asyncLet ? 2 : configuration.window))
        // The children run at their parent's priority, so on one pool as wide as the cores.
        #expect(s.peakOnThread <= ProcessInfo.processInfo.activeProcessorCount)
        #expect(s.onThread == 0)
        #expect(model.gauge.now == 0)
        if strategy == .serial { #expect(s.peakOnThread == 1) }
    }

    @Test("A run that started no scan had none on a thread")
    func noScanNoPeak() async {
        let configuration = RunConfiguration(total: 5, batch: 2, seed: 1, work: 0)
        let model = ScanModel(configuration: configuration)
        model.cancel()
        let summary = await model.run()
        #expect(summary.counters.completed == 0)
        #expect(summary.snapshot.peakOnThread == 0)
        #expect(summary.snapshot.onThread == 0)
    }

    @Test("Entering and leaving balance, and the peak is the most inside at once")
    func counts() {
        let gauge = ThreadGauge()
        gauge.enter()
        gauge.enter()
        gauge.leave()
        gauge.enter()
        gauge.enter()
        #expect(gauge.now == 3)
        #expect(gauge.peak == 3)
        gauge.leave()
        gauge.leave()
        gauge.leave()
        #expect(gauge.now == 0)
        #expect(gauge.peak == 3)
    }
}
