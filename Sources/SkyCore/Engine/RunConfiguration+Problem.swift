/// Why a configuration cannot run: the option at fault, and one sentence that names the problem
/// and what is accepted instead.
public struct ConfigurationProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The option at fault, as the command line gives it: `--spacing`, `--errors collect`.
    public var option: String
    public var description: String
}

extension RunConfiguration {
    /// Whether this configuration can run, and if not, why: the one rule that the command line,
    /// `sky compare`, `sky replay` and the dashboard's rerun all ask, and that the engine insists
    /// on (`ScanModel.init`). `nil` when it can run.
    public var problem: ConfigurationProblem? {
        if total == nil && duration == nil {
            return ConfigurationProblem(option: "--total", description: "a run needs a --total, a --duration or both")
        }
        if let range = outOfRange { return range }
        if case .own(let name) = strategy, strategy.added == nil {
            return ConfigurationProblem(
                option: "--strategy", description: "this build of Sky has no strategy named \(name): the strategies are \(Self.list(ScanStrategy.allCases.map(\.rawValue)))")
        }
        for option in StrategyOption.allCases where option.isGiven(in: self) && !strategy.takes.contains(option) {
            return Self.refusal(of: option, by: strategy)
        }
        if strategy.addsEveryScanAtOnce && (total ?? .max) > Self.unboundedLimit {
            let option = "--strategy \(strategy.rawValue)"
            return ConfigurationProblem(
                option: option,
                description: total == nil
                    ? "\(option) holds every scan as a child task at once, so it needs a --total of at most \(Self.unboundedLimit)"
                    : "\(option) holds every scan as a child task at once, so --total must be at most \(Self.unboundedLimit) (or use --strategy batched)")
        }
        if errors == .collect && (total ?? .max) > Self.collectLimit {
            return ConfigurationProblem(
                option: "--errors collect",
                description: "--errors collect holds every result in the body's array, so it needs a --total of at most \(Self.collectLimit)")
        }
        if take != nil && errors == .collect {
            return ConfigurationProblem(
                option: "--errors collect",
                description: "--errors collect keeps every result in the body's array until the group ends, so it does not take --take: use --errors result or throw")
        }
        if take != nil && duration != nil {
            // A group whose body returns early would wait for the deadline's timer, one of its children.
            return ConfigurationProblem(
                option: "--take",
                description: "--take ends the run after that many results and --duration after a time: give a --total with --take, not a --duration")
        }
        return nil
    }

    /// Why `strategy` does not take `option`, naming the strategies that do.
    static func refusal(of option: StrategyOption, by strategy: ScanStrategy) -> ConfigurationProblem {
        let description: String
        if option == .errorsThrow {
            // Each strategy that can throw says what it throws out of, and one that cannot, why.
            description = "--errors throw is for --strategy \(throwingStrategies); \(strategy.rawValue) cannot: \(strategy.whyItCannotThrow ?? "")"
        } else {
            let takers = Self.list(option.strategies.map(\.rawValue))
            description = "\(option.flag) \(option.needs): use it with --strategy \(takers), not \(strategy.rawValue)"
        }
        return ConfigurationProblem(option: option.flag, description: description)
    }

    /// The strategies that take `--errors throw`, each with what it throws out of:
    /// `serial (out of the serial loop), unbounded or batched (out of the task group), …`.
    public static var throwingStrategies: String {
        var outOf: [(strategies: [String], thrownOutOf: String)] = []
        for strategy in StrategyOption.errorsThrow.strategies {
            guard let thrownOutOf = strategy.throwsOutOf else { continue }
            if outOf.last?.thrownOutOf == thrownOutOf {
                outOf[outOf.count - 1].strategies.append(strategy.rawValue)
            } else {
                outOf.append(([strategy.rawValue], thrownOutOf))
            }
        }
        return outOf.map { "\(list($0.strategies)) (out of \($0.thrownOutOf))" }.joined(separator: ", ")
    }

    /// `a`, `a or b`, `a, b or c`.
    public static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    /// The first value outside the range the engine takes, if any.
    private var outOfRange: ConfigurationProblem? {
        func refuse<Value>(_ option: String, _ value: Value, _ range: ClosedRange<Value>) -> ConfigurationProblem {
            ConfigurationProblem(option: option, description: "\(option) must be from \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
        if let total, !Self.totalRange.contains(total) { return refuse("--total", total, Self.totalRange) }
        if let duration, !Self.durationRange.contains(duration) { return refuse("--duration", duration, Self.durationRange) }
        if !Self.batchRange.contains(batch) { return refuse("--batch", batch, Self.batchRange) }
        if !Self.workRange.contains(work) { return refuse("--work", work, Self.workRange) }
        if !Self.failureRateRange.contains(failureRate) { return refuse("--failure-rate", failureRate, Self.failureRateRange) }
        if !Self.speedRange.contains(speed) { return refuse("--speed", speed, Self.speedRange) }
        if !Self.spacingRange.contains(spacing) { return refuse("--spacing", spacing, Self.spacingRange) }
        if !Self.corruptionRateRange.contains(corruptionRate) {
            return refuse("--inject-corruption", corruptionRate, Self.corruptionRateRange)
        }
        if let cancelAfter, !Self.durationRange.contains(cancelAfter) { return refuse("--cancel-after", cancelAfter, Self.durationRange) }
        if !Self.ignoreCancellationRateRange.contains(ignoreCancellationRate) {
            return refuse("--ignore-cancellation", ignoreCancellationRate, Self.ignoreCancellationRateRange)
        }
        if let take, !Self.takeRange.contains(take) { return refuse("--take", take, Self.takeRange) }
        return nil
    }

    /// This run again with `strategy`, keeping every option the strategy takes and leaving out the
    /// ones it does not (`ScanStrategy.takes`): the dashboard's rerun (`r`). An unbounded run keeps
    /// at most the scans it can hold.
    public func rerun(with strategy: ScanStrategy) -> RunConfiguration {
        var next = self
        next.strategy = strategy
        for option in StrategyOption.allCases where option.isGiven(in: next) && !strategy.takes.contains(option) {
            switch option {
            case .spacing: next.spacing = .zero
            case .errorsThrow, .errorsCollect, .errorsCancel: next.errors = .result
            case .taskBag: next.taskBag = false
            case .catalogue: next.catalogue = nil
            case .take: next.take = nil
            case .detached: next.detached = false
            }
        }
        if strategy.addsEveryScanAtOnce { next.total = min(next.total ?? Self.unboundedLimit, Self.unboundedLimit) }
        // A collecting run rerun with a strategy that only throws keeps the throw: the same failure
        // still ends it.
        if errors == .collect && next.errors == .result && strategy.takes.contains(.errorsThrow) { next.errors = .throw }
        return next
    }
}
