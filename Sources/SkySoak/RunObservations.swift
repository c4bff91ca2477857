import SkyCore
import SkyFormat

/// What the run's loop saw beside the engine's own summary: the reporting intervals, throttling,
/// the files streamed as the run went (events, trace) keeping up, and the signal that stopped the
/// run. The summaries and the verdict read it.
public struct RunObservations: Sendable {
    /// The kept intervals, oldest first (neighbours merged on long runs: see `IntervalRecorder`).
    public var intervals: [IntervalFigures]
    public var throttle: ThrottleWarning?
    /// What the events file lost (nothing if there was none).
    public var events: OutputLoss
    /// What the trace lost; `nil` without `--trace`.
    public var trace: OutputLoss?
    /// What the throttle counts said when the rate first fell (`nil` if it never did).
    public var throttleCause: ThrottleCause?
    /// The signal that stopped the run, if any.
    public var signal: Int32?
    /// Sky's version, the host, and when the run started and ended, so the summaries of a fleet
    /// can be told apart, and tonight's from last week's (`sky fleet`); `nil` until the run ends.
    public var stamp: RunStamp?
    /// Cores the run may use (the affinity mask and the cgroup quota count); `nil` if not known.
    public var cores: Int?
    /// The host's CPUs over the whole run; `nil` where no sample was taken.
    public var host: HostFigures?
    /// The share of the whole host's CPU time the hypervisor stole over the run (`/proc/stat`'s
    /// steal); `nil` if unknown.
    public var hostSteal: Double?
    /// How busy the rest of the machine was over the run; `nil` if unknown or too short to weigh.
    public var hostLoad: HostLoad?
    /// Other outputs that fell short, each as one line: the metrics file, stdout.
    public var otherLosses: [String] = []

    public init(
        intervals: [IntervalFigures] = [], throttle: ThrottleWarning? = nil, throttleCause: ThrottleCause? = nil,
        eventsDropped: Int = 0, traceDropped: Int? = nil, signal: Int32? = nil, host: HostFigures? = nil, hostSteal: Double? = nil,
        stamp: RunStamp? = nil, cores: Int? = nil
    ) {
        self.intervals = intervals
        self.throttle = throttle
        self.throttleCause = throttleCause
        self.host = host
        self.hostSteal = hostSteal
        events = OutputLoss(file: OutputLoss.eventsFile, dropped: eventsDropped)
        trace = traceDropped.map { OutputLoss(file: OutputLoss.traceFile, dropped: $0) }
        self.signal = signal
        self.stamp = stamp
        self.cores = cores
    }

    /// A line for each output that fell short of the run: `the events file is incomplete: …`.
    public var lossLines: [String] { [events.line, trace?.line].compactMap { $0 } + otherLosses }

    /// What makes the run's figures untrustworthy, as observed beside the engine: each output that
    /// fell short, and steal above `Verdict.heavySteal`. (A run cut short is the verdict's to say.)
    public var doubts: [String] {
        guard let hostSteal, hostSteal > Verdict.heavySteal else { return lossLines }
        return lossLines + [
            "the host's hypervisor stole \(FixedPoint.fixed(hostSteal * 100, places: 0))% of its CPU time, "
                + "so the rates tell of the hypervisor, not the host"
        ]
    }

    /// `warning: the rate fell to 3.10 scans/s at 4:12, 15% below the first minute's 3.65 (first
    /// seen at 1:32): thermal throttling: package throttled 312 times in the last minute`, or
    /// `…: cause unknown …` when the throttle counts did not rise (or the host has none).
    public var throttleLine: String? {
        guard let throttle else { return nil }
        return "warning: the rate fell to \(FixedPoint.fixed(throttle.lowestRate, places: 2)) scans/s at "
            + "\(FixedPoint.clock(throttle.lowestAt)), \(FixedPoint.fixed(throttle.drop * 100, places: 0))% below the first minute's "
            + "\(FixedPoint.fixed(throttle.baseline, places: 2)) (first seen at \(FixedPoint.clock(throttle.firstAt))): "
            + (throttleCause ?? .noCounts("no host samples")).phrase
    }

    /// `throttle counts: cores 40, package 312 during the run`; `nil` where the host has none.
    public var throttleCountsLine: String? {
        guard let rise = host?.throttle else { return nil }
        return "throttle counts: cores \(rise.core), package \(rise.package) during the run (thermal_throttle)"
    }
}
