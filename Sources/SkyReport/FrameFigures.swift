import SkyFormat

/// How steadily the dashboard drew while scans ran: the gaps between frames, for the summary of
/// a dashboard run (a gap over 50 ms, even with every core busy, is a stall a viewer sees).
public struct FrameFigures: Codable, Equatable, Sendable {
    /// Frames drawn while the run was running.
    public var frames: Int
    public var gapP50Ms: Double
    public var gapP99Ms: Double
    public var gapMaxMs: Double
    /// CPU time the dashboard's thread used over the whole run: what drawing cost the scans.
    public var cpuSeconds: Double
    /// `cpuSeconds` as a share of every core over the run's wall time.
    public var cpuShare: Double
    /// The longest the actor's counters trailed the scans' own count of their finishes, as the
    /// dashboard measured it frame by frame.
    public var counterLagMaxMs: Double

    public init(
        frames: Int, gapP50Ms: Double, gapP99Ms: Double, gapMaxMs: Double, cpuSeconds: Double, cpuShare: Double,
        counterLagMaxMs: Double = 0
    ) {
        self.frames = frames
        self.gapP50Ms = gapP50Ms
        self.gapP99Ms = gapP99Ms
        self.gapMaxMs = gapMaxMs
        self.cpuSeconds = cpuSeconds
        self.cpuShare = cpuShare
        self.counterLagMaxMs = counterLagMaxMs
    }

    /// `dashboard: 181 frames, gap between frames p50 33.0 ms, p99 35.8 ms, max 41.9 ms; 0.05 s CPU (0.3% of the cores)`
    public var line: String {
        "dashboard: \(frames) frames, gap between frames p50 \(FixedPoint.fixed(gapP50Ms, places: 1)) ms, "
            + "p99 \(FixedPoint.fixed(gapP99Ms, places: 1)) ms, max \(FixedPoint.fixed(gapMaxMs, places: 1)) ms; "
            + "\(FixedPoint.fixed(cpuSeconds, places: 2)) s CPU (\(FixedPoint.fixed(cpuShare * 100, places: 1))% of the cores); "
            + "counters lagged the scans by at most \(FixedPoint.fixed(counterLagMaxMs, places: 0)) ms"
    }
}
