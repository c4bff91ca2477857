import Histogram
import Testing
@testable import SkyCore

@Suite("The scan kernel")
struct KernelTests {
    @Test("A sweep gives a known answer")
    func knownAnswer() {
        // Pinned from the first implementation and matched bit for bit by a C version of the kernel.
        let result = SectorSweep.sweep(seed: 42, lines: 1000)
        #expect(result == ScanResult(signals: 8192, checksum: 368_311_849_751_744_467))
    }

    @Test("Sweeping in chunks gives the same result as one pass", arguments: [1, 7, 256, 999])
    func chunking(chunk: Int) {
        var sweep = SectorSweep(seed: 9, lines: 1000)
        while !sweep.isDone { sweep.advance(by: chunk) }
        #expect(sweep.result == SectorSweep.sweep(seed: 9, lines: 1000))
    }

    @Test("Different seeds give different sectors")
    func seedsDiffer() {
        #expect(SectorSweep.sweep(seed: 1, lines: 64) != SectorSweep.sweep(seed: 2, lines: 64))
    }

    @Test("An empty sector is nearly free but still has an identity")
    func emptySector() {
        let a = SectorSweep.sweep(seed: 1, lines: 0)
        let b = SectorSweep.sweep(seed: 2, lines: 0)
        #expect(a.signals == 0)
        #expect(a.checksum != b.checksum)
    }

    @Test("The detector finds stars and ignores background noise")
    func detection() {
        let result = SectorSweep.sweep(seed: 3, lines: 2000)
        let pixels = 2000 * SectorSweep.width
        // About one pixel in 512 is a star; each lights up its centre and at most its neighbours.
        #expect(result.signals > pixels / 2048)
        #expect(result.signals < pixels / 16)
    }

    @Test("A planned failure stops the scan with its named error")
    func plannedFailure() async throws {
        let config = quick(failureRate: 1)
        let plan = config.plan(0)
        let failure = try #require(plan.failure)
        let outcome = await ScanTask(plan: plan).run()
        #expect(outcome == .failure(.failed(failure.failure)))
    }

    @Test("A cancelled scan stops at its next check instead of finishing")
    func cancellation() async {
        let plan = quick(failureRate: 0, work: 50_000_000).plan(0)
        let task = Task { await ScanTask(plan: plan).run() }
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
    }
}

@Suite("The engine's non-suspending scan path")
struct ShortScanTests {
    @Test("A scan too short to yield runs whole without suspending, with run()'s outcome",
          arguments: [0, 1, 255, 256, 257, ScanTask.linesPerYield - 1])
    func shortScanMatchesRun(lines: Int) async {
        for failureRate in [0.0, 1.0] {
            let config = quick(failureRate: failureRate, work: lines)
            for index in 0..<8 {
                let task = ScanTask(plan: config.plan(index))
                let outcome = task.runWithoutSuspending()
                #expect(outcome != nil)
                #expect(outcome == (await task.run()))
            }
        }
    }

    @Test("A scan long enough to yield is left to run()")
    func longScanIsDeclined() {
        let task = ScanTask(plan: quick(failureRate: 0, work: ScanTask.linesPerYield).plan(0))
        #expect(task.runWithoutSuspending() == nil)
    }

    @Test("A cancelled short scan ends cancelled")
    func cancelledShortScan() async {
        let plan = quick(failureRate: 0, work: 10).plan(0)
        let task = Task {
            // Cancellation is seen by the first check however fast the scan is.
            withUnsafeCurrentTask { $0?.cancel() }
            return ScanTask(plan: plan).runWithoutSuspending()
        }
        #expect(await task.value == .failure(.cancelled))
    }
}

@Suite("Latency and throughput recording")
struct RecordingTests {
    @Test("Latencies beyond the 64-bit fast path record the same as short ones scaled")
    func longLatencies() {
        var recorder = LatencyRecorder()
        // 20 s does not fit 64-bit attoseconds (about 9.2 s); 3 ms does.
        for _ in 0..<10 { recorder.record(wait: .seconds(20)) }
        for _ in 0..<90 { recorder.record(wait: .milliseconds(3)) }
        let waits = recorder.waitPercentiles
        #expect(abs(waits.p50 - 3) < 0.05)
        #expect(abs(waits.p95 - 20_000) < 250)
    }

    @Test("Neighbouring microseconds stay apart, and long runs of one value move the median")
    func histogramValues() {
        var alternating = LatencyRecorder()
        for index in 0..<100 { alternating.record(run: .microseconds(index % 5 < 3 ? 3 : 2)) }
        #expect(alternating.runPercentiles.p50 == 0.003)
        #expect(alternating.runCount == 100)
        var recorder = LatencyRecorder()
        for step in 0..<5_000 { recorder.record(run: .microseconds(Int64(10_000 + step * 3))) }
        for _ in 0..<50_000 { recorder.record(run: .microseconds(500)) }
        #expect(abs(recorder.runPercentiles.p50 - 0.5) < 0.002)
    }

    @Test("Finishes out of time order still land in their own buckets")
    func outOfOrderFinishes() {
        var meter = ThroughputMeter()
        let times: [Duration] = [.milliseconds(10), .milliseconds(260), .milliseconds(20), .seconds(6), .milliseconds(30)]
        for time in times { meter.record(at: time) }
        #expect(meter.total == 5)
        // At 6.1 s only the finish at 6 s is within the last five seconds.
        #expect(abs(meter.recentRate(at: .milliseconds(6100)) - 1.0 / 5) < 0.001)
        // At 0.3 s the first four buckets hold the four early finishes.
        var early = ThroughputMeter()
        for time in times where time < .seconds(1) { early.record(at: time) }
        #expect(abs(early.recentRate(at: .milliseconds(300)) - 4 / 0.3) < 0.01)
    }
}
