/// How steadily the dashboard drew while scans ran: the gaps between frames, for the summary of
/// a dashboard run (the bar is 50 ms even with every core busy).
public struct FrameFigures: Codable, Equatable, Sendable {
    /// Frames drawn while the run was running.
    public var frames: Int
    public var gapP50Ms: Double
    public var gapP99Ms: Double
    public var gapMaxMs: Double

    public init(frames: Int, gapP50Ms: Double, gapP99Ms: Double, gapMaxMs: Double) {
        self.frames = frames
        self.gapP50Ms = gapP50Ms
        self.gapP99Ms = gapP99Ms
        self.gapMaxMs = gapMaxMs
    }

    enum CodingKeys: String, CodingKey {
        case frames
        case gapP50Ms = "gap_p50_ms"
        case gapP99Ms = "gap_p99_ms"
        case gapMaxMs = "gap_max_ms"
    }

    /// `dashboard: 181 frames, gap between frames p50 33.3 ms, p99 34.0 ms, max 36.1 ms`
    public var line: String {
        "dashboard: \(frames) frames, gap between frames p50 \(FixedPoint.fixed(gapP50Ms, places: 1)) ms, "
            + "p99 \(FixedPoint.fixed(gapP99Ms, places: 1)) ms, max \(FixedPoint.fixed(gapMaxMs, places: 1)) ms"
    }
}
