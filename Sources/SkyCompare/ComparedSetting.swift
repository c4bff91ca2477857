public import SkyCore

/// What `sky compare` changes from one run to the next: the strategy, or the error mode. Every
/// other setting is the same for each run, so what differs in the comparison is this one's doing.
public enum ComparedSetting: Equatable, Sendable {
    case strategy(ScanStrategy)
    case errors(ErrorMode)

    /// A strategy's or an error mode's name, in any case; `nil` for anything else. The two sets of
    /// names do not overlap.
    public init?(name: String) {
        let name = name.lowercased()
        if let strategy = ScanStrategy(rawValue: name) {
            self = .strategy(strategy)
        } else if let errors = ErrorMode(rawValue: name) {
            self = .errors(errors)
        } else {
            return nil
        }
    }

    /// Every name, as the help and the errors list them: each strategy's, then each error mode's,
    /// `serial, unbounded, … (strategies) or result, throw, … (error modes)`.
    public static var accepted: String {
        ScanStrategy.allCases.map(\.rawValue).joined(separator: ", ") + " (strategies) or "
            + ErrorMode.allCases.map(\.rawValue).joined(separator: ", ") + " (error modes)"
    }

    /// The name as the command line gives it: `serial`, `throw`.
    public var name: String {
        switch self {
        case .strategy(let strategy): strategy.rawValue
        case .errors(let errors): errors.rawValue
        }
    }

    /// What kind of setting it is, plural, for sentences: `strategies`, `error modes`.
    public var kind: String {
        switch self {
        case .strategy: "strategies"
        case .errors: "error modes"
        }
    }

    public var isStrategy: Bool {
        if case .strategy = self { return true }
        return false
    }

    /// `configuration` with this setting in place of its own.
    public func applied(to configuration: RunConfiguration) -> RunConfiguration {
        var configuration = configuration
        switch self {
        case .strategy(let strategy): configuration.strategy = strategy
        case .errors(let errors): configuration.errors = errors
        }
        return configuration
    }
}
