/// Many hosts' soaks merged: each host's summary, which of them are slow outliers or share a name,
/// the files that gave nothing, and how the fleet stands.
public struct Fleet: Equatable, Sendable {
    /// One row: a host's summary and what the fleet makes of it.
    public struct Host: Equatable, Sendable {
        public var summary: FleetSummary
        /// Far slower per core than the fleet, by `FleetOutliers`' rule.
        public var outlier: Bool
        /// Another summary has the same host name: one host soaked twice, or two with one name.
        public var duplicate: Bool
    }

    /// How the fleet stands, the worst first: what `sky fleet`'s exit status says.
    public enum Standing: Equatable, Sendable {
        /// No file gave a summary.
        case nothingMerged
        /// A host's verdict is fail.
        case hostFailed
        /// No host failed, but a file, a line of one, or a folder gave no summary.
        case filesSkipped
        /// No host failed and nothing was skipped, but a host's figures may not be trusted.
        case untrustworthy
        case passed
    }

    /// Sorted by host name, then by file.
    public let hosts: [Host]
    public let skipped: [FleetInput.Skipped]
    public let outliers: FleetOutliers

    public init(_ read: FleetInput.Read) {
        let sorted = read.summaries.enumerated().sorted { a, b in
            (a.element.host, a.element.file, a.offset) < (b.element.host, b.element.file, b.offset)
        }.map(\.element)
        let outliers = FleetOutliers(rates: sorted.map(\.ratePerCore))
        var named: [String: Int] = [:]
        for summary in sorted { named[summary.host, default: 0] += 1 }
        hosts = sorted.indices.map { index in
            Host(summary: sorted[index], outlier: outliers.flagged.contains(index), duplicate: named[sorted[index].host, default: 0] > 1)
        }
        skipped = read.skipped
        self.outliers = outliers
    }

    public func count(_ result: FleetSummary.Result) -> Int {
        hosts.count { $0.summary.result == result }
    }

    public var standing: Standing {
        if hosts.isEmpty { return .nothingMerged }
        if count(.fail) > 0 { return .hostFailed }
        if !skipped.isEmpty { return .filesSkipped }
        if count(.untrustworthy) > 0 { return .untrustworthy }
        return .passed
    }
}
