import SkyCore

/// Throughput through Sky's engine at growing batches, against batch 1.
public struct ScalingFigures: Codable, Equatable, Sendable {
    public struct Point: Codable, Equatable, Sendable {
        public var batch: Int
        public var scans: Int
        public var scansPerSecond: Spread
        /// This batch's rate over batch 1's, per round.
        public var speedup: Spread
        /// The speed-up over the most a batch can gain: `min(batch, cores)`.
        public var efficiency: Spread

        enum CodingKeys: String, CodingKey {
            case batch, scans, speedup, efficiency
            case scansPerSecond = "scans_per_second"
        }
    }

    /// Lines per scan (`--work`), sized to `scanMs` on one core.
    public var work: Int
    public var scanMs: Double
    public var points: [Point]
    /// CPU time over wall time × cores, during the runs at batch = cores.
    public var load: Spread
    /// Other processes' CPU time over wall time × cores in those runs. `nil` where the system
    /// does not report it (as `steal`).
    public var others: Spread?
    /// The host's steal time over wall time × cores in those runs: CPU the hypervisor gave to
    /// other guests.
    public var steal: Spread?
    /// The machine's ceiling: the kernel on `cores` plain threads at once against one thread,
    /// over the core count (`MachineScaling`).
    public var threadsEfficiency: Spread

    enum CodingKeys: String, CodingKey {
        case work, points, load, others, steal
        case scanMs = "scan_ms"
        case threadsEfficiency = "threads_efficiency"
    }
}

enum Scaling {
    /// Every batch once per round, in rising order on even rounds and falling on odd ones.
    static func measure(
        plan: BenchPlan, work: Int, kernelLines: Int, blocking: Blocking, step: (String) throws -> Void
    ) throws -> ScalingFigures {
        let batches = plan.batches
        var rates: [Int: [Double]] = [:]
        var speedups: [Int: [Double]] = [:]
        var loads: [Double] = []
        var steals: [Double] = []
        var others: [Double] = []
        for round in 0..<plan.rounds {
            var roundRates: [Int: Double] = [:]
            for batch in round % 2 == 0 ? batches : batches.reversed() {
                try step("scaling at batch \(batch), round \(round + 1) of \(plan.rounds)")
                let configuration = RunConfiguration(
                    total: plan.scans(lasting: plan.scalingRun, batch: batch), batch: batch, seed: plan.seed,
                    failureRate: 0, work: work)
                let sample = try EngineSample.run(configuration, blocking: blocking)
                roundRates[batch] = sample.scansPerSecond
                if batch == plan.fullBatch {
                    let capacity = sample.wallSeconds * Double(plan.cores)
                    loads.append(sample.usage.cpuSeconds / capacity)
                    if let host = sample.usage.host, let other = sample.usage.othersSeconds {
                        steals.append(host.stealSeconds / capacity)
                        others.append(other / capacity)
                    }
                }
            }
            for batch in batches {
                rates[batch, default: []].append(roundRates[batch]!)
                speedups[batch, default: []].append(roundRates[batch]! / roundRates[1]!)
            }
        }
        let points = batches.map { batch in
            ScalingFigures.Point(
                batch: batch, scans: plan.scans(lasting: plan.scalingRun, batch: batch),
                scansPerSecond: Spread(rates[batch]!), speedup: Spread(speedups[batch]!),
                efficiency: Spread(speedups[batch]!.map { $0 / Double(min(batch, plan.cores)) }))
        }
        let threads = try MachineScaling.measure(plan: plan, lines: kernelLines, step: step)
        return ScalingFigures(
            work: work, scanMs: plan.scanTime.seconds * 1000, points: points, load: Spread(loads),
            others: others.count == loads.count ? Spread(others) : nil, steal: steals.count == loads.count ? Spread(steals) : nil,
            threadsEfficiency: threads)
    }
}
