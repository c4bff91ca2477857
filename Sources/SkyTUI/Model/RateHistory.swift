import SkyCore

/// Scans finished per second, a column per second of the run, for the throughput sparkline.
///
/// Sampled from the snapshots the dashboard already reads. Frames rarely land on a whole second,
/// so the finishes at each whole second are interpolated between the frames either side of it:
/// each column is then the finishes between two whole seconds, and the columns and the part of a
/// second since the newest one add up to every finish counted. A rate over any longer window
/// (the last five seconds, the whole run) is so a weighted average of columns and that part, and
/// never reads above the highest of them. The ring is fixed, so a run of days costs what a run of
/// seconds does.
public struct RateHistory: Equatable, Sendable {
    public static let interval: Duration = .seconds(1)
    public static let capacity = 240
    /// After the run, a last part-second shorter than this is joined to the whole second before
    /// it: the run ends on a finish, so a short last stretch always holds one, and its rate alone
    /// would be a spike that says more about where the second began than about the run.
    public static let shortestClosingColumn: Duration = .milliseconds(500)

    private var ring: [Double] = []
    private var head = 0
    /// The end of the newest column: a whole number of seconds.
    private var sampledTo: Duration = .zero
    /// Finishes up to `sampledTo`, interpolated between the frames either side of it.
    private var finishedAtSample: Double = 0
    /// The latest frame's count of finished scans, and its time.
    private var latestFinished = 0
    private var latestAt: Duration = .zero
    /// The highest column of the run, including those the ring no longer holds.
    public private(set) var highestColumn: Double?

    public init() {}

    /// Takes the count of finished scans at `elapsed`; adds a column for each whole second passed.
    public mutating func observe(finished: Int, at elapsed: Duration) {
        guard elapsed >= latestAt else { return }
        let seconds = Int((elapsed - sampledTo) / Self.interval)
        if seconds > 0 {
            // Between the latest frame and this one, finishes are taken to come at a steady rate.
            // The first new second began before the latest frame; every later one lies between the
            // two frames, so a long gap (a suspended process) spreads its rate over the gap.
            let rate = Double(finished - latestFinished) / (elapsed - latestAt).seconds
            let (fromFinished, fromTime) = (Double(latestFinished), latestAt)
            let finishedAt = { (time: Duration) in fromFinished + rate * (time - fromTime).seconds }
            append(finishedAt(sampledTo + Self.interval) - finishedAtSample)
            for _ in 0..<min(seconds - 1, Self.capacity) { append(rate) }
            sampledTo += Self.interval * seconds
            finishedAtSample = finishedAt(sampledTo)
        }
        (latestFinished, latestAt) = (finished, elapsed)
    }

    /// Columns, oldest first; the last `count` of them if asked.
    public func samples(last count: Int = capacity) -> [Double] {
        let ordered = ring.count < Self.capacity ? ring : Array(ring[head...] + ring[..<head])
        return Array(ordered.suffix(max(0, count)))
    }

    /// The part of a second since the newest column, as of the latest frame.
    public var partial: ScanRate? {
        let length = latestAt - sampledTo
        guard length > .zero else { return nil }
        return ScanRate(finishes: Double(latestFinished) - finishedAtSample, over: length)
    }

    /// Finishes per second over the last `window` (the run so far while it is younger): the part
    /// of a second since the newest column, then columns back to the window's start, the oldest
    /// in part. `nil` before any time has passed. Unlike the engine's figure, which is recomputed
    /// only when a scan finishes, this falls while nothing finishes.
    public func recentRate(over window: Duration) -> ScanRate? {
        var finishes = partial?.finishes ?? 0
        var length = partial?.window ?? .zero
        for column in samples().reversed() where length < window {
            let part = min(Self.interval, window - length)
            finishes += column * part.seconds
            length += part
        }
        guard length > .zero else { return nil }
        return ScanRate(finishes: finishes, over: length)
    }

    /// Once the run has ended: the columns it ended with, the last `count` of them. The last is
    /// the part-second after the newest whole column, over its own length, or, when that is
    /// shorter than `shortestClosingColumn`, that part with the whole second before it.
    public func closingColumns(last count: Int) -> (columns: [Double], closing: ScanRate?) {
        var columns = samples()
        guard let partial else { return (Array(columns.suffix(max(0, count))), nil) }
        var closing = partial
        if partial.window < Self.shortestClosingColumn, let second = columns.popLast() {
            closing = ScanRate(finishes: partial.finishes + second * Self.interval.seconds, over: partial.window + Self.interval)
        }
        columns.append(closing.perSecond)
        return (Array(columns.suffix(max(0, count))), closing)
    }

    private mutating func append(_ column: Double) {
        highestColumn = max(highestColumn ?? column, column)
        if ring.count < Self.capacity {
            ring.append(column)
        } else {
            ring[head] = column
            head = (head + 1) % Self.capacity
        }
    }
}
