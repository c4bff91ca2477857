import SkyCore
import SkyFormat

/// The comparison for people: the runs side by side, a column each, a figure a row.
///
/// ```
/// sky compare: the same 20 scans under serial and batched, one run after another, on 2 cores
///   seed 4  batch 4  work 100000 lines  priorities 20:50:30  failure rate 0.1  errors result
///
///                              serial           batched
///   ending                    drained           drained
///   wall time                  2.01 s            1.05 s
/// ```
public enum ComparisonTable {
    /// A column of the table: a run's name and its figures, or none for a run that has not run.
    public struct Column: Equatable, Sendable {
        public var name: String
        public var run: ComparedRun?

        public init(name: String, run: ComparedRun?) {
            self.name = name
            self.run = run
        }
    }

    /// The figure rows, each a label and how it reads a run.
    static let figures: [(label: String, value: @Sendable (ComparedRun) -> String)] = [
        ("ending", { $0.endingText }),
        ("wall time", { FixedPoint.fixed($0.wall.seconds, places: 2) + " s" }),
        ("throughput", { FixedPoint.fixed($0.scansPerSecond, places: 2) + "/s" }),
        ("CPU busy share", { FixedPoint.fixed($0.cpuBusyShare * 100, places: 1) + "%" }),
        ("most in the group", { "\($0.maxRunning)" }),
        ("most seen on a thread", { "\($0.mostSeenOnThread)" }),
        ("wait p50", { milliseconds($0.wait, \.p50) }),
        ("wait p95", { milliseconds($0.wait, \.p95) }),
        ("run p50", { milliseconds($0.run, \.p50) }),
        ("run p95", { milliseconds($0.run, \.p95) }),
        ("completed", { "\($0.counters.completed)" }),
        ("failed", { "\($0.counters.failed)" }),
        ("cancelled", { "\($0.counters.cancelled)" }),
        ("results lost", { "\($0.resultsLost)" }),
        ("checksum", { Hex.format($0.checksum) }),
    ]

    /// The labels of the figure rows, in order.
    public static var labels: [String] { figures.map(\.label) }

    /// The table as lines of equal layout: the names, then a row a figure. A column without a run
    /// is left blank below its name. Every line starts with two spaces.
    public static func lines(_ columns: [Column]) -> [String] {
        let rows = [[""] + columns.map(\.name)] + figures.map { figure in
            [figure.label] + columns.map { $0.run.map(figure.value) ?? "" }
        }
        let labelWidth = rows.map { $0[0].count }.max() ?? 0
        let widths = columns.indices.map { column in max(16, rows.map { $0[column + 1].count }.max() ?? 0) }
        return rows.map { row in
            var line = "  " + row[0] + String(repeating: " ", count: labelWidth - row[0].count)
            for (cell, width) in zip(row.dropFirst(), widths) {
                line += "  " + String(repeating: " ", count: width - cell.count) + cell
            }
            return line
        }
    }

    /// The whole report: what was compared, the table, whether the checksums agree, what did not
    /// run, and the command that runs it again.
    public static func format(_ comparison: Comparison) -> String {
        let c = comparison.configuration
        let names = comparison.settings.map(\.name)
        let listed = names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        var lines = ["sky compare: the same \(comparison.bound) under \(listed), one run after another, on \(comparison.cores) cores"]
        lines.append(
            "  seed \(c.seed)  batch \(c.batch)  work \(c.work) lines  priorities \(c.priorityMix)  "
                + "failure rate \(c.failureRate)  \(comparison.fixedSetting)")
        lines.append("")
        lines += self.lines(comparison.runs.map { Column(name: $0.name, run: $0) })
        lines.append("")
        lines.append("  " + comparison.checksums.line)
        if let stopped = comparison.stopped, !comparison.notRun.isEmpty {
            lines.append("  not run (\(stopped)): " + comparison.notRun.map(\.name).joined(separator: ", "))
        }
        lines.append("  replay: \(comparison.replay)")
        return lines.joined(separator: "\n")
    }

    /// A percentile, or `none` where no scan was measured: 0.0 ms would read as instant.
    private static func milliseconds(_ latency: LatencyPercentiles, _ percentile: KeyPath<LatencyPercentiles, Double>) -> String {
        latency.count == 0 ? "none" : FixedPoint.fixed(latency[keyPath: percentile], places: 1) + " ms"
    }
}
