/// How long and how often each part of the bench measures: the full bench, or `--quick`.
///
/// Sizes are times, not counts: the kernel's speed is measured first and every workload is sized
/// from it, so a debug build (or a sanitizer's) takes about as long as a release build.
public struct BenchPlan: Equatable, Sendable {
    /// The accepted `--rounds`: at least three, for a median with a spread.
    public static let roundsRange = 3...50

    /// Cores the runs may use; the batches and the ideal speed-up come from it.
    public var cores: Int
    public var quick: Bool
    /// Interleaved repetitions of every measurement.
    public var rounds: Int
    /// Calibration sweeps at least this long to learn the kernel's speed.
    var calibration: Duration
    /// One timed sweep of each kernel, Swift and C.
    var kernelSample: Duration
    /// One scan of the scaling and dashboard runs, on one core.
    var scanTime: Duration
    /// One run of the scaling measurement, at any batch.
    var scalingRun: Duration
    /// Scans in one engine-overhead run (at `--work 0`, so a count, not a time).
    var emptyScans: Int
    /// Rounds of the engine-overhead runs: three times `rounds`. One round takes about a second,
    /// and the ratio of a single round scatters by a fifth either way, as the pool's idle thread
    /// sleeps or does not; a median of five would move by more than the target's margin.
    var engineRounds: Int { 3 * rounds }
    /// One run with, or without, the dashboard.
    var dashboardRun: Duration
    /// The dashboard's pseudo-terminal: the README's canonical 100×30.
    public var terminalWidth = 100
    public var terminalHeight = 30
    /// Every run's seed: the same scans for every compared pair.
    var seed: UInt64 = 1

    public init(cores: Int, quick: Bool, rounds: Int? = nil) {
        precondition(cores >= 1, "a machine has at least one core")
        self.cores = cores
        self.quick = quick
        // Each size for --quick, then for the full bench.
        self.rounds = rounds ?? (quick ? 3 : 5)
        calibration = quick ? .milliseconds(5) : .milliseconds(50)
        kernelSample = quick ? .milliseconds(20) : .milliseconds(250)
        scanTime = quick ? .milliseconds(10) : .milliseconds(50)
        scalingRun = quick ? .milliseconds(150) : .milliseconds(1500)
        emptyScans = quick ? 2_000 : 100_000
        dashboardRun = quick ? .milliseconds(400) : .seconds(3)
        precondition(Self.roundsRange.contains(self.rounds), "rounds out of range")
    }

    /// The scaling batches: 1, 2, 4 … up to twice the cores, with the core count itself, whose
    /// efficiency is the target.
    public var batches: [Int] {
        var batches: Set = [1, cores, 2 * cores]
        var batch = 2
        while batch < 2 * cores {
            batches.insert(batch)
            batch *= 2
        }
        return batches.sorted()
    }

    /// The batch of the load, engine and dashboard runs: one scan per core.
    var fullBatch: Int { min(cores, 4096) }

    /// Scans for a run of about `duration` at `batch`, whole rounds of the batch so that no slot
    /// idles at the end while others finish.
    func scans(lasting duration: Duration, batch: Int) -> Int {
        let perScan = duration / scanTime * Double(min(batch, cores))
        let rounds = max(1, Int((perScan / Double(batch)).rounded()))
        return rounds * batch
    }
}
