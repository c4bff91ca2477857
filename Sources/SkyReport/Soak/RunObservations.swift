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
    /// Why the events file could not be written, if it could not.
    public var eventsFailure: String?
    /// The signal that stopped the run, if any.
    public var signal: Int32?

    public init(intervals: [IntervalFigures] = [], throttle: ThrottleWarning? = nil, eventsDropped: Int = 0, signal: Int32? = nil) {
        self.intervals = intervals
        self.throttle = throttle
        self.eventsDropped = eventsDropped
        self.signal = signal
    }

    /// How the events file fell short of the run, if it did: `1204 events were left out (it could
    /// not keep up)` or `a write failed (No space left on device)`.
    public var eventsLoss: String? {
        if let eventsFailure { return "a write failed (\(eventsFailure))" }
        guard eventsDropped > 0 else { return nil }
        return "\(eventsDropped) event\(eventsDropped == 1 ? " was" : "s were") left out (it could not keep up)"
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
