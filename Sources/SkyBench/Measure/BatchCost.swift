import SkyCore

/// Scans per second at `--work 0` through Sky's engine at a small, a middling and a large batch:
/// what a scan's bookkeeping costs as the batch grows. A wider batch keeps more slots in the run
/// book and more children in the group; the cost of a scan must barely grow with it.
public struct BatchingFigures: Codable, Equatable, Sendable {
    public struct Point: Codable, Equatable, Sendable {
        public var batch: Int
        public var scansPerSecond: Spread
        /// CPU time of the whole process per scan, in microseconds: the work a scan costs, which
        /// scatters less than the rate on a shared machine.
        public var cpuPerScan: Spread

        enum CodingKeys: String, CodingKey {
            case batch
            case scansPerSecond = "scans_per_second"
            case cpuPerScan = "cpu_us_per_scan"
        }
    }

    /// Scans in every run, whole rounds of the largest batch.
    public var scans: Int
    public var rounds: Int
    public var points: [Point]
    /// The largest batch's rate over the smallest's, per round: the target figure.
    public var ratio: Spread
    /// How much more a scan costs at the largest batch than at the smallest, per round: the
    /// smallest's rate over the largest's, less one (0.08 is 8% more).
    public var costGrowth: Spread

    public var smallest: Int { points.first?.batch ?? 0 }
    public var largest: Int { points.last?.batch ?? 0 }

    enum CodingKeys: String, CodingKey {
        case scans, rounds, points, ratio
        case costGrowth = "cost_growth"
    }
}

enum BatchCost {
    /// The batches compared: two (the smallest that overlaps scans), 64, and 1024.
    static let batches = [2, 64, 1024]

    /// Every batch once per round, the order turned each round, as many rounds as the engine
    /// overhead's: these runs are as short, and scatter as much.
    static func measure(plan: BenchPlan, blocking: Blocking, step: (String) throws -> Void) throws -> BatchingFigures {
        let largest = batches.last!
        let scans = (plan.emptyScans + largest - 1) / largest * largest
        let rounds = plan.engineRounds
        var rates: [Int: [Double]] = [:], cpu: [Int: [Double]] = [:]
        var ratios: [Double] = [], growth: [Double] = []
        for round in 0..<rounds {
            var roundRates: [Int: Double] = [:]
            for batch in Interleaving.turned(batches, round: round) {
                try step("scans at --work 0, batch \(batch), round \(round + 1) of \(rounds)")
                let configuration = RunConfiguration(total: scans, batch: batch, seed: plan.seed, failureRate: 0, work: 0)
                let sample = try EngineSample.run(configuration, blocking: blocking)
                roundRates[batch] = sample.scansPerSecond
                rates[batch, default: []].append(sample.scansPerSecond)
                cpu[batch, default: []].append(sample.usage.cpuSeconds / Double(scans) * 1e6)
            }
            let small = roundRates[batches.first!]!, large = roundRates[largest]!
            ratios.append(large / small)
            growth.append(small / large - 1)
        }
        return BatchingFigures(
            scans: scans, rounds: rounds,
            points: batches.map { BatchingFigures.Point(batch: $0, scansPerSecond: Spread(rates[$0]!), cpuPerScan: Spread(cpu[$0]!)) },
            ratio: Spread(ratios), costGrowth: Spread(growth))
    }
}
