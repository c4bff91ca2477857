public import SkyHost

/// The host's CPUs over a span of the run (an interval, or the whole run): a row per CPU, what the
/// host does not give and why, and the throttle counts' rise.
public struct HostFigures: Equatable, Sendable {
    /// One row per CPU, in CPU order; the dashboard groups them into ranges where space is short.
    public var rows: [CoreRow]
    /// Why some figures are `n/a`, one reason each (`no thermal sensors: virtual machine`).
    public var missing: [String]
    /// How many times the cores and packages were throttled over the span; `nil` where the host
    /// has no `thermal_throttle` counts.
    public var throttle: ThrottleCounts?

    public init(rows: [CoreRow], missing: [String], throttle: ThrottleCounts?) {
        self.rows = rows
        self.missing = missing
        self.throttle = throttle
    }
}

/// What the throttle counts say about a fall in the rate.
public enum ThrottleCause: Equatable, Sendable {
    /// The counts rose over `span` before the warning.
    case counted(ThrottleCounts, over: Duration)
    /// The counts did not rise over `span`: something else slowed the scans.
    case notCounted(over: Duration)
    /// The host has no counts; the reason is `MissingSensor`'s.
    case noCounts(String)

    /// `package throttled 312 times in the last minute`, `cause unknown: …`.
    public var phrase: String {
        switch self {
        case .counted(let rise, let span):
            let package = "package throttled \(rise.package) time\(rise.package == 1 ? "" : "s")"
            let cores = "\(rise.core) time\(rise.core == 1 ? "" : "s")"
            let said = switch (rise.package > 0, rise.core > 0) {
            case (true, true): package + " and cores " + cores
            case (true, false): package
            default: "cores throttled " + cores
            }
            return "thermal throttling: \(said) in \(Self.last(span))"
        case .notCounted(let span): return "cause unknown: the thermal_throttle counts did not rise in \(Self.last(span))"
        case .noCounts(let reason): return "cause unknown (\(reason))"
        }
    }

    /// `the last minute`, `the last 40 s`.
    static func last(_ span: Duration) -> String {
        let seconds = Int(span.seconds.rounded())
        return seconds == 60 ? "the last minute" : "the last \(seconds) s"
    }
}

/// Samples of the host taken as the run goes (at its start, at each interval's close and at its
/// end), turned into the figures of each interval and of the whole run. A pure state machine: the
/// samples and their times come in; it reads no file itself.
///
/// Memory is bounded: the first and the latest sample, and the throttle counts of the last
/// `causeSpan` (one per interval).
public struct HostWatch: Sendable {
    /// A fall in the rate is put down to throttling if the counts rose over this span before it.
    public static let causeSpan: Duration = .seconds(60)

    public let missing: [String]
    public private(set) var first: HostSample?
    public private(set) var latest: HostSample?
    /// Throttle counts by time, oldest first: the newest at or before `causeSpan` ago, and all since.
    private var throttleHistory: [(at: Duration, counts: ThrottleCounts)] = []
    private var latestAt: Duration = .zero

    public init(missing: [String]) {
        self.missing = missing
    }

    /// Takes in `sample`, read at `elapsed`; returns the figures since the sample before (the
    /// interval's), or `nil` for the first sample. `verified` and `mismatches` are the engine's
    /// per-core counts since the start, indexed by CPU.
    @discardableResult
    public mutating func observe(_ sample: HostSample, at elapsed: Duration, verified: [Int], mismatches: [Int]) -> HostFigures? {
        let previous = latest
        if first == nil { first = sample }
        latest = sample
        latestAt = elapsed
        if let counts = sample.throttle {
            throttleHistory.append((elapsed, counts))
            while throttleHistory.count > 1, elapsed - throttleHistory[1].at >= Self.causeSpan { throttleHistory.removeFirst() }
        }
        guard let previous else { return nil }
        return figures(from: previous, to: sample, verified: verified, mismatches: mismatches)
    }

    /// The whole run so far: utilisation from the first sample to the latest, the latest clock
    /// and temperature, the counts given.
    public func run(verified: [Int], mismatches: [Int]) -> HostFigures? {
        guard let first, let latest else { return nil }
        return figures(from: first, to: latest, verified: verified, mismatches: mismatches)
    }

    /// The throttle counts' rise from the first sample to the latest.
    public var throttleSinceStart: ThrottleCounts? {
        guard let now = latest?.throttle, let start = first?.throttle else { return nil }
        return now.since(start)
    }

    /// The share of the host's CPU time stolen from the first sample to the latest.
    public var steal: Double? {
        guard let first, let latest else { return nil }
        return latest.steal(since: first)
    }

    /// Why the rate fell, by the throttle counts' rise over the last `causeSpan` (or the time since
    /// the oldest sample kept, if shorter).
    public var cause: ThrottleCause {
        guard let newest = throttleHistory.last, let oldest = throttleHistory.first else {
            return .noCounts(missing.first { $0.hasPrefix("no thermal_throttle") } ?? "no thermal_throttle counts")
        }
        let rise = newest.counts.since(oldest.counts)
        let span = newest.at - oldest.at
        return rise.core + rise.package > 0 ? .counted(rise, over: span) : .notCounted(over: span)
    }

    private func figures(from earlier: HostSample, to later: HostSample, verified: [Int], mismatches: [Int]) -> HostFigures {
        let throttle = later.throttle.flatMap { now in earlier.throttle.map { now.since($0) } }
        return HostFigures(
            rows: CoreRows.rows(from: earlier, to: later, verified: verified, mismatches: mismatches), missing: missing,
            throttle: throttle)
    }
}
