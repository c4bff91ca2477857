import SkyFormat

/// The fleet for people: a row a host; the outlier rule, the CPUs and kernels, the names shared and
/// the files skipped; and last, the fleet's roll-up (`rollUp`), which names every host that failed,
/// is untrustworthy, missing, stale or from another sky.
public enum FleetTable {
    public static let columns = [
        "host", "cores", "duration", "scans", "rate/core", "mismatches", "throttling", "started (UTC)", "sky", "verdict",
    ]
    /// Marks a stale report's start.
    public static let staleMark = "STALE"
    /// The roll-up names this many hosts of a kind, then says how many more.
    public static let namesListed = 10
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
        lines += machineLines(fleet)
        if let staleAfter = fleet.staleAfter, fleet.hosts.contains(where: \.stale) {
            lines.append("\(staleMark): the run ended more than \(duration(staleAfter)) before the newest started (the longest run, or an hour)")
        }
        if !fleet.unexpected.isEmpty {
            lines.append("not on the --expect-hosts list: " + listed(fleet.unexpected))
        }
        for skipped in fleet.skipped { lines.append("skipped: \(skipped.file): \(ShownText.escaped(skipped.problem))") }
        lines.append(rollUp(fleet))
        return lines.joined(separator: "\n")
    }

    /// `fleet: FAIL: 2 of 5 hosts failed (node-3, node-7), 1 untrustworthy (node-2), 1 missing
    /// (node-5), 1 passed; median rate per core 3.21/s`: the fleet's standing and every host that
    /// stands in its way, by name.
    public static func rollUp(_ fleet: Fleet) -> String {
        let word = switch fleet.standing {
        case .nothingMerged, .hostFailed: "FAIL"
        case .incomplete: "INCOMPLETE"
        case .untrustworthy: "UNTRUSTWORTHY"
        case .passed: "PASS"
        }
        // A summary a row: one host soaked twice counts twice, as its two rows (marked) show.
        let total = max(fleet.expected?.count ?? 0, fleet.hosts.count + fleet.missingCount)
        let hosts = "\(total) host\(total == 1 ? "" : "s")"
        let failed = fleet.names { $0.summary.result == .fail }
        var parts = failed.isEmpty ? ["\(fleet.count(.pass)) of \(hosts) passed"] : ["\(fleet.count(.fail)) of \(hosts) failed (\(listed(failed)))"]
        let untrustworthy = fleet.names { $0.summary.result == .untrustworthy }
        if !untrustworthy.isEmpty { parts.append("\(fleet.count(.untrustworthy)) untrustworthy (\(listed(untrustworthy)))") }
        if fleet.missingCount > 0 {
            let unnamed = fleet.missingCount - fleet.missing.count
            let names = fleet.missing.isEmpty ? "unnamed" : listed(fleet.missing) + (unnamed > 0 ? " and \(unnamed) unnamed" : "")
            parts.append("\(fleet.missingCount) missing (\(names))")
        }
        let stale = fleet.names(\.stale)
        if !stale.isEmpty { parts.append("\(stale.count) stale (\(listed(stale)))") }
        let other = fleet.names(\.otherVersion)
        if !other.isEmpty, let version = fleet.version {
            parts.append("\(other.count) from another sky than \(ShownText.escaped(version)) (\(listed(other)))")
        }
        let unknown = fleet.names(\.unknownVersion)
        if !unknown.isEmpty { parts.append("\(unknown.count) of unknown version (\(listed(unknown)))") }
        if !fleet.skipped.isEmpty { parts.append("\(fleet.skipped.count) file\(fleet.skipped.count == 1 ? "" : "s") skipped") }
        if !failed.isEmpty { parts.append("\(fleet.count(.pass)) passed") }
        return "fleet: \(word): " + parts.joined(separator: ", ")
            + (fleet.outliers.median.map { "; median rate per core \(rate($0))" } ?? "")
    }

    /// `node-1, node-2`, or past `namesListed`, the first of them `and 4 more`; escaped, as names
    /// come from files.
    static func listed(_ names: [String]) -> String {
        let shown = names.prefix(namesListed).map(ShownText.escaped).joined(separator: ", ")
        return names.count > namesListed ? shown + " and \(names.count - namesListed) more" : shown
    }

    /// `cpu: AMD EPYC 7B13 on 3 hosts, Intel Xeon Gold 6338 on 2`, and the same for the kernels:
    /// a fleet of one kind reads as one line each, a mixed one shows its mix. None where no summary
    /// says (older sky).
    static func machineLines(_ fleet: Fleet) -> [String] {
        [("cpu", \FleetSummary.cpuModel), ("kernel", \FleetSummary.kernel)].compactMap { label, field in
            var counts: [(String, Int)] = []
            for host in fleet.hosts {
                let value = host.summary[keyPath: field].map(ShownText.escaped) ?? "unknown"
                if let index = counts.firstIndex(where: { $0.0 == value }) { counts[index].1 += 1 } else { counts.append((value, 1)) }
            }
            guard counts.contains(where: { $0.0 != "unknown" }) else { return nil }
            let parts = counts.sorted { ($1.1, $0.0) < ($0.1, $1.0) }.enumerated().map { index, entry in
                "\(entry.0) on \(entry.1)" + (index == 0 ? " host\(entry.1 == 1 ? "" : "s")" : "")
            }
            return "\(label): " + parts.joined(separator: ", ")
        }
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
            (s.started.map(startTime) ?? unknown) + (host.stale ? " " + staleMark : ""),
            s.version.map { ShownText.escaped($0) + (host.otherVersion ? " (other)" : "") } ?? "unknown",
            verdict,
        ]
    }

    /// `2026-11-28 01:21`: to the minute, which tells one night's soak from another's.
    static func startTime(_ time: UTCTime) -> String {
        let text = time.description
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
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
