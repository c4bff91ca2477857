import SkyFormat
public import SkyReport

/// The fleet for machines: one JSON document with every host's figures, the fleet's, the outlier
/// rule, and the files skipped.
public struct FleetJSON: Codable, Equatable, Sendable {
    public struct Host: Codable, Equatable, Sendable {
        public var host: String
        /// The summary names no host (older sky): `host` is its file's name.
        public var hostFromFile: Bool
        public var file: String
        /// Absent when the summary does not give them (older sky).
        public var cores: Int?
        public var durationSeconds: Double
        public var scans: Int
        public var scansPerSecond: Double
        /// Absent when `cores` is.
        public var ratePerCore: Double?
        public var mismatches: Int
        public var throttleCounts: JSONSummary.ThrottleCountsEntry?
        /// How far the rate fell below the first minute's, as a share; absent if it did not fall.
        public var throttlingDrop: Double?
        public var verdict: JSONSummary.VerdictObject
        public var outlier: Bool
        public var duplicate: Bool
        /// Absent when the summary does not give them (older sky).
        public var skyVersion: String?
        public var kernel: String?
        public var cpuModel: String?
        public var startedAt: String?
        public var endedAt: String?
        /// From an earlier soak than the newest (`Fleet.staleAfter`).
        public var stale: Bool
        /// `sky_version` is known and not the newest run's (`version` in `fleet`).
        public var otherVersion: Bool
    }

    public struct Summary: Codable, Equatable, Sendable {
        public var hosts: Int
        public var passed: Int
        public var failed: Int
        public var untrustworthy: Int
        /// Of the hosts with a rate per core; absent when none has one.
        public var medianRatePerCore: Double?
        public var madRatePerCore: Double?
        /// Rates per core below this are outliers; absent when too few hosts have one.
        public var outlierBelow: Double?
        /// The rule, as the text states it.
        public var outlierRule: String
        public var outliers: [String]
        /// The hosts, by name, that failed and that are untrustworthy.
        public var failedHosts: [String]
        public var untrustworthyHosts: [String]
        /// `--expect N`, or the number of `--expect-hosts` names; absent without either.
        public var expected: Int?
        /// Expected hosts that gave no summary: `missing_count` of them, `missing` by name where known.
        public var missingCount: Int
        public var missing: [String]
        /// Hosts that reported but are not on the `--expect-hosts` list.
        public var unexpected: [String]
        /// The newest run's sky version, which the others are held to.
        public var version: String?
        /// A run that ended more than this many seconds before the newest started is stale.
        public var staleAfterSeconds: Double?
        public var stale: [String]
        public var otherVersion: [String]
        public var unknownVersion: [String]
        /// The last line of the table: `fleet: FAIL: …`.
        public var rollUp: String
    }

    /// Sorted by host name, then by file.
    public var hosts: [Host]
    public var fleet: Summary
    public var skipped: [FleetInput.Skipped]
    public var exitStatus: Int32

    public init(_ fleet: Fleet, exitStatus: Int32) {
        hosts = fleet.hosts.map { row in
            let s = row.summary
            return Host(
                host: s.host, hostFromFile: s.hostFromFile, file: s.file, cores: s.cores, durationSeconds: s.elapsedSeconds, scans: s.scans,
                scansPerSecond: s.scansPerSecond, ratePerCore: s.ratePerCore, mismatches: s.mismatches, throttleCounts: s.throttleCounts,
                throttlingDrop: s.throttlingDrop, verdict: JSONSummary.VerdictObject(result: s.result.rawValue, reasons: s.reasons),
                outlier: row.outlier, duplicate: row.duplicate, skyVersion: s.version, kernel: s.kernel, cpuModel: s.cpuModel,
                startedAt: s.started?.description, endedAt: s.ended?.description, stale: row.stale, otherVersion: row.otherVersion)
        }
        self.fleet = Summary(
            hosts: fleet.hosts.count, passed: fleet.count(.pass), failed: fleet.count(.fail), untrustworthy: fleet.count(.untrustworthy),
            medianRatePerCore: fleet.outliers.median, madRatePerCore: fleet.outliers.mad, outlierBelow: fleet.outliers.threshold,
            outlierRule: fleet.outliers.rule(rate: FleetTable.rate), outliers: fleet.hosts.filter(\.outlier).map(\.summary.host),
            failedHosts: fleet.names { $0.summary.result == .fail }, untrustworthyHosts: fleet.names { $0.summary.result == .untrustworthy },
            expected: fleet.expected?.count, missingCount: fleet.missingCount, missing: fleet.missing, unexpected: fleet.unexpected,
            version: fleet.version, staleAfterSeconds: fleet.staleAfter, stale: fleet.names(\.stale), otherVersion: fleet.names(\.otherVersion),
            unknownVersion: fleet.names(\.unknownVersion), rollUp: FleetTable.rollUp(fleet))
        skipped = fleet.skipped
        self.exitStatus = exitStatus
    }

    /// The document as one line of JSON, keys sorted and in snake case.
    public func encoded() -> String {
        OneLineJSON.encode(self, keys: .convertToSnakeCase)
    }
}
