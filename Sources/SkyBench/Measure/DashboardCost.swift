public import SkyCore
public import SkyReport

/// One run drawn by the dashboard: its summary and how steadily its frames came.
public struct DashboardSample: Sendable {
    public var summary: RunSummary
    public var frames: FrameFigures

    public init(summary: RunSummary, frames: FrameFigures) {
        self.summary = summary
        self.frames = frames
    }
}

/// Runs a configuration with the live dashboard drawing, to the end, and returns the sample.
/// The executable provides it: the frame loop lives there, and the bench must use the very same.
public typealias DashboardRunner = (RunConfiguration) throws -> DashboardSample

/// Throughput with the dashboard drawing against headless, same seed and work, and the gaps
/// between frames while every core is busy.
public struct DashboardFigures: Codable, Equatable, Sendable {
    public var scans: Int
    public var work: Int
    public var batch: Int
    public var terminal: String
    public var headlessScansPerSecond: Spread
    public var dashboardScansPerSecond: Spread
    /// The dashboard run's rate over the headless run's, per round: the target figure.
    public var ratio: Spread
    public var frames: Spread
    public var gapP99Ms: Spread
    public var gapMaxMs: Spread
    /// The dashboard thread's CPU time as a share of all cores over the run.
    public var cpuShare: Spread

    enum CodingKeys: String, CodingKey {
        case scans, work, batch, terminal, ratio, frames
        case headlessScansPerSecond = "headless_scans_per_second"
        case dashboardScansPerSecond = "dashboard_scans_per_second"
        case gapP99Ms = "gap_p99_ms"
        case gapMaxMs = "gap_max_ms"
        case cpuShare = "cpu_share"
    }
}

enum DashboardCost {
    /// A headless run and a dashboard run per round, alternating which goes first.
    static func measure(
        plan: BenchPlan, work: Int, runner: DashboardRunner, blocking: Blocking, step: (String) throws -> Void
    ) throws -> DashboardFigures {
        let batch = plan.fullBatch
        let configuration = RunConfiguration(
            total: plan.scans(lasting: plan.dashboardRun, batch: batch), batch: batch, seed: plan.seed,
            failureRate: 0, work: work)
        var headless: [Double] = [], drawn: [Double] = [], ratios: [Double] = []
        var frames: [Double] = [], p99: [Double] = [], worst: [Double] = [], cpu: [Double] = []
        for round in 0..<plan.rounds {
            var headlessRate = 0.0
            var sample: DashboardSample?
            for drawing in Interleaving.turned([false, true], round: round) {
                if drawing {
                    try step("dashboard cost, with the dashboard, round \(round + 1) of \(plan.rounds)")
                    let run = try runner(configuration)
                    Sink.keep(run.summary.snapshot.checksum)
                    sample = run
                } else {
                    try step("dashboard cost, headless, round \(round + 1) of \(plan.rounds)")
                    headlessRate = try EngineSample.run(configuration, blocking: blocking).scansPerSecond
                }
            }
            let run = sample!
            let drawnRate = EngineSample.rate(of: run.summary)
            headless.append(headlessRate)
            drawn.append(drawnRate)
            ratios.append(drawnRate / headlessRate)
            frames.append(Double(run.frames.frames))
            p99.append(run.frames.gapP99Ms)
            worst.append(run.frames.gapMaxMs)
            cpu.append(run.frames.cpuShare)
        }
        return DashboardFigures(
            scans: configuration.total ?? 0, work: work, batch: batch,
            terminal: "\(plan.terminalWidth)x\(plan.terminalHeight)",
            headlessScansPerSecond: Spread(headless), dashboardScansPerSecond: Spread(drawn), ratio: Spread(ratios),
            frames: Spread(frames), gapP99Ms: Spread(p99), gapMaxMs: Spread(worst), cpuShare: Spread(cpu))
    }
}
