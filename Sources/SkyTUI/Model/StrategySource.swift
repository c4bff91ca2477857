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
    /// The whole file, doc comment and all, as a student opens it.
    public var lines: [Line]

    /// Where in `lines` the strategy's first loop begins (`while`, `for`).
    public var loopIndex: Int? {
        lines.firstIndex { line in
            let code = line.text.drop { $0 == " " }
            return code.hasPrefix("while ") || code.hasPrefix("for ")
        }
    }

    /// The lines that matter most in this strategy, where the code panel opens: those its entry in
    /// `focusTexts` names, else its first loop.
    public var focus: ClosedRange<Int> {
        let named = regions(about: Self.focusTexts[String(path.split(separator: "/").last ?? "")] ?? [])
        if let first = named.first, let last = named.last { return first.lowerBound...last.upperBound }
        guard let start = loopIndex ?? lines.firstIndex(where: { !$0.text.hasPrefix("///") && !$0.text.isEmpty }) else { return 0...0 }
        return region(at: start)
    }

    /// For each of Sky's strategy files, text from the lines the file is there to show, which a
    /// first loop does not always hold: a stream's `onTermination`, the unstructured `Task {}` and
    /// its bag, the scope of an `async let` pair, the actor's queue, and the group around a window.
    static let focusTexts: [String: [String]] = [
        "BatchedWindow.swift": ["withTaskGroup("],
        "UnboundedGroup.swift": ["withTaskGroup("],
        "ThrowingWindow.swift": ["withThrowingTaskGroup("],
        "CollectingWindow.swift": ["withThrowingTaskGroup("],
        "EarlyReturnWindow.swift": ["withThrowingTaskGroup("],
        "ResultStream.swift": ["continuation.onTermination"],
        "UnstructuredTasks.swift": ["func start("],
        "AsyncLetPairs.swift": ["func runPair("],
        "ThrowingAsyncLetPairs.swift": ["func runPair("],
        "ActorStation.swift": ["func submit("],
    ]

    /// The lines each of `texts` points at, in the file's order (see `region(of:)`); a text found
    /// in no line of code points at none.
    public func regions(about texts: [String]) -> [ClosedRange<Int>] {
        texts.compactMap(region(of:)).sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Those of `texts` that no line of code holds.
    public func missing(_ texts: [String]) -> [String] {
        texts.filter { region(of: $0) == nil }
    }

    /// The first line of code (not a comment) that holds `text`, with the comment lines right
    /// above it and, when it opens a block, the block to its closing brace: the statement a reader
    /// looks at, with what it says of itself.
    func region(of text: String) -> ClosedRange<Int>? {
        lines.firstIndex { !Self.isComment($0.text) && $0.text.contains(text) }.map(region(at:))
    }

    private func region(at index: Int) -> ClosedRange<Int> {
        var start = index
        while start > 0 && Self.isComment(lines[start - 1].text) { start -= 1 }
        var end = index
        var depth = 0
        for (offset, line) in lines[index...].enumerated() {
            let code = line.text.components(separatedBy: "//")[0]
            depth += code.count { $0 == "{" } - code.count { $0 == "}" }
            end = index + offset
            if depth <= 0 { break }
        }
        return start...end
    }

    private static func isComment(_ line: String) -> Bool {
        line.drop { $0 == " " }.hasPrefix("//")
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

    /// The source `text` of the file at `path`: every line, and the idea from its doc comment.
    public init(path: String, text: String) {
        self.path = path
        var all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while all.last?.isEmpty == true { all.removeLast() }
        // A package's file may begin with its imports; the strategy's doc comment comes after.
        let firstLine = all.first { $0.hasPrefix("///") }.map { String($0.dropFirst(3).drop { $0 == " " }) } ?? ""
        // "**A bounded task group: the sliding window.**" reads as a title without its stars.
        idea = firstLine.replacing("**", with: "")
        lines = all.enumerated().map { Line(number: $0.offset + 1, text: $0.element) }
    }
}
