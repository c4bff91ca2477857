import SkyCore
import SkyFormat
public import SkyCompare

/// The comparison for machines: one JSON document with what the runs share, every figure of the
/// table for each run, and whether the checksums agree.
public struct ComparisonJSON: Codable, Equatable, Sendable {
    /// One run's column of the table, with the figures behind it.
    public struct Run: Codable, Equatable, Sendable {
        public var name: String
        public var strategy: String
        public var errorMode: String
        /// `RunEnding.name` (as the summary's `ending`), or `running` for a run not finished.
        public var ending: String
        /// The scan whose failure ended the run (`thrown`, `fail_fast`); absent otherwise.
        public var endingScan: Int?
        public var wallSeconds: Double
        public var scansPerSecond: Double
        public var cpuSeconds: Double
        public var cpuBusyShare: Double
        public var maxRunning: Int
        public var mostSeenOnThread: Int
        public var waitMs: JSONSummary.Percentiles
        public var runMs: JSONSummary.Percentiles
        public var scheduled: Int
        public var completed: Int
        public var failed: Int
        public var cancelled: Int
        public var verificationFailures: Int
        public var resultsLost: Int
        public var checksum: String
    }

    /// `strategies` or `error_modes`.
    public var compared: String
    /// Every name asked for, in the order they run.
    public var names: [String]
    /// What every run shares. The compared setting is absent: each run gives its own.
    public var shared: JSONSummary.Settings
    public var cores: Int
    /// The runs that ran, in order.
    public var runs: [Run]
    /// Names that did not run because the comparison was stopped.
    public var notRun: [String]
    /// Why they did not run (`stopped by SIGINT`); absent when every run ran.
    public var stopped: String?
    public var checksumsAgree: Bool
    /// `ChecksumAgreement.Verdict`: `agree`, `differ`, `different_scans` or `too_few`.
    public var checksums: String
    public var checksumsReason: String
    public var exitStatus: Int32
    public var replay: String

    public init(_ comparison: Comparison, exitStatus: Int32) {
        let c = comparison.configuration
        let comparesStrategies = comparison.settings.first?.isStrategy ?? true
        compared = comparesStrategies ? "strategies" : "error_modes"
        names = comparison.settings.map(\.name)
        shared = JSONSummary.Settings(c, batch: c.batch)
        if comparesStrategies { shared.strategy = nil } else { shared.errorMode = nil }
        (shared.speed, shared.spacingSeconds, shared.yields) = (c.speed, OneLineJSON.seconds(c.spacing), c.yields)
        cores = comparison.cores
        runs = zip(comparison.settings, comparison.runs).map { setting, run in
            let configuration = setting.applied(to: c)
            return Run(
                name: run.name, strategy: configuration.strategy.rawValue, errorMode: configuration.errors.rawValue,
                ending: run.ending?.name ?? "running", endingScan: run.ending?.scan, wallSeconds: OneLineJSON.seconds(run.wall),
                scansPerSecond: run.scansPerSecond, cpuSeconds: (run.cpuSeconds * 1e6).rounded() / 1e6,
                cpuBusyShare: run.cpuBusyShare, maxRunning: run.maxRunning, mostSeenOnThread: run.mostSeenOnThread,
                waitMs: JSONSummary.Percentiles(run.wait), runMs: JSONSummary.Percentiles(run.run), scheduled: run.counters.scheduled,
                completed: run.counters.completed, failed: run.counters.failed, cancelled: run.counters.cancelled,
                verificationFailures: run.counters.verificationFailures, resultsLost: run.resultsLost, checksum: Hex.format(run.checksum))
        }
        notRun = comparison.notRun.map(\.name)
        stopped = comparison.stopped
        let agreement = comparison.checksums
        checksumsAgree = agreement.agree
        checksums = agreement.verdict.rawValue
        checksumsReason = agreement.reason
        self.exitStatus = exitStatus
        replay = comparison.replay
    }

    /// The document as one line of JSON, every key in snake case (`cpuBusyShare` is `cpu_busy_share`).
    public func encoded() -> String {
        OneLineJSON.encode(self, keys: .convertToSnakeCase)
    }
}
