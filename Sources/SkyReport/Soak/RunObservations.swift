import SkyCore

/// What the run's loop saw beside the engine's own summary: the reporting intervals, throttling,
/// the events file keeping up, and the signal that stopped the run. The summaries and the verdict
/// read it.
public struct RunObservations: Sendable {
    /// The kept intervals, oldest first (neighbours merged on long runs: see `IntervalRecorder`).
    public var intervals: [IntervalFigures]
    public var throttle: ThrottleWarning?
    /// Events the events file had to leave out because the disk could not keep up.
    public var eventsDropped: Int
    /// The signal that stopped the run, if any.
    public var signal: Int32?

    public init(intervals: [IntervalFigures] = [], throttle: ThrottleWarning? = nil, eventsDropped: Int = 0, signal: Int32? = nil) {
        self.intervals = intervals
        self.throttle = throttle
        self.eventsDropped = eventsDropped
        self.signal = signal
    }

    /// `warning: the rate fell to 3.10 scans/s at 4:12, 15% below the first minute's 3.65 …`
    public var throttleLine: String? {
        guard let throttle else { return nil }
        return "warning: the rate fell to \(FixedPoint.fixed(throttle.lowestRate, places: 2)) scans/s at "
            + "\(IntervalLine.clock(throttle.lowestAt)), \(FixedPoint.fixed(throttle.drop * 100, places: 0))% below the first minute's "
            + "\(FixedPoint.fixed(throttle.baseline, places: 2)) (first seen at \(IntervalLine.clock(throttle.firstAt))): "
            + "a sign of thermal throttling"
    }
}
