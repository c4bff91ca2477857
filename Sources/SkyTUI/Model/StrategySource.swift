import Foundation
public import SkyCore

/// The code of a strategy as it runs: the lines of its file under Sources/SkyCore/Strategies,
/// built into the binary by the EmbedTexts plugin, so the code panel cannot show lines other than
/// the ones compiled into the engine. A package's own strategy is read from its file
/// (`OwnStrategy.sourceFile`) when the run starts.
public struct StrategySource: Equatable, Sendable {
    public struct Line: Equatable, Sendable {
        /// The line's number in its file.
        public var number: Int
        public var text: String
    }

    /// The file, as the repository names it.
    public var path: String
    /// The doc comment's first sentence: the idea the strategy shows.
    public var idea: String
    /// The code after the file's doc comment, to its end.
    public var lines: [Line]

    /// Where in `lines` the strategy's first loop begins (`while`, `for`).
    public var loopIndex: Int? {
        lines.firstIndex { line in
            let code = line.text.drop { $0 == " " }
            return code.hasPrefix("while ") || code.hasPrefix("for ")
        }
    }

    /// The file that holds each of Sky's strategies' loop; `nil` for a package's own.
    static func fileName(of strategy: ScanStrategy) -> String? {
        switch strategy {
        case .serial: "SerialLoop.swift"
        case .unbounded: "UnboundedGroup.swift"
        case .batched: "BatchedWindow.swift"
        case .stream: "ResultStream.swift"
        case .asyncLet: "AsyncLetPairs.swift"
        case .unstructured: "UnstructuredTasks.swift"
        case .actorQueue, .actorReentrant: "ActorStation.swift"
        case .own: nil
        }
    }

    /// The file that holds the loop `configuration` runs: a strategy's variants (a throwing group,
    /// a collecting body, a body that returns early) have a file of their own.
    static func fileName(of configuration: RunConfiguration) -> String? {
        // The variants still run on the engine's loop steps, each from a file of its own.
        let variant = configuration.errors != .result || configuration.take != nil
        return switch configuration.strategy {
        case .batched where variant: "WindowVariants.swift"
        case .serial where variant: "SerialLoopVariants.swift"
        case .unbounded where variant: "UnboundedGroupVariants.swift"
        case .unstructured where variant: "UnstructuredTasksVariants.swift"
        case .asyncLet where variant: "AsyncLetPairsVariants.swift"
        default: fileName(of: configuration.strategy)
        }
    }

    public static func of(_ configuration: RunConfiguration) -> StrategySource {
        fileName(of: configuration).map(source(named:)) ?? own(configuration.strategy)
    }

    public static func of(_ strategy: ScanStrategy) -> StrategySource {
        fileName(of: strategy).map(source(named:)) ?? own(strategy)
    }

    /// A package's own strategy, from the file it was written in, or a line that says why not.
    private static func own(_ strategy: ScanStrategy) -> StrategySource {
        guard let path = strategy.added?.sourceFile else {
            return StrategySource(path: strategy.rawValue, text: "/// A strategy this build of Sky does not have.")
        }
        // Named from its package's Sources folder, as Sky's own are from Sky's.
        let shown = path.ranges(of: "/Sources/").last.map { String(path[path.index(after: $0.lowerBound)...]) } ?? path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return StrategySource(path: shown, text: "/// Its source file, \(path), could not be read.")
        }
        return StrategySource(path: shown, text: text)
    }

    private static func source(named name: String) -> StrategySource {
        guard let file = embeddedStrategySources.first(where: { $0.file == name }) else {
            preconditionFailure("\(name) was not embedded: the EmbedTexts plugin reads Sources/SkyCore/Strategies")
        }
        return StrategySource(path: "Sources/SkyCore/Strategies/" + name, text: file.text)
    }

    /// The source `text` of the file at `path`, split into its doc comment and its code.
    public init(path: String, text: String) {
        self.path = path
        var all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while all.last?.isEmpty == true { all.removeLast() }
        // A package's file may begin with its imports; the strategy's doc comment comes after.
        let start = all.firstIndex { $0.hasPrefix("///") } ?? 0
        let comment = all[start...].prefix { $0.hasPrefix("///") }
        let firstLine = comment.first.map { String($0.dropFirst(3).drop { $0 == " " }) } ?? ""
        // "**A bounded task group: the sliding window.**" reads as a title without its stars.
        idea = firstLine.replacing("**", with: "")
        lines = all.enumerated().dropFirst(start + comment.count).map { Line(number: $0.offset + 1, text: $0.element) }
    }
}
