/// Many hosts' soaks merged: each host's summary, which of them are slow outliers, share a name,
/// are stale or come from another sky, the hosts expected that did not report, the files that gave
/// nothing, and how the fleet stands.
public struct Fleet: Equatable, Sendable {
    /// One row: a host's summary and what the fleet makes of it.
    public struct Host: Equatable, Sendable {
        public var summary: FleetSummary
        /// Far slower per core than the fleet, by `FleetOutliers`' rule.
        public var outlier: Bool
        /// Another summary has the same host name: one host soaked twice, or two with one name.
        public var duplicate: Bool
        /// From an earlier soak than the fleet's newest, by `Fleet.staleAfter`'s rule.
        public var stale: Bool
        /// Its sky's version is known and is not the newest run's (`Fleet.version`).
        public var otherVersion: Bool
        /// Its summary gives no sky version (an older sky).
        public var unknownVersion: Bool { summary.version == nil }
    }

    /// The hosts that should have reported (`sky fleet --expect`, `--expect-hosts`).
    public enum Expected: Equatable, Sendable {
        /// So many hosts, by whatever names.
        case count(Int)
        /// These hosts, by name.
        case hosts([String])

        public var count: Int {
            switch self {
            case .count(let count): count
            case .hosts(let names): names.count
            }
        }
    }

    /// How the fleet stands, the worst first: what `sky fleet`'s exit status says.
    public enum Standing: Equatable, Sendable {
        /// No file gave a summary.
        case nothingMerged
        /// A host's verdict is fail.
        case hostFailed
        /// No host failed, but the fleet is not all there: a file, a line of one, or a folder gave
        /// no summary, an expected host did not report, or a report is stale.
        case incomplete
        /// No host failed and the fleet is all there, but a host's figures may not be trusted.
        case untrustworthy
        case passed
    }

    /// A report is stale when its run ended more than this before the newest run started: the
    /// longest run among the reports, or an hour if that is longer. A fleet soaked in waves (one
    /// soak's length apart) stays one soak; last week's file left on the volume does not.
    public static let leastStaleGap: Double = 3600

    /// Sorted by host name, then by file.
    public let hosts: [Host]
    public let skipped: [FleetInput.Skipped]
    public let outliers: FleetOutliers
    /// The sky version of the newest run (the latest start), which the others are held to; `nil`
    /// when no summary gives both.
    public let version: String?
    /// Seconds by which a run must have ended before the newest started to be stale; `nil` when
    /// no summary gives its start.
    public let staleAfter: Double?
    public let expected: Expected?
    /// The expected hosts that gave no summary: by name with `--expect-hosts`; with `--expect N`,
    /// the files that gave no summary stand for them, named after the file (as the Job names
    /// them after the node) while there are as many.
    public let missing: [String]
    /// How many expected hosts gave no summary; more than `missing` names when they are unknown.
    public let missingCount: Int
    /// Hosts that reported but are not on the `--expect-hosts` list.
    public let unexpected: [String]

    public init(_ read: FleetInput.Read, expecting expected: Expected? = nil) {
        let sorted = read.summaries.enumerated().sorted { a, b in
            (a.element.host, a.element.file, a.offset) < (b.element.host, b.element.file, b.offset)
        }.map(\.element)
        let outliers = FleetOutliers(rates: sorted.map(\.ratePerCore))
        var named: [String: Int] = [:]
        for summary in sorted { named[summary.host, default: 0] += 1 }
        let newest = sorted.filter { $0.started != nil }.max { $0.started! < $1.started! }
        let newestStart = newest?.started
        let staleAfter = newestStart.map { _ in max(Self.leastStaleGap, sorted.map(\.elapsedSeconds).max() ?? 0) }
        let version = newest?.version
        hosts = sorted.indices.map { index in
            let summary = sorted[index]
            var stale = false
            if let newestStart, let staleAfter, let ended = summary.ended {
                stale = Double(newestStart.secondsSinceEpoch - ended.secondsSinceEpoch) > staleAfter
            }
            return Host(
                summary: summary, outlier: outliers.flagged.contains(index), duplicate: named[summary.host, default: 0] > 1,
                stale: stale, otherVersion: version != nil && summary.version != nil && summary.version != version)
        }
        skipped = read.skipped
        self.outliers = outliers
        self.version = version
        self.staleAfter = staleAfter
        self.expected = expected
        let reported = Set(sorted.map(\.host))
        switch expected {
        case nil:
            (missing, missingCount, unexpected) = ([], 0, [])
        case .count(let count):
            let count = max(0, count - reported.count)
            var unreported: [String] = []
            // Only a file named as the Job names them (`NODE.jsonl`) stands for a host; a folder does not.
            let files = read.skipped.map(\.file).filter { file in FleetInput.suffixes.contains { file.hasSuffix($0) } }
            for host in files.map(FleetSummary.stem(of:)) where !reported.contains(host) && !unreported.contains(host) {
                unreported.append(host)
            }
            (missing, missingCount, unexpected) = (Array(unreported.prefix(count)), count, [])
        case .hosts(let names):
            let missing = names.filter { !reported.contains($0) }
            let listed = Set(names)
            (self.missing, missingCount) = (missing, missing.count)
            unexpected = reported.sorted().filter { !listed.contains($0) }
        }
    }

    public func count(_ result: FleetSummary.Result) -> Int {
        hosts.count { $0.summary.result == result }
    }

    /// The names of the hosts `included` picks, each once, in row order.
    public func names(_ included: (Host) -> Bool) -> [String] {
        var names: [String] = []
        for host in hosts where included(host) && !names.contains(host.summary.host) { names.append(host.summary.host) }
        return names
    }

    public var standing: Standing {
        if hosts.isEmpty { return .nothingMerged }
        if count(.fail) > 0 { return .hostFailed }
        if !skipped.isEmpty || missingCount > 0 || hosts.contains(where: \.stale) { return .incomplete }
        if count(.untrustworthy) > 0 { return .untrustworthy }
        return .passed
    }
}
