import SkyFormat

/// `sky bench --baseline FILE`'s text: a row per compared figure, with both medians and the
/// verdict in words, such as `6.0% slower (95% interval 1.0% to 11.0%)`.
public enum BaselineTable {
    public static func format(_ comparison: BenchComparison) -> String {
        var lines = ["Against the baseline \(comparison.file): sky \(comparison.sky), saved \(comparison.date), "
            + "\(comparison.host.cores) cores, \(comparison.host.cpuModel ?? "an unknown CPU")"]
        if !comparison.hostDifferences.isEmpty {
            lines.append("(another machine: " + comparison.hostDifferences.joined(separator: ", ") + ")")
        }
        lines.append("")
        let width = comparison.rows.map(\.name.count).max() ?? 0
        func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, width - text.count))
            return left ? text + fill : fill + text
        }
        lines.append("  " + pad("", width, left: true) + pad("baseline", 12) + pad("now", 12) + "  change")
        for row in comparison.rows {
            lines.append("  " + pad(row.name, width, left: true) + pad(number(row.baselineMedian), 12) + pad(number(row.median), 12)
                + "  " + verdict(row))
        }
        lines.append("")
        if !comparison.notCompared.isEmpty {
            lines.append("Not compared (in one bench only, or a sample that is not positive): " + comparison.notCompared.joined(separator: ", ") + ".")
        }
        let regressions = comparison.regressions
        lines.append(
            regressions.isEmpty
                ? "No row is worse than the baseline beyond the noise."
                : "Worse than the baseline: \(regressions.count) of \(comparison.rows.count) rows ("
                    + regressions.map(\.name).joined(separator: "; ") + ").")
        return lines.joined(separator: "\n")
    }

    /// `6.0% slower (95% interval 1.0% to 11.0%)`, or `no change within noise (95% interval 3.1%
    /// slower to 1.2% faster)`.
    public static func verdict(_ row: BenchComparison.Row) -> String {
        let words = row.kind.words
        func percent(_ change: Double) -> String { FixedPoint.fixed(abs(change) * 100, places: 1) + "%" }
        func word(_ change: Double) -> String { change >= 0 ? words.up : words.down }
        let level = row.confidence >= RatioInterval.level
            ? FixedPoint.fixed(RatioInterval.level * 100, places: 0) : FixedPoint.fixed((row.confidence * 100).rounded(.down), places: 0)
        let interval: String
        if (row.lower >= 0) == (row.upper >= 0) {
            // Both ends one way: the nearer end first.
            let (near, far) = abs(row.lower) <= abs(row.upper) ? (row.lower, row.upper) : (row.upper, row.lower)
            interval = "\(percent(near)) to \(percent(far))" + (row.verdict == .noChange ? " \(word(far))" : "")
        } else {
            interval = "\(percent(row.lower)) \(word(row.lower)) to \(percent(row.upper)) \(word(row.upper))"
        }
        let head = row.verdict == .noChange ? "no change within noise" : "\(percent(row.change)) \(word(row.change))"
        return "\(head) (\(level)% interval \(interval))"
    }

    /// A median as the bench table shows one: a rate without decimals, a smaller figure with a few.
    private static func number(_ value: Double) -> String {
        abs(value) >= 1000 ? FixedPoint.fixed(value, places: 0) : abs(value) >= 10 ? FixedPoint.fixed(value, places: 1)
            : FixedPoint.fixed(value, places: 3)
    }
}
