/// The fleet for people: a row a host, then a line for the fleet, the outlier rule, and the names
/// shared and the files skipped.
public enum FleetTable {
    public static let columns = ["host", "cores", "duration", "scans", "rate/core", "mismatches", "throttling", "verdict"]
    /// Marks an outlier's rate per core.
    public static let outlierMark = "LOW"
    /// Marks a host name that more than one summary has.
    public static let duplicateMark = "*"
    /// Shown where a figure is unknown.
    public static let unknown = "–"
    /// A failing host's first reason is cut to this many characters; the JSON has them whole.
    public static let reasonWidth = 72

    public static func format(_ fleet: Fleet) -> String {
        var rows = fleet.hosts.map(row)
        // The rates stay aligned beside an outlier's mark.
        if fleet.hosts.contains(where: \.outlier) {
            for index in rows.indices where !fleet.hosts[index].outlier {
                rows[index][4] += String(repeating: " ", count: outlierMark.count + 1)
            }
        }
        let rightAligned: Set<Int> = [1, 2, 3, 4, 5]
        let widths = columns.indices.map { column in ([columns[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                if column == cells.count - 1 { return cells[column] }
                return rightAligned.contains(column) ? padding + cells[column] : cells[column] + padding
            }.joined(separator: "  ")
        }
        var lines = fleet.hosts.isEmpty ? [] : [line(columns)] + rows.map(line)
        lines.append(
            "fleet: \(fleet.hosts.count) host\(fleet.hosts.count == 1 ? "" : "s"), \(fleet.count(.pass)) passed, \(fleet.count(.fail)) failed, "
                + "\(fleet.count(.untrustworthy)) untrustworthy"
                + (fleet.outliers.median.map { "; median rate per core \(rate($0))" } ?? ""))
        let flagged = fleet.hosts.filter(\.outlier).map(\.summary.host)
        lines.append(
            fleet.outliers.rule(rate: rate)
                + (fleet.outliers.threshold == nil ? "" : flagged.isEmpty ? "; none" : ": " + flagged.joined(separator: ", ")))
        let unrated = fleet.hosts.count { $0.summary.ratePerCore == nil }
        if unrated > 0 {
            lines.append("\(unrated) host\(unrated == 1 ? "'s summary gives" : "s' summaries give") no cores (an older sky): no rate per core")
        }
        var shared: [String] = []
        for host in fleet.hosts where host.duplicate && !shared.contains(host.summary.host) {
            shared.append(host.summary.host)
            let files = fleet.hosts.filter { $0.summary.host == host.summary.host }.map(\.summary.file)
            lines.append(
                "\(duplicateMark) \(host.summary.host): \(files.count) summaries (\(files.joined(separator: ", "))): one host soaked twice, or two hosts with one name")
        }
        let fromFiles = fleet.hosts.count(where: \.summary.hostFromFile)
        if fromFiles > 0 {
            lines.append("\(fromFiles) host\(fromFiles == 1 ? " is" : "s are") named after \(fromFiles == 1 ? "its file" : "their files"): the summary names no host (an older sky)")
        }
        for skipped in fleet.skipped { lines.append("skipped: \(skipped.file): \(ShownText.escaped(skipped.problem))") }
        return lines.joined(separator: "\n")
    }

    static func row(_ host: Fleet.Host) -> [String] {
        let s = host.summary
        // The host's name and its reasons come from its file: shown as text, never as terminal commands.
        let verdict = s.result == .pass || s.reasons.isEmpty ? s.result.word : s.result.word + ": " + cut(ShownText.escaped(s.reasons[0]))
        return [
            ShownText.escaped(s.host) + (host.duplicate ? duplicateMark : ""),
            s.cores.map(String.init) ?? unknown,
            duration(s.elapsedSeconds),
            "\(s.scans)",
            (s.ratePerCore.map(rate) ?? unknown) + (host.outlier ? " " + outlierMark : ""),
            "\(s.mismatches)",
            throttling(s),
            verdict,
        ]
    }

    /// Scans a second: three significant figures or more, so hosts compare at a glance.
    public static func rate(_ value: Double) -> String {
        let places = value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3
        return FixedPoint.fixed(value, places: places) + "/s"
    }

    /// `12.3 s`, `14m 05s`, `8h 00m`.
    public static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return FixedPoint.fixed(seconds, places: 1) + " s" }
        let whole = Int(seconds)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if whole < 3600 { return "\(whole / 60)m \(two(whole % 60))s" }
        return "\(whole / 3600)h \(two(whole % 3600 / 60))m"
    }

    /// The CPU's own throttle counts where the summary has them, else the fall in rate sky saw.
    public static func throttling(_ s: FleetSummary) -> String {
        var parts: [String] = []
        if let counts = s.throttleCounts { parts.append("core \(counts.core), package \(counts.package)") }
        if let drop = s.throttlingDrop { parts.append("rate fell \(FixedPoint.fixed(drop * 100, places: 0))%") }
        return parts.isEmpty ? unknown : parts.joined(separator: "; ")
    }

    private static func cut(_ reason: String) -> String {
        reason.count <= reasonWidth ? reason : String(reason.prefix(reasonWidth - 1)) + "…"
    }
}
