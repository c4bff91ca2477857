import SkyCore

/// Scans finished per second, one sample a second, for the throughput sparkline.
///
/// Sampled from the snapshots the dashboard already reads: each sample is the finishes counted
/// since the previous sample over the time between them. The ring is fixed, so a run of days
/// costs what a run of seconds does.
public struct RateHistory: Equatable, Sendable {
    public static let interval: Duration = .seconds(1)
    public static let capacity = 240

    private var ring: [Double] = []
    private var head = 0
    private var lastFinished = 0
    private var lastSampleAt: Duration = .zero
    /// The latest observation, part way into the next sample.
    private var latestFinished = 0
    private var latestAt: Duration = .zero

    public init() {}

    /// Takes the count of finished scans at `elapsed`; adds one sample per whole interval passed.
    public mutating func observe(finished: Int, at elapsed: Duration) {
        (latestFinished, latestAt) = (finished, elapsed)
        let span = elapsed - lastSampleAt
        guard span >= Self.interval else { return }
        let rate = Double(finished - lastFinished) / span.seconds
        let intervals = Int(span / Self.interval)
        // A long gap between frames (a suspended process) spreads its rate over the gap.
        for _ in 0..<min(intervals, Self.capacity) { append(rate) }
        lastFinished = finished
        lastSampleAt += Self.interval * intervals
    }

    /// Samples, oldest first; the last `count` of them if asked.
    public func samples(last count: Int = capacity) -> [Double] {
        let ordered = ring.count < Self.capacity ? ring : Array(ring[head...] + ring[..<head])
        return Array(ordered.suffix(max(0, count)))
    }

    /// Finishes per second over the last `seconds` whole samples and the part of a second since
    /// (less early in a run); `nil` before any time has passed. Unlike the engine's figure, which
    /// is recomputed only when a scan finishes, this falls while nothing finishes.
    public func recentRate(over seconds: Int) -> Double? {
        let whole = samples(last: seconds)
        let partial = latestAt - lastSampleAt
        let span = Double(whole.count) * Self.interval.seconds + partial.seconds
        guard span > 0 else { return nil }
        // Each sample is a rate over one interval, so rate × interval is its finishes.
        let finishes = whole.reduce(0, +) * Self.interval.seconds + Double(latestFinished - lastFinished)
        return finishes / span
    }

    private mutating func append(_ rate: Double) {
        if ring.count < Self.capacity {
            ring.append(rate)
        } else {
            ring[head] = rate
            head = (head + 1) % Self.capacity
        }
    }
}
