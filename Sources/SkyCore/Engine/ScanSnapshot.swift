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
}

/// How a run ended.
public enum RunEnding: Equatable, Sendable {
    /// Every scan reached completed or failed.
    case drained
    /// Cancelled from outside (a key, a signal, `cancel()`).
    case cancelled
    /// `--fail-fast`: this scan's failure cancelled the rest.
    case failFast(scan: Int)
    /// `--errors throw`: this scan's failure was thrown out of the task group, which cancelled
    /// the rest and discarded the results it held.
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
    /// Scans finished (completed or failed) per second over the last five seconds.
    public var recentRate = 0.0
    public var meanRate = 0.0
    public var waitLatency = LatencyPercentiles.zero
    public var runLatency = LatencyPercentiles.zero
    /// Scans executing on a pool thread at the moment of reading (between two of their yields);
    /// filled in by `ScanModel.snapshot()`. Running scans beyond this wait for a thread.
    public var onThread = 0
    /// The most scans ever executing on threads at once.
    public var peakOnThread = 0
    /// `--strategy unstructured`: tasks still running when the loop that started them returned,
    /// `nil` until it has; with `--task-bag`, the bag cancelled them.
    public var leftRunning: Int?
    /// `--catalogue`: the catalogue's count against its calls, once the run has ended.
    public var catalogue: CatalogueTally?
    /// `--errors throw`: results that children finished but the group discarded when it threw.
    public var discarded = 0
    /// After a cancellation, how long the last running scan took to stop; `nil` until then.
    public var stoppedIn: Duration?
    /// With `--ignore-cancellation`: after a cancellation, how long the last running scan that
    /// checks for cancellation took to stop; the ones that never check are in `stoppedIn` only.
    public var checkingStoppedIn: Duration?
    /// Scans completed and failed as their own children counted them, read at the moment of the
    /// snapshot with no hop to the actor; filled in by `ScanModel.snapshot()`. Ahead of `counters`
    /// while the actor waits for a thread.
    public var direct = DirectCounts()
    /// Started scans whose child ran at another priority than the one it asked for.
    public var priorityShift = PriorityShift()
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
        checksum ^= SplitMix64.mix(result ^ UInt64(truncatingIfNeeded: scan))
    }
}

/// Finishes counted by the scans' children themselves (see `RunProgress.direct`).
public struct DirectCounts: Equatable, Sendable {
    public var completed = 0
    public var failed = 0
    public var verificationFailures = 0

    public init(completed: Int = 0, failed: Int = 0, verificationFailures: Int = 0) {
        self.completed = completed
        self.failed = failed
        self.verificationFailures = verificationFailures
    }

    /// As `ScanCounters.finished`.
    public var finished: Int {
        ScanCounters.finished(completed: completed, failed: failed, verificationFailures: verificationFailures)
    }
}

/// How many started scans the runtime ran above (escalated) or below the priority they asked for,
/// by what `Task.currentPriority` reported inside each scan's child.
public struct PriorityShift: Equatable, Sendable {
    public var raised = 0
    public var lowered = 0

    public init(raised: Int = 0, lowered: Int = 0) {
        self.raised = raised
        self.lowered = lowered
    }

    public enum Direction: Sendable {
        case raised
        case lowered
    }

    /// Whether the runtime ran a scan above or below the priority it asked for; `nil` if at it.
    public static func direction(asked: ScanPriority, observed: TaskPriority) -> Direction? {
        observed > asked.taskPriority ? .raised : observed < asked.taskPriority ? .lowered : nil
    }

    /// Counts one scan's shift, if it had one.
    public mutating func note(asked: ScanPriority, observed: TaskPriority) {
        switch Self.direction(asked: asked, observed: observed) {
        case .raised: raised += 1
        case .lowered: lowered += 1
        case nil: break
        }
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
    /// runtime. In `RunProgress` it cost a fifth of the engine's speed at `--work 0`.
    public var startedAt: ContinuousClock.Instant?

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
