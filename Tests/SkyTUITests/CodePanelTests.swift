import Foundation
import SkyCore
@testable import SkyTUI
import Testing

/// The code panel shows the strategy's real source: the lines built into the binary are the lines
/// of the file, and `v` brings them up in place of the errors panel.
@Suite("The code panel")
struct CodePanelTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each of Sky's strategies, plain and with each of `--errors throw`, `--errors collect` and
    /// `--take` that it takes.
    static let loops: [RunConfiguration] = ScanStrategy.builtIn.flatMap { strategy in
        let plain = RunConfiguration(total: 20, batch: 4, seed: 1, strategy: strategy)
        var runs = [plain]
        for errors in [ErrorMode.throw, .collect] {
            var run = plain
            run.errors = errors
            runs.append(run)
        }
        var taking = plain
        taking.take = 3
        runs.append(taking)
        return runs.filter { $0.problem == nil }
    }

    @Test("Each loop's embedded source is its file's text, line for line", arguments: loops)
    func embeddedMatchesFile(run: RunConfiguration) throws {
        let source = StrategySource.of(run)
        let file = try String(contentsOf: Self.packageRoot.appendingPathComponent(source.path), encoding: .utf8)
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(!source.lines.isEmpty)
        for line in source.lines {
            #expect(lines[line.number - 1] == line.text, "line \(line.number) of \(source.path)")
        }
        // The code follows the doc comment, whose first sentence names the idea.
        #expect(lines[source.lines[0].number - 2].hasPrefix("///"))
        #expect(!source.lines[0].text.hasPrefix("///"))
        #expect(file.hasPrefix("/// **" + source.idea + "**"))
    }

    @Test("The batched window's panel shows its loop with the file's line numbers")
    func batchedPanel() throws {
        var state = DashboardState(snapshot: Scene.midRun, size: TerminalSize(width: 100, height: 30), info: Scene.info)
        _ = state.update(.frame(Scene.midRun, elapsed: .seconds(4)))
        #expect(!DashboardView.render(state).text.contains("── Code"))
        #expect(state.update(.key(.character("v"))) == [])
        let frame = DashboardView.render(state).text
        #expect(frame.contains("── Code  Sources/SkyCore/Strategies/BatchedWindow.swift: A bounded task group: the sliding window."))
        let source = StrategySource.of(.batched)
        // The whole loop, as the book has it: the window filled, then a result frees a slot.
        let loop = source.lines[try #require(source.loopIndex)]
        #expect(loop.text.contains("while inGroup < scans.batch, let scan = await scans.next()"))
        for line in source.lines.filter({ $0.text.contains("addTask(") || $0.text.contains("for await _ in group") }) {
            #expect(frame.contains(" \(line.number)  \(line.text)"), "line \(line.number) missing")
        }
        #expect(frame.contains("v hide code"))
        // e brings the explain panel back in its place; v again closes the code.
        _ = state.update(.key(.character("e")))
        #expect(DashboardView.render(state).text.contains("── Explain"))
    }
}
