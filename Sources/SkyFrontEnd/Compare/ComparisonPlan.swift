import ArgumentParser
import SkyCore
import SkyCompare

/// The runs of `sky compare`: one configuration per compared setting, each the shared one with
/// that setting in its place. A setting that cannot run with the shared configuration is bad input,
/// refused before anything runs.
struct ComparisonPlan {
    let settings: [ComparedSetting]
    /// What every run shares, the seed included, so each runs the same scans.
    let shared: RunConfiguration
    /// A configuration per setting, in order.
    let runs: [RunConfiguration]

    init(settings: [ComparedSetting], shared: RunConfiguration) throws {
        for setting in settings {
            if let problem = Self.problem(running: setting, with: shared) { throw ValidationError(problem) }
        }
        self.settings = settings
        self.shared = shared
        runs = settings.map { $0.applied(to: shared) }
    }

    /// Why `setting` cannot run with `shared`, as `RunConfiguration.problem` has it; `nil` if it
    /// can.
    static func problem(running setting: ComparedSetting, with shared: RunConfiguration) -> String? {
        setting.applied(to: shared).problem.map { "\(setting.name): \($0)" }
    }

    /// The command that runs this comparison again: the names, then the shared options as `sky`
    /// would repeat them (`RunConfiguration.replayCommand`), the seed among them.
    var replay: String {
        "sky compare " + settings.map(\.name).joined(separator: " ") + shared.replayCommand.dropFirst("sky".count)
    }

    /// The comparison before any run.
    func comparison(cores: Int) -> Comparison {
        Comparison(settings: settings, configuration: shared, cores: cores, replay: replay)
    }
}
