import Foundation

/// Everything `sky bench` measured, with the targets each ratio is held to.
public struct BenchFigures: Codable, Equatable, Sendable {
    /// A ratio's target and whether its median meets it.
    public struct Target: Codable, Equatable, Sendable {
        /// The figure's key in this object, e.g. `kernel.ratio`.
        public var figure: String
        public var minimum: Double
        public var median: Double
        public var met: Bool
    }

    public var cores: Int
    public var rounds: Int
    public var quick: Bool
    /// `release` or `debug`: a debug build's figures say nothing about Sky's speed.
    public var build: String
    public var kernel: KernelFigures
    public var scaling: ScalingFigures
    public var engine: EngineFigures
    /// The engine at `--work 0` at batch 2, 64 and 1024. Absent only in figures made before it
    /// was measured.
    public var batching: BatchingFigures?
    /// Absent when there was no pseudo-terminal to draw into.
    public var dashboard: DashboardFigures?
    /// Other processes' CPU time over the whole bench, as a share of wall time × cores: one
    /// reading, not a figure of Sky's, saying how much a shared machine disturbed this run. `nil`
    /// where the system does not report it (as `stealShare`).
    public var othersShare: Double?
    /// The host's steal time (CPU given to other guests) over the whole bench, likewise.
    public var stealShare: Double?
    public var targets: [Target]
    /// With `--baseline FILE`: this bench against the saved one. Set after the bench has run.
    public var baseline: BenchComparison?

    /// What each ratio must reach.
    public static let kernelTarget = 0.9
    public static let efficiencyTarget = 0.95
    /// Scans of no work through the engine against a bare task-group window. The engine books
    /// every scan in a run book that readers share under a lock, which costs about a microsecond
    /// a scan: invisible at the default work (half a second a scan), and the price of an engine a
    /// student can read (docs/performance.md).
    public static let engineTarget = 0.65
    public static let dashboardTarget = 0.98
    /// A scan at batch 1024 may cost at most a fifth more than at batch 2: the rate at 1024 at
    /// least the rate at 2 over 1.2.
    public static let batchingTarget = 1 / 1.2

    enum CodingKeys: String, CodingKey {
        case cores, rounds, quick, build, kernel, scaling, engine, batching, dashboard, targets, baseline
        case othersShare = "others_share"
        case stealShare = "steal_share"
    }

    public init(
        plan: BenchPlan, kernel: KernelFigures, scaling: ScalingFigures, engine: EngineFigures,
        dashboard: DashboardFigures?, batching: BatchingFigures? = nil, othersShare: Double? = nil,
        stealShare: Double? = nil
    ) {
        cores = plan.cores
        rounds = plan.rounds
        quick = plan.quick
        #if DEBUG
        build = "debug"
        #else
        build = "release"
        #endif
        self.kernel = kernel
        self.scaling = scaling
        self.engine = engine
        self.batching = batching
        self.dashboard = dashboard
        self.othersShare = othersShare
        self.stealShare = stealShare
        func target(_ figure: String, _ minimum: Double, _ spread: Spread) -> Target {
            Target(figure: figure, minimum: minimum, median: spread.median, met: spread.median >= minimum)
        }
        var targets = [target("kernel.ratio", Self.kernelTarget, kernel.ratio)]
        if let full = scaling.points.first(where: { $0.batch == plan.fullBatch }) {
            targets.append(target("scaling.points[batch=\(full.batch)].efficiency", Self.efficiencyTarget, full.efficiency))
        }
        targets.append(target("engine.ratio", Self.engineTarget, engine.ratio))
        if let batching { targets.append(target("batching.ratio", Self.batchingTarget, batching.ratio)) }
        if let dashboard { targets.append(target("dashboard.ratio", Self.dashboardTarget, dashboard.ratio)) }
        self.targets = targets
    }

    /// One JSON object on one line, keys sorted, like the run summary.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every field is a plain number, string, or array of them: encoding cannot fail.
        return String(decoding: try! encoder.encode(self), as: UTF8.self)
    }
}
