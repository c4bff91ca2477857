public import SkyCore
import SkyFormat

/// A whole `sky compare`: the same scans run under each compared setting in turn, and what each
/// run did. The table and the JSON document are made from it.
public struct Comparison: Sendable {
    /// The settings asked for, in the order they run.
    public var settings: [ComparedSetting]
    /// What every run shares: seed, total, batch, work, priorities and the rest. The compared
    /// setting is each run's own (`ComparedSetting.applied(to:)`).
    public var configuration: RunConfiguration
    /// Cores the process may use.
    public var cores: Int
    /// The runs that ran, in order: all of them, unless the comparison was stopped.
    public var runs: [ComparedRun]
    /// Why the runs after the last one did not run (`stopped by SIGINT`); `nil` when all ran.
    public var stopped: String?
    /// The command that runs this comparison again.
    public var replay: String

    public init(
        settings: [ComparedSetting], configuration: RunConfiguration, cores: Int, runs: [ComparedRun] = [],
        stopped: String? = nil, replay: String
    ) {
        self.settings = settings
        self.configuration = configuration
        self.cores = cores
        self.runs = runs
        self.stopped = stopped
        self.replay = replay
    }

    /// The settings that did not run.
    public var notRun: [ComparedSetting] { Array(settings.dropFirst(runs.count)) }

    public var checksums: ChecksumAgreement { ChecksumAgreement(runs) }

    /// What the runs compare, in a few words: `strategies`.
    public var kind: String { settings.first?.kind ?? "strategies" }

    /// The setting no run changes, as a pair of words: `errors result`, `strategy batched`.
    public var fixedSetting: String {
        settings.first?.isStrategy ?? true
            ? "errors \(configuration.errors.rawValue)"
            : "strategy \(configuration.strategy.rawValue)"
    }

    /// `20 scans`, `scans for 2.0 s`, `at most 20 scans for 2.0 s`.
    public var bound: String {
        let duration = configuration.duration.map { FixedPoint.fixed($0.seconds, places: 1) + " s" }
        switch (configuration.total, duration) {
        case (let total?, nil): return "\(total) scans"
        case (let total?, let duration?): return "at most \(total) scans for \(duration)"
        case (nil, let duration?): return "scans for \(duration)"
        case (nil, nil): return "scans"
        }
    }
}
