import SkyCore

/// Scans per second with the cheapest work (`--work 0`) through Sky's engine, against bare
/// `withTaskGroup` sliding windows of the same batch.
public struct EngineFigures: Codable, Equatable, Sendable {
    public var scans: Int
    public var batch: Int
    /// Interleaved rounds: more than the rest of the bench, for a steadier median.
    public var rounds: Int
    public var engineScansPerSecond: Spread
    /// A bare window whose children run the same empty scans as the engine's.
    public var bareScansPerSecond: Spread
    /// The engine's rate over the bare window's, per round: the target figure.
    public var ratio: Spread
    /// A bare window whose children ask for their scans' priorities, as the engine's do: the
    /// runtime's cost of mixed priorities (a queue of worker threads per priority) counted on
    /// both sides.
    public var prioritizedScansPerSecond: Spread
    public var ratioToPrioritized: Spread
    /// A bare window whose children return at once: the floor of any window.
    public var emptyChildrenPerSecond: Spread
    public var ratioToEmptyChildren: Spread
    /// Context switches of the whole process per scan: the engine's wake-ups of idle pool threads.
    public var engineSwitchesPerScan: Spread
    public var bareSwitchesPerScan: Spread
    /// CPU time of the whole process per scan, in microseconds: what each scan costs in work
    /// done, whether or not the pool kept every core busy meanwhile.
    public var engineCPUPerScan: Spread
    public var bareCPUPerScan: Spread
    /// The engine's CPU time per scan over the bare window's, per round (a cost: lower is better).
    public var cpuCostRatio: Spread

    enum CodingKeys: String, CodingKey {
        case scans, batch, rounds, ratio
        case engineScansPerSecond = "engine_scans_per_second"
        case bareScansPerSecond = "bare_scans_per_second"
        case prioritizedScansPerSecond = "prioritized_scans_per_second"
        case ratioToPrioritized = "ratio_to_prioritized"
        case emptyChildrenPerSecond = "empty_children_per_second"
        case ratioToEmptyChildren = "ratio_to_empty_children"
        case engineSwitchesPerScan = "engine_switches_per_scan"
        case bareSwitchesPerScan = "bare_switches_per_scan"
        case engineCPUPerScan = "engine_cpu_us_per_scan"
        case bareCPUPerScan = "bare_cpu_us_per_scan"
        case cpuCostRatio = "cpu_cost_ratio"
    }
}

enum EngineOverhead {
    /// The four runs once per round, in turned order each round.
    static func measure(plan: BenchPlan, blocking: Blocking, step: (String) throws -> Void) throws -> EngineFigures {
        let batch = plan.fullBatch
        let configuration = RunConfiguration(
            total: plan.emptyScans, batch: batch, seed: plan.seed, failureRate: 0, work: 0)
        var engine: [Double] = [], bare: [Double] = [], prioritized: [Double] = [], empty: [Double] = []
        var ratio: [Double] = [], ratioToPrioritized: [Double] = [], ratioToEmpty: [Double] = []
        var engineSwitches: [Double] = [], bareSwitches: [Double] = []
        var engineCPU: [Double] = [], bareCPU: [Double] = [], cpuCost: [Double] = []
        let scans = Double(plan.emptyScans)
        let rounds = plan.engineRounds
        for round in 0..<rounds {
            var rates = (engine: 0.0, bare: 0.0, prioritized: 0.0, empty: 0.0)
            for kind in Interleaving.turned([0, 1, 2, 3], round: round) {
                switch kind {
                case 0:
                    try step("engine overhead, Sky's engine, round \(round + 1) of \(rounds)")
                    let sample = try EngineSample.run(configuration, blocking: blocking)
                    rates.engine = sample.scansPerSecond
                    engineSwitches.append(Double(sample.usage.contextSwitches) / scans)
                    engineCPU.append(sample.usage.cpuSeconds / scans * 1e6)
                case 1:
                    try step("engine overhead, bare window, round \(round + 1) of \(rounds)")
                    let (seconds, usage) = try timed(blocking) { Sink.keep(await bareScanWindow(configuration)) }
                    rates.bare = scans / seconds
                    bareSwitches.append(Double(usage.contextSwitches) / scans)
                    bareCPU.append(usage.cpuSeconds / scans * 1e6)
                case 2:
                    try step("engine overhead, bare window with priorities, round \(round + 1) of \(rounds)")
                    let (seconds, _) = try timed(blocking) {
                        Sink.keep(await bareScanWindow(configuration, prioritized: true))
                    }
                    rates.prioritized = scans / seconds
                default:
                    try step("engine overhead, empty children, round \(round + 1) of \(rounds)")
                    let (seconds, _) = try timed(blocking) { Sink.keep(await emptyWindow(total: plan.emptyScans, batch: batch)) }
                    rates.empty = scans / seconds
                }
            }
            engine.append(rates.engine)
            bare.append(rates.bare)
            prioritized.append(rates.prioritized)
            empty.append(rates.empty)
            ratio.append(rates.engine / rates.bare)
            ratioToPrioritized.append(rates.engine / rates.prioritized)
            ratioToEmpty.append(rates.engine / rates.empty)
            cpuCost.append(engineCPU[round] / max(bareCPU[round], 1e-9))
        }
        return EngineFigures(
            scans: plan.emptyScans, batch: batch, rounds: rounds, engineScansPerSecond: Spread(engine),
            bareScansPerSecond: Spread(bare), ratio: Spread(ratio), prioritizedScansPerSecond: Spread(prioritized),
            ratioToPrioritized: Spread(ratioToPrioritized), emptyChildrenPerSecond: Spread(empty),
            ratioToEmptyChildren: Spread(ratioToEmpty), engineSwitchesPerScan: Spread(engineSwitches),
            bareSwitchesPerScan: Spread(bareSwitches), engineCPUPerScan: Spread(engineCPU),
            bareCPUPerScan: Spread(bareCPU), cpuCostRatio: Spread(cpuCost))
    }

    /// Seconds and process usage of `body`, measured inside the pool.
    private static func timed(
        _ blocking: Blocking, _ body: @escaping @Sendable () async -> Void
    ) throws -> (Double, ProcessUsage) {
        try blocking.run {
            let before = ProcessUsage.now()
            let start = ContinuousClock.now
            await body()
            return ((ContinuousClock.now - start).seconds, ProcessUsage.now() - before)
        }
    }

    /// The sliding window Sky's engine runs, with none of its bookkeeping: start `batch`
    /// children, and start the next as each one finishes. Its children run the same empty scans;
    /// `prioritized`, they ask for their scans' priorities too, as the engine's children do.
    static func bareScanWindow(_ configuration: RunConfiguration, prioritized: Bool = false) async -> UInt64 {
        // The bench sizes every run by its count of scans, never by a duration.
        let total = configuration.total ?? 0
        return await withTaskGroup(of: UInt64.self) { group in
            var next = 0
            func start() {
                let plan = configuration.plan(next)
                let task = ScanTask(plan: plan)
                group.addTask(priority: prioritized ? plan.priority.taskPriority : nil) {
                    // The same non-suspending path the engine's children take for a short scan.
                    let outcome = if let outcome = task.runWithoutSuspending() { outcome } else { await task.run() }
                    return if case .success(let result) = outcome { result.checksum } else { 0 }
                }
                next += 1
            }
            while next < min(configuration.batch, total) { start() }
            var folded: UInt64 = 0
            while let checksum = await group.next() {
                folded ^= checksum
                if next < total { start() }
            }
            return folded
        }
    }

    /// The same window with children that return at once: what a window costs with no work at all.
    static func emptyWindow(total: Int, batch: Int) async -> Int {
        await withTaskGroup(of: Int.self) { group in
            var next = 0
            while next < min(batch, total) {
                let index = next
                group.addTask { index }
                next += 1
            }
            var sum = 0
            while let value = await group.next() {
                sum &+= value
                if next < total {
                    let index = next
                    group.addTask { index }
                    next += 1
                }
            }
            return sum
        }
    }
}
