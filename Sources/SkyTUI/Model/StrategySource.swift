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

    public static func of(_ configuration: RunConfiguration) -> StrategySource {
        configuration.loopFile.map(source(named:)) ?? own(configuration.strategy)
    }

    /// The plain loop of `strategy`, as a run with no `--errors` or `--take` runs it.
    public static func of(_ strategy: ScanStrategy) -> StrategySource {
        of(RunConfiguration(total: 1, batch: 1, seed: 0, strategy: strategy))
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
