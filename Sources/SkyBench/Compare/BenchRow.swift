/// A figure that `sky bench --baseline` compares, and which way is better: defined once, here,
/// for every row the saved file carries.
public struct BenchRow: Equatable, Sendable {
    /// What kind of figure it is: which way is better, and the words for its change.
    public enum Kind: String, Codable, Sendable {
        /// Something per second: higher is better.
        case rate
        /// A time per unit of work: lower is better.
        case time
        /// A ratio to a reference, or an efficiency: higher is better.
        case ratio
        /// A cost, in CPU time, frame gaps or a share of the cores: lower is better.
        case cost

        public var higherIsBetter: Bool { self == .rate || self == .ratio }

        /// The words for the figure going up and going down: a rate that goes up is faster, a
        /// time that goes up is slower.
        var words: (up: String, down: String) {
            switch self {
            case .rate: ("faster", "slower")
            case .time: ("slower", "faster")
            case .ratio, .cost: ("higher", "lower")
            }
        }
    }

    /// The figure's path in `sky bench --format json`, e.g. `engine.engine_scans_per_second`.
    public var key: String
    /// A short name for the comparison's table.
    public var name: String
    public var kind: Kind
    /// Every sample of the figure, one per round.
    public var samples: [Double]

    /// The rows of `figures` that a later bench is compared on. Figures that describe the
    /// machine rather than Sky (load, other processes, steal, the kernel on plain threads) and
    /// counts that can be zero (context switches) are left out.
    public static func rows(of figures: BenchFigures) -> [BenchRow] {
        var rows: [BenchRow] = []
        func add(_ key: String, _ name: String, _ kind: Kind, _ spread: Spread) {
            rows.append(BenchRow(key: key, name: name, kind: kind, samples: spread.samples))
        }
        let kernel = figures.kernel
        add("kernel.swift_ns_per_line", "Swift kernel, ns per line", .time, kernel.swiftNsPerLine)
        add("kernel.c_ns_per_line", "C reference, ns per line", .time, kernel.cNsPerLine)
        add("kernel.ratio", "Swift rate / C rate", .ratio, kernel.ratio)
        for point in figures.scaling.points {
            let key = "scaling.points[batch=\(point.batch)]"
            add(key + ".scans_per_second", "scaling, batch \(point.batch), scans/s", .rate, point.scansPerSecond)
            if point.batch > 1 {
                add(key + ".efficiency", "scaling, batch \(point.batch), efficiency", .ratio, point.efficiency)
            }
        }
        let engine = figures.engine
        add("engine.engine_scans_per_second", "engine, scans/s", .rate, engine.engineScansPerSecond)
        add("engine.bare_scans_per_second", "bare window, scans/s", .rate, engine.bareScansPerSecond)
        add("engine.ratio", "engine / bare window", .ratio, engine.ratio)
        add("engine.engine_cpu_us_per_scan", "engine, CPU µs per scan", .cost, engine.engineCPUPerScan)
        add("engine.cpu_cost_ratio", "engine CPU / bare CPU", .cost, engine.cpuCostRatio)
        if let batching = figures.batching {
            for point in batching.points {
                let key = "batching.points[batch=\(point.batch)]"
                add(key + ".scans_per_second", "--work 0, batch \(point.batch), scans/s", .rate, point.scansPerSecond)
                add(key + ".cpu_us_per_scan", "--work 0, batch \(point.batch), CPU µs/scan", .cost, point.cpuPerScan)
            }
            add("batching.ratio", "batch \(batching.largest) rate / batch \(batching.smallest)", .ratio, batching.ratio)
        }
        if let dashboard = figures.dashboard {
            add("dashboard.ratio", "dashboard / headless", .ratio, dashboard.ratio)
            add("dashboard.gap_p99_ms", "frame gap p99, ms", .cost, dashboard.gapP99Ms)
            add("dashboard.cpu_share", "dashboard CPU share", .cost, dashboard.cpuShare)
        }
        return rows
    }
}
