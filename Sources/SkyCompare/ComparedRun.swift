public import SkyCore
import SkySoak

/// One run of a comparison as its column of the table shows it, read from the run's snapshot and
/// the process's CPU time over the run: final once the run has finished, live before.
public struct ComparedRun: Equatable, Sendable {
    /// The strategy or error mode the run was given (`ComparedSetting.name`).
    public var name: String
    /// How the run ended; `nil` while it runs.
    public var ending: RunEnding?
    /// The scans the run was asked for; `nil` when time alone bounded it.
    public var total: Int?
    /// The run's wall time: the engine's elapsed time from its start to its end.
    public var wall: Duration
    /// Scans finished (completed, failed or failing verification) per second over the whole run.
    public var scansPerSecond: Double
    /// CPU time the whole process used over the run, every thread, user and system.
    public var cpuSeconds: Double
    /// Cores the process may use.
    public var cores: Int
    /// The most scans running at once (started and not ended, on a thread or waiting for one).
    public var maxRunning: Int
    /// The most scans a reading saw executing on pool threads together.
    public var mostSeenOnThread: Int
    /// Scheduled to started (the actor's book), and each scan's run as its child timed it, in
    /// milliseconds.
    public var wait: LatencyPercentiles
    public var run: LatencyPercentiles
    public var counters: ScanCounters
    /// Scans whose work completed but whose result the run never booked: with `--errors throw`,
    /// the results the group threw away with its error (`RunProgress.discarded`). Every other
    /// strategy and mode books each result that completes, so it loses none.
    public var resultsLost: Int
    /// The order-independent fold of every completed scan's checksum (`RunProgress.checksum`).
    public var checksum: UInt64

    /// The run `snapshot` shows, at `elapsed` (its final elapsed time unless given), with the
    /// process's CPU time since it started.
    public init(name: String, snapshot: ScanSnapshot, elapsed: Duration? = nil, cpuSeconds: Double, cores: Int) {
        self.name = name
        if case .finished(let ending) = snapshot.phase { self.ending = ending }
        total = snapshot.configuration.total
        wall = elapsed ?? snapshot.elapsed
        scansPerSecond = snapshot.meanRate
        self.cpuSeconds = cpuSeconds
        self.cores = cores
        maxRunning = snapshot.maxRunning
        mostSeenOnThread = snapshot.mostSeenOnThread
        wait = snapshot.waitLatency
        run = snapshot.runLatency
        counters = snapshot.counters
        resultsLost = snapshot.discarded
        checksum = snapshot.checksum
    }

    /// The CPU busy share: `cpuSeconds` over `wall` on every core the process may use. 1 is every
    /// core busy for the whole run.
    public var cpuBusyShare: Double {
        ProcessFigures.coreShare(cpuSeconds: cpuSeconds, over: wall, cores: cores)
    }

    /// Whether the run ran every scan it was given: only then is the set of scans it completed
    /// the seed's alone, the same for every strategy and error mode. An `async-let` run that left
    /// scans unawaited ends drained with those cancelled.
    public var drained: Bool { ending == .drained && counters.cancelled == 0 }

    /// How the run ended, in a few words: `drained`, `thrown at scan 8`, `running`.
    public var endingText: String {
        switch ending {
        case nil: "running"
        case .drained: "drained"
        case .cancelled: "cancelled"
        case .timeUp: "time up"
        case .failFast(let scan): "fail-fast at scan \(scan)"
        case .thrown(let scan): "thrown at scan \(scan)"
        case .taken: "taken"
        }
    }
}
