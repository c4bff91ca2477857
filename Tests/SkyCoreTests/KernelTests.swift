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

    @Test("Latencies held back while they share a bucket give the histogram every value recorded")
    func heldBackLatencies() {
        var recorder = LatencyRecorder()
        var reference = Histogram<UInt64>(
            lowestDiscernibleValue: 1, highestTrackableValue: 86_400_000_000, numberOfSignificantValueDigits: .two)
        var recorded: UInt64 = 0
        func record(_ micros: UInt64) {
            recorder.record(run: .microseconds(Int64(micros)))
            _ = reference.record(micros)
            recorded += 1
        }
        func expectSame() {
            let runs = recorder.runPercentiles
            #expect(recorder.runCount == reference.totalCount)
            #expect(runs.p50 == Double(reference.valueAtPercentile(50)) / 1000)
            #expect(runs.p95 == Double(reference.valueAtPercentile(95)) / 1000)
            #expect(runs.p99 == Double(reference.valueAtPercentile(99)) / 1000)
        }
        var state: UInt64 = 7
        func next() -> UInt64 {
            state &+= 1
            return SplitMix64.mix(state)
        }
        // Short scans: exact microseconds, in runs of every length, including one.
        for _ in 0..<1_000 {
            let micros = 1 + next() % 200
            for _ in 0..<(1 + next() % 6) { record(micros) }
            // A reader in the middle of a run must see the values held back so far.
            if next() % 10 == 0 { #expect(recorder.runCount == recorded) }
        }
        expectSame()
        // Neighbouring microseconds stay apart: 3 µs is the median of these.
        var alternating = LatencyRecorder()
        for index in 0..<100 { alternating.record(run: .microseconds(index % 5 < 3 ? 3 : 2)) }
        #expect(alternating.runPercentiles.p50 == 0.003)
        // Waits of scans admitted together: slowly growing, many to a bucket 64 µs wide.
        for step in 0..<5_000 { record(10_000 + UInt64(step) * 3) }
        expectSame()
        // One long run, all of it still held back when the reader asks: it is most of what was
        // recorded, so it must move the median.
        for _ in 0..<50_000 { record(500) }
        expectSame()
        #expect(abs(recorder.runPercentiles.p50 - 0.5) < 0.002)
    }

    @Test("The recorder's buckets are the histogram's own")
    func bucketsMatchTheHistogram() {
        let histogram = Histogram<UInt64>(
            lowestDiscernibleValue: 1, highestTrackableValue: 86_400_000_000, numberOfSignificantValueDigits: .two)
        var values: [UInt64] = Array(1...5_000)
        // Both ends of every power of two up to a day, and values in between.
        var power: UInt64 = 1
        while power <= 86_400_000_000 {
            values += [power - 1, power, power + 1, power * 3 / 2]
            power <<= 1
        }
        values += [86_399_999_999, 86_400_000_000]
        for value in values where value >= 1 {
            let (low, width) = LatencyRecorder.bucket(of: value)
            #expect(low == histogram.lowestEquivalentForValue(value), "value \(value)")
            #expect(low + width == histogram.nextNonEquivalentForValue(value), "value \(value)")
        }
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
