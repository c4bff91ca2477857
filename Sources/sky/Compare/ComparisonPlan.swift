import ArgumentParser
import SkyCore
import SkyReport

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

    /// Why `setting` cannot run with `shared`, as the rules of `RunConfiguration` have it; `nil`
    /// if it can.
    static func problem(running setting: ComparedSetting, with shared: RunConfiguration) -> String? {
        switch setting {
        case .strategy(.unbounded) where shared.total == nil:
            "unbounded holds every scan at once, so it needs a --total (at most \(RunConfiguration.unboundedLimit))"
        case .strategy(.unbounded) where shared.total! > RunConfiguration.unboundedLimit:
            "unbounded holds every scan as a child task at once, so --total must be at most \(RunConfiguration.unboundedLimit) (or leave unbounded out)"
        case .strategy(let strategy) where !strategy.canThrow && shared.errors == .throw:
            "\(strategy.rawValue) cannot run --errors throw: \(strategy.whyItCannotThrow!); compare \(RunOptions.throwingStrategies) with it"
        case .errors(.throw) where !shared.strategy.canThrow:
            "--strategy \(shared.strategy.rawValue) cannot run --errors throw: \(shared.strategy.whyItCannotThrow!); compare result and throw with --strategy \(RunOptions.throwingStrategies)"
        case .errors(.collect) where shared.strategy != .batched:
            "collect frees each slot as its result goes into the body's array, which needs --strategy batched"
        case .errors(.collect) where (shared.total ?? .max) > RunConfiguration.collectLimit:
            "collect holds every result in the body's array, so it needs a --total of at most \(RunConfiguration.collectLimit)"
        case .strategy(let strategy) where strategy != .batched && shared.errors == .collect:
            "--errors collect frees each slot as its result goes into the body's array, so only batched can take it"
        case .strategy(let strategy) where !strategy.addsChildrenToAGroup && shared.catalogue != nil:
            "--catalogue is called by a group's children, so \(strategy.rawValue) cannot take it: compare unbounded, batched and stream with it"
        case .strategy(let strategy) where strategy != .unstructured && shared.taskBag:
            "--task-bag holds unstructured tasks, so \(strategy.rawValue) cannot take it: compare result and throw with --strategy unstructured"
        case .strategy(let strategy) where !strategy.takesSpacing && shared.spacing > .zero:
            "--spacing is the gap between scans run one at a time, so \(strategy.rawValue) cannot take it: compare \(ScanStrategy.spaced) with it"
        default:
            nil
        }
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
