import Synchronization

/// A strategy a package brings to Sky's front end, beside Sky's own: its loop, the name
/// `--strategy` picks it by, a few words for the dashboard's header, and the options it takes.
/// Made where the loop is written, it knows its own file, which the code panel (`v`) shows.
///
/// ```swift
/// SkyFrontEnd.main(adding: [OwnStrategy(GrowingWindow(), name: "growing", summary: "a window that grows")])
/// ```
public struct OwnStrategy: Sendable {
    /// What `--strategy` takes: lowercase letters, digits and hyphens.
    public let name: String
    /// A few words for the header and `--help`.
    public let summary: String
    /// The options it takes of those only some strategies do: `--spacing` (`next()` then sleeps
    /// the gap after each end) and `--catalogue` (each scan hands its result to the catalogue).
    public let takes: Set<StrategyOption>
    /// The loop.
    public let strategy: any Strategy
    /// The file that holds the loop, for the code panel.
    public let sourceFile: String

    /// The options a strategy of a package's own can take: the engine carries them out in
    /// `next()` and `scan.run()`. The others are counted or thrown by the loops Sky builds in.
    public static let options: Set<StrategyOption> = [.spacing, .catalogue]

    public init(_ strategy: any Strategy, name: String, summary: String, takes: Set<StrategyOption> = [], sourceFile: String = #filePath) {
        self.strategy = strategy
        self.name = name
        self.summary = summary
        self.takes = takes
        self.sourceFile = sourceFile
    }

    /// The strategies added to this process, in the order they were added.
    static var added: [OwnStrategy] { shelf.withLock { $0 } }

    private static let shelf = Mutex<[OwnStrategy]>([])

    /// Adds `strategies` to those `--strategy` can name, or says why one cannot be added: a name
    /// that is taken or not a plain word, or an option it cannot take. Nothing is added then.
    public static func add(_ strategies: [OwnStrategy]) throws(ConfigurationProblem) {
        try shelf.withLock { (shelf: inout [OwnStrategy]) throws(ConfigurationProblem) in
            var names = Set(ScanStrategy.builtIn.map(\.rawValue) + shelf.map(\.name))
            for own in strategies {
                if let problem = own.problem(besides: names) { throw problem }
                names.insert(own.name)
            }
            shelf += strategies
        }
    }

    private func problem(besides names: Set<String>) -> ConfigurationProblem? {
        let option = "--strategy \(name)"
        let plain = !name.isEmpty && name.first != "-" && name.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        if !plain {
            return ConfigurationProblem(option: option, description: "a strategy's name is lowercase letters, digits and hyphens, not \"\(name)\"")
        }
        if names.contains(name) {
            return ConfigurationProblem(option: option, description: "there is already a strategy named \(name): the names are \(RunConfiguration.list(names.sorted()))")
        }
        if let option = takes.subtracting(Self.options).first {
            return ConfigurationProblem(
                option: option.flag,
                description: "\(name) cannot take \(option.flag), which \(option.needs): a strategy of a package's own takes \(RunConfiguration.list(Self.options.map(\.flag).sorted()))")
        }
        return nil
    }
}
