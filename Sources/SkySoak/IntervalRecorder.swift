public import SkyCore

/// One reporting interval of a run: what finished in it, and the run's totals at its end.
public struct IntervalFigures: Equatable, Sendable {
    public var start: Duration
    public var end: Duration
    /// Scans that finished with a result or a fault in the interval (completed, failed, or
    /// failed verification), the same scans the engine's throughput counts.
    public var scans: Int
    /// Cumulative figures at the end of the interval.
    public var totalScans: Int
    public var failed: Int
    public var verificationFailures: Int
    /// Resident memory at the end of the interval; 0 if unknown.
    public var residentBytes: Int
    /// Cores the run may use, for the per-core rate.
    public var cores: Int
    /// The recent rate was more than 10% below the first minute's at the end of the interval.
    public var throttled: Bool

    public var seconds: Double { (end - start).seconds }
    public var scansPerSecond: Double { seconds > 0 ? Double(scans) / seconds : 0 }
    public var scansPerSecondPerCore: Double { scansPerSecond / Double(max(1, cores)) }
    /// The mean since the start of the run.
    public var meanScansPerSecond: Double { end > .zero ? Double(totalScans) / end.seconds : 0 }
}

/// A sign of thermal throttling: the recent rate fell more than `ThrottleWatch.threshold` below
/// the first minute's.
public struct ThrottleWarning: Equatable, Sendable {
    /// Scans per second over the first minute.
    public var baseline: Double
    /// The lowest recent rate seen while below the threshold, and when.
    public var lowestRate: Double
    public var lowestAt: Duration
    /// When the rate first fell below the threshold.
    public var firstAt: Duration
    /// Whether the rate is below the threshold now (it can recover).
    public var active: Bool

    /// How far below the baseline the lowest rate was, as a fraction (0.15 is 15% below).
    public var drop: Double { baseline > 0 ? 1 - lowestRate / baseline : 0 }
}

/// Cuts a run into fixed reporting intervals and watches its rate for throttling, from snapshots
/// polled by the run's loop. A pure state machine: time comes in with each observation.
///
/// Memory is bounded for any run length: at most `limit` intervals are kept, and when there would
/// be more, neighbours are merged in pairs (the kept intervals double in length, and still cover
/// the whole run).
public struct IntervalRecorder: Sendable {
    /// Intervals kept for the summary at most.
    public static let limit = 1024

    public let every: Duration
    public let cores: Int
    public private(set) var intervals: [IntervalFigures] = []
    /// Intervals closed so far, including those since merged.
    public private(set) var closedCount = 0
    public private(set) var throttle = ThrottleWatch()
    private var lastEnd: Duration = .zero
    private var lastScans = 0

    public init(every: Duration, cores: Int) {
        precondition(every > .zero, "an interval must have a length")
        self.every = every
        self.cores = cores
    }

    /// Takes a look at the run at `elapsed`; returns the interval that closed, if one is due.
    /// Cheap when none is: the run's loop calls this many times a second, and `residentBytes`
    /// (a read of `/proc`) is evaluated only when an interval closes.
    public mutating func observe(
        _ snapshot: ScanSnapshot, at elapsed: Duration, residentBytes: @autoclosure () -> Int
    ) -> IntervalFigures? {
        let scans = Self.scans(snapshot.counters)
        throttle.observe(scans: scans, at: elapsed)
        guard elapsed - lastEnd >= every else { return nil }
        return close(snapshot, scans: scans, at: elapsed, residentBytes: residentBytes())
    }

    /// Closes the last, usually shorter, interval when the run ends; `nil` if it would be empty
    /// of time.
    public mutating func finish(_ snapshot: ScanSnapshot, residentBytes: Int) -> IntervalFigures? {
        let end = snapshot.elapsed
        guard end > lastEnd else { return nil }
        return close(snapshot, scans: Self.scans(snapshot.counters), at: end, residentBytes: residentBytes)
    }

    private mutating func close(_ snapshot: ScanSnapshot, scans: Int, at end: Duration, residentBytes: Int) -> IntervalFigures {
        let counters = snapshot.counters
        let interval = IntervalFigures(
            start: lastEnd, end: end, scans: scans - lastScans, totalScans: scans, failed: counters.failed,
            verificationFailures: counters.verificationFailures, residentBytes: residentBytes, cores: cores,
            throttled: throttle.warning?.active ?? false)
        lastEnd = end
        lastScans = scans
        closedCount += 1
        intervals.append(interval)
        if intervals.count > Self.limit { intervals = Self.mergedInPairs(intervals) }
        return interval
    }

    static func mergedInPairs(_ intervals: [IntervalFigures]) -> [IntervalFigures] {
        stride(from: 0, to: intervals.count, by: 2).map { index in
            guard index + 1 < intervals.count else { return intervals[index] }
            var merged = intervals[index + 1]
            merged.start = intervals[index].start
            merged.scans += intervals[index].scans
            merged.throttled = merged.throttled || intervals[index].throttled
            return merged
        }
    }

    private static func scans(_ counters: ScanCounters) -> Int {
        counters.finished
    }
}

/// Compares the recent rate with the first minute's. The recent rate is taken over the last
/// `recentSpan` from one sample a second, in a fixed ring.
public struct ThrottleWatch: Sendable {
    /// The baseline is the rate over the first minute of the run.
    public static let baselineSpan: Duration = .seconds(60)
    /// Thirty seconds: long enough that a few scans more or less are not a 10% swing.
    public static let recentSpan: Duration = .seconds(30)
    public static let threshold = 0.10

    public private(set) var baseline: Double?
    public private(set) var warning: ThrottleWarning?
    /// Finished-scan counts and when they were read, about one a second, the newest last, over
    /// at most `recentSpan`.
    private var samples: [(at: Duration, scans: Int)] = []
    private var nextSample: Duration = .zero

    public init() {}

    /// The rate over about the last `recentSpan`, once that much has been sampled.
    public var recentRate: Double? {
        guard let first = samples.first, let last = samples.last, last.at - first.at >= Self.recentSpan - .seconds(1) else {
            return nil
        }
        return Double(last.scans - first.scans) / (last.at - first.at).seconds
    }

    mutating func observe(scans: Int, at elapsed: Duration) {
        guard elapsed >= nextSample else { return }
        nextSample = elapsed + .seconds(1)
        samples.append((elapsed, scans))
        while let first = samples.first, elapsed - first.at > Self.recentSpan { samples.removeFirst() }
        if baseline == nil, elapsed >= Self.baselineSpan {
            baseline = Double(scans) / elapsed.seconds
        }
        guard let baseline, baseline > 0, let recent = recentRate, elapsed >= Self.baselineSpan + Self.recentSpan else { return }
        let below = recent < baseline * (1 - Self.threshold)
        if below {
            if var warning {
                warning.active = true
                if recent < warning.lowestRate {
                    warning.lowestRate = recent
                    warning.lowestAt = elapsed
                }
                self.warning = warning
            } else {
                warning = ThrottleWarning(baseline: baseline, lowestRate: recent, lowestAt: elapsed, firstAt: elapsed, active: true)
            }
        } else {
            warning?.active = false
        }
    }
}
