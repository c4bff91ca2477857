/// A bench against a saved one (`sky bench --baseline FILE`): for every row both have, whether
/// it changed beyond the noise, which way, and by how much.
public struct BenchComparison: Codable, Equatable, Sendable {
    public enum Verdict: String, Codable, Sendable {
        case noChange = "no_change"
        case better
        case worse
    }

    public struct Row: Codable, Equatable, Sendable {
        public var key: String
        public var name: String
        public var kind: BenchRow.Kind
        public var baselineMedian: Double
        public var median: Double
        /// The change of the figure as a fraction (0.06 is 6% higher), and its interval's ends.
        public var change: Double
        public var lower: Double
        public var upper: Double
        public var confidence: Double
        public var verdict: Verdict

        enum CodingKeys: String, CodingKey {
            case key, name, kind, median, change, lower, upper, confidence, verdict
            case baselineMedian = "baseline_median"
        }
    }

    /// A change whose whole interval lies within this fraction either way is no change: this
    /// machine cannot tell a 2% cost from a 1% one (docs/performance.md).
    public static let negligible = 0.02

    /// The baseline file, and what it says of itself.
    public var file: String
    public var sky: String
    public var date: String
    public var host: HostIdentity
    /// How this machine differs from the baseline's; empty if it does not.
    public var hostDifferences: [String]
    public var rows: [Row]
    /// Rows in only one of the two benches, by key, or whose samples cannot be compared.
    public var notCompared: [String]

    public var regressions: [Row] { rows.filter { $0.verdict == .worse } }

    enum CodingKeys: String, CodingKey {
        case file, sky, date, host, rows
        case hostDifferences = "host_differences"
        case notCompared = "not_compared"
    }

    /// Compares `figures` against `baseline`, read from `file`, each row judged by this sky's own
    /// definition of it (`BenchRow`).
    public init(_ figures: BenchFigures, host: HostIdentity, against baseline: BenchRecord, file: String) {
        self.file = file
        sky = baseline.sky
        date = baseline.date
        self.host = baseline.host
        hostDifferences = host.differences(from: baseline.host)
        let saved = Dictionary(baseline.rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var rows: [Row] = []
        var notCompared: [String] = []
        let current = BenchRow.rows(of: figures)
        for row in current {
            guard let old = saved[row.key], let row = Self.judge(row, against: old.samples) else {
                notCompared.append(row.key)
                continue
            }
            rows.append(row)
        }
        let keys = Set(current.map(\.key))
        notCompared += baseline.rows.map(\.key).filter { !keys.contains($0) }
        self.rows = rows
        self.notCompared = notCompared
    }

    /// One row's verdict: no change if the interval holds no change, or lies within
    /// `negligible` either way; otherwise better or worse by the row's kind.
    public static func judge(_ row: BenchRow, against baseline: [Double]) -> Row? {
        guard let interval = RatioInterval(baseline: baseline, new: row.samples) else { return nil }
        let verdict: Verdict
        if interval.lower <= 1 && 1 <= interval.upper
            || max(abs(interval.lower - 1), abs(interval.upper - 1)) <= negligible {
            verdict = .noChange
        } else {
            verdict = (interval.lower > 1) == row.kind.higherIsBetter ? .better : .worse
        }
        return Row(
            key: row.key, name: row.name, kind: row.kind, baselineMedian: Spread(baseline).median,
            median: Spread(row.samples).median, change: interval.estimate - 1, lower: interval.lower - 1,
            upper: interval.upper - 1, confidence: interval.confidence, verdict: verdict)
    }
}
