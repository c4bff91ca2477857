/// Where a run is.
public enum RunPhase: Equatable, Sendable {
    case ready
    case running
    /// Running scans finish; no new ones start.
    case paused
    /// Cancellation was asked for; running scans are stopping.
    case stopping(RunEnding)
    case finished(RunEnding)

    public var isFinished: Bool {
        if case .finished = self { return true }
        return false
    }

    /// The phase in words, for a message: `stopping (cancelled)`, `finished as drained`.
    public var described: String {
        switch self {
        case .ready: "not started"
        case .running: "running"
        case .paused: "paused"
        case .stopping(let ending): "stopping (\(ending.name))"
        case .finished(let ending): "finished as \(ending.name)"
        }
    }
}

/// How a run ended.
public enum RunEnding: Equatable, Sendable {
    /// Every scan reached completed or failed.
    case drained
    /// Cancelled from outside (a key, a signal, `cancel()`).
    case cancelled
    /// `--fail-fast`: this scan's failure cancelled the rest.
    case failFast(scan: Int)
    /// `--errors throw`: this scan's failure was thrown (out of the task group, which cancelled
    /// the rest and discarded the results it held; or out of the serial loop, so that no scan
    /// started after it).
    case thrown(scan: Int)
    /// `--duration` ran out: no scan started after it, the running ones finished, and the scans
    /// still waiting in the ready queue (at most one batch) were cancelled.
    case timeUp
    /// `--take`: the run's consumer took that many results and stopped taking. What became of the
    /// scans still running is the strategy's to show: a stream's producer is cancelled by the
    /// stream's `onTermination`.
    case taken

    /// The name used in the JSON summary and the events file.
    public var name: String {
        switch self {
        case .drained: "drained"
        case .cancelled: "cancelled"
        case .failFast: "fail_fast"
        case .thrown: "thrown"
        case .timeUp: "time_up"
        case .taken: "taken"
        }
    }

    /// The ending `name` names, with the scan that `failFast` and `thrown` need.
    public init?(name: String, scan: Int?) {
        switch (name, scan) {
        case ("drained", nil): self = .drained
        case ("cancelled", nil): self = .cancelled
        case ("fail_fast", let scan?): self = .failFast(scan: scan)
        case ("thrown", let scan?): self = .thrown(scan: scan)
        case ("time_up", nil): self = .timeUp
        case ("taken", nil): self = .taken
        default: return nil
        }
    }

    /// The scan whose failure ended the run, if one did.
    public var scan: Int? {
        switch self {
        case .failFast(let scan), .thrown(let scan): scan
        case .drained, .cancelled, .timeUp, .taken: nil
        }
    }

    /// Whether a failure ended the run (exit status 1).
    public var isFailure: Bool {
        switch self {
        case .failFast, .thrown: true
        case .drained, .cancelled, .timeUp, .taken: false
        }
    }
}

/// The plain-value part of a snapshot: counters, rates, latencies.
public struct RunProgress: Equatable, Sendable {
    public var counters = ScanCounters()
    public var byPriority = PerPriority(repeating: ScanCounters())
    /// The batch in force now (it can change while running).
    public var batch: Int
    /// The most scans ever running at once.
    public var maxRunning = 0
    /// An order-independent fold of every completed scan's checksum.
    public var checksum: UInt64 = 0
    /// The priorities of the most recent scans to finish, newest last.
    public var finishOrder = PriorityTrail()
    public var configuration: RunConfiguration
    public var phase: RunPhase = .ready
    /// Time since the run started, as of this snapshot (see `ScanSnapshot.liveElapsed(at:)` for a live figure).
    public var elapsed: Duration = .zero
    /// Scans finished (completed or failed) per second over the last `recentRateWindow` (the run
    /// so far, while it is younger).
    public var recentRate = 0.0
    public var meanRate = 0.0
    /// The span of `recentRate`: five seconds.
    public static var recentRateWindow: Duration { ThroughputMeter.window }
    public var waitLatency = LatencyPercentiles.zero
    public var runLatency = LatencyPercentiles.zero
    /// The same run times in fixed buckets, for the metrics file's histogram.
    public var runBuckets = RunTimeBuckets()
    /// Scans executing on a pool thread at the moment of reading (between two of their yields),
    /// as the reading saw them (`ThreadReading`); filled in by `ScanModel.snapshot()`. Running
    /// scans beyond this wait for a thread.
    public var onThread = 0
    /// Whether `onThread` is the whole count; otherwise a scan got or left a thread while it was
    /// read, and `onThread` counts the ones seen, at least that many.
    public var onThreadIsExact = true
    /// The most scans any reading has seen executing on threads together. Every snapshot reads
    /// (the dashboard each frame, a run without it every 20 ms, and the run's last one), so scans
    /// that were on threads together only between two readings are not in it.
    public var mostSeenOnThread = 0
    /// `--strategy unstructured`: tasks still running when the loop that started them returned,
    /// `nil` until it has; with `--task-bag`, the bag cancelled them.
    public var leftRunning: Int?
    /// `--catalogue`: the catalogue's count against its calls, once the run has ended.
    public var catalogue: CatalogueTally?
    /// `--strategy reduce`: what the group's `reduce` returned, once it has.
    public var fold: GroupFold?
    /// `--errors throw`: results that children finished but the group discarded when it threw.
    public var discarded = 0
    /// When the run began to stop (its `stopping` event), `nil` until then: with `--cancel-after`,
    /// how late the cancel's timer reached the run.
    public var stoppingAt: Duration?
    /// After a cancellation, how long the last running scan took to stop (or, in a serial run's
    /// gap, the loop's sleep); `nil` until then.
    public var stoppedIn: Duration?
    /// `--spacing`: while the serial loop sleeps between two scans, when its sleep ends, measured
    /// from the start of the run; `nil` outside a gap.
    public var gapEnds: Duration?
    /// The stop came while the serial loop slept in a gap: `stoppedIn` measures its sleep.
    public var stoppedInGap = false
    /// With `--ignore-cancellation`: after a cancellation, how long the last running scan that
    /// checks for cancellation took to stop; the ones that never check are in `stoppedIn` only.
    public var checkingStoppedIn: Duration?
    /// Scans completed and failed as their own children counted them, read at the moment of the
    /// snapshot with no hop to the actor; filled in by `ScanModel.snapshot()`. Ahead of `counters`
    /// while the actor waits for a thread.
    public var direct = DirectCounts()
    /// What the started scans read of their priorities, counted as the book takes their ends.
    public var priorityReadings = PriorityReadings()
    /// `--duration` has run out: no more scans start; the running ones finish.
    public var timeUp = false
    /// The latest verification failure, if any (`counters.verificationFailures` counts them all).
    public var lastVerificationFailure: VerificationRecord?

    public init(configuration: RunConfiguration) {
        self.configuration = configuration
        batch = configuration.window
    }

    /// Adds completed scan `scan`'s result checksum to `checksum`: an XOR of mixed per-scan
    /// checksums, so the same scans give the same value in any order.
    @inline(__always)
    public mutating func foldChecksum(_ result: UInt64, of scan: Int) {
        checksum ^= Self.checksumShare(result, of: scan)
    }

    /// What completed scan `scan`'s result checksum adds to the run's (by XOR), so a reader of the
    /// events can fold the same figure.
    @inline(__always)
    public static func checksumShare(_ result: UInt64, of scan: Int) -> UInt64 {
        SplitMix64.mix(result ^ UInt64(truncatingIfNeeded: scan))
    }
}

/// Finishes counted by the scans' children themselves (see `RunProgress.direct`), and what the
/// children of the scans holding a slot say of themselves.
public struct DirectCounts: Equatable, Sendable {
    public var completed = 0
    public var failed = 0
    public var verificationFailures = 0
    /// Scans holding a slot whose child has begun and not ended: running, as the children know it.
    /// A child the actor has added but the pool has not yet run is not among them.
    public var running = 0
    /// Scans holding a slot whose child has already ended: the actor has yet to book the end, or,
    /// in a stream run, the result waits in the stream.
    public var endedInSlot = 0

    /// As `ScanCounters.finished`.
    public var finished: Int {
        ScanCounters.finished(completed: completed, failed: failed, verificationFailures: verificationFailures)
    }
}

/// A consistent picture of a run, readable from any thread. Progress fields read through, so
/// `snapshot.counters` is `snapshot.progress.counters`.
@dynamicMemberLookup
public struct ScanSnapshot: Equatable, Sendable {
    public var progress: RunProgress
    /// One entry per slot; `nil` is a free slot.
    public var slots: [SlotOccupancy?]
    /// The most recent failures, oldest first (at most `ScanModel.recentErrorLimit`).
    public var recentErrors: [ScanErrorRecord] = []
    /// When the run started; `nil` before it starts. Here rather than in `RunProgress`, which the
    /// run book changes for every scan: `ContinuousClock.Instant` comes from a resilient library,
    /// so a struct that holds one has no fixed layout, and every access to it goes through the
    /// runtime (docs/scan-cost.md, the engine row).
    public var startedAt: ContinuousClock.Instant?
    /// With verification: per CPU core, the scans verified and the mismatches, as the children
    /// counted them (filled in by `ScanModel.snapshot()`); empty arrays otherwise, and in a replay.
    /// Here rather than in `RunProgress`, which the run book copies and changes for every scan.
    public var coreCounts = CoreCounts()

    public init(configuration: RunConfiguration) {
        progress = RunProgress(configuration: configuration)
        slots = Array(repeating: nil, count: configuration.window)
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<RunProgress, Value>) -> Value {
        progress[keyPath: keyPath]
    }

    /// Time since the run started as of `now`, for displays that tick between scheduling steps;
    /// frozen at the final figure once the run has finished.
    public func liveElapsed(at now: ContinuousClock.Instant) -> Duration {
        guard let startedAt, !progress.phase.isFinished else { return progress.elapsed }
        return max(progress.elapsed, now - startedAt)
    }

    /// With `--duration`: the time left before scans stop starting, at the live elapsed time
    /// `elapsed`; zero once it has run out; `nil` for a run without a duration.
    public func remaining(at elapsed: Duration) -> Duration? {
        guard let duration = progress.configuration.duration else { return nil }
        if progress.timeUp || progress.phase.isFinished { return .zero }
        return max(.zero, duration - elapsed)
    }
}
