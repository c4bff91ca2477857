import SkyCore

/// `sky bench`: measures the kernel against C, scaling across cores, the engine's overhead and
/// the dashboard's cost, each as ratios of runs interleaved in one process, so that a shared
/// machine's drift hits both sides of a ratio alike.
public struct Bench {
    public let plan: BenchPlan
    /// Told before each step, e.g. `[3/40] scaling at batch 2, round 1 of 5`.
    public var progress: (String) -> Void
    /// Asked between steps and while runs go on; `true` stops the bench with `BenchInterrupted`.
    public var isInterrupted: () -> Bool
    /// Draws a run with the dashboard; `nil` when there is no terminal to draw into, and then the
    /// dashboard figures are left out.
    public var dashboard: DashboardRunner?

    public init(
        plan: BenchPlan, progress: @escaping (String) -> Void, isInterrupted: @escaping () -> Bool,
        dashboard: DashboardRunner?
    ) {
        self.plan = plan
        self.progress = progress
        self.isInterrupted = isInterrupted
        self.dashboard = dashboard
    }

    /// Every measurement a round at a time: throws `KernelMismatch` if Swift and C disagree, and
    /// `BenchInterrupted` when asked to stop.
    public func run() throws -> BenchFigures {
        let blocking = Blocking(isInterrupted: isInterrupted)
        let start = ContinuousClock.now
        let usageAtStart = ProcessUsage.now()
        let rounds = plan.rounds
        // Per round: the kernel, each scaling batch, the plain threads, the dashboard's two runs;
        // and three engine rounds of four runs and of one run per batch of the batch cost.
        let engineSteps = plan.engineRounds / rounds * (4 + BatchCost.batches.count)
        let steps = 1 + rounds * (1 + plan.batches.count + 1 + engineSteps + (dashboard == nil ? 0 : 2))
        var done = 0
        func step(_ what: String) throws {
            try blocking.checkInterruption()
            done += 1
            progress("[\(done)/\(steps)] \(what)")
        }

        try step("calibrating the kernel")
        let nsPerLine = KernelComparison.calibrate(minimum: plan.calibration)
        let kernel = try KernelComparison.measure(plan: plan, nsPerLine: nsPerLine, step: step)
        // The scans of the scaling and dashboard runs, sized by the kernel's measured speed.
        let work = min(RunConfiguration.workRange.upperBound, max(1, Int(plan.scanTime.seconds * 1e9 / nsPerLine)))
        let scaling = try Scaling.measure(plan: plan, work: work, kernelLines: kernel.lines, blocking: blocking, step: step)
        let engine = try EngineOverhead.measure(plan: plan, blocking: blocking, step: step)
        let batching = try BatchCost.measure(plan: plan, blocking: blocking, step: step)
        let dashboard = try self.dashboard.map {
            try DashboardCost.measure(plan: plan, work: work, runner: $0, blocking: blocking, step: step)
        }
        let capacity = (ContinuousClock.now - start).seconds * Double(plan.cores)
        let used = ProcessUsage.now() - usageAtStart
        return BenchFigures(
            plan: plan, kernel: kernel, scaling: scaling, engine: engine, dashboard: dashboard, batching: batching,
            othersShare: used.othersSeconds.map { $0 / capacity }, stealShare: used.host.map { $0.stealSeconds / capacity })
    }
}
