import Foundation
import SkyCore
@testable import SkyTUI
import Testing

/// The code panel shows the strategy's real source, the whole file: the lines built into the
/// binary are the lines of the file, `v` brings them up in place of the errors panel, at the lines
/// that matter, and the scroll keys reach the rest. No line is cut without a mark.
@Suite("The code panel")
struct CodePanelTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let projector = TerminalSize(width: 80, height: 24)

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

    /// One of `loops` for each file they show.
    static let files: [RunConfiguration] = loops.reduce(into: [:]) { byPath, run in
        byPath[StrategySource.of(run).path] = byPath[StrategySource.of(run).path] ?? run
    }.sorted { $0.key < $1.key }.map(\.value)

    /// A dashboard for `configuration` at `size`, with the code panel open.
    static func opened(_ configuration: RunConfiguration, size: TerminalSize = projector, lesson: LessonStage? = nil) -> DashboardState {
        var state = DashboardState(snapshot: ScanSnapshot(configuration: configuration), size: size, info: RunInfo(cores: 2, lesson: lesson))
        _ = state.update(.key(.character("v")))
        return state
    }

    static func press(_ key: Key, _ times: Int = 1, on state: inout DashboardState) {
        for _ in 0..<times { _ = state.update(.key(key)) }
    }

    /// The code panel's title and rows in `state`'s frame: from its rule to the footer.
    static func panel(_ state: DashboardState) -> (title: String, rows: [String]) {
        let lines = DashboardView.render(state).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let title = lines.firstIndex(where: { $0.hasPrefix("── Code") || $0.hasPrefix("-- Code") }) else { return ("", []) }
        return (lines[title], Array(lines[(title + 1)..<(lines.count - 1)]))
    }

    /// The line number a row begins, after its mark; `nil` for a further row of a wrapped line.
    static func number(_ row: String) -> Int? {
        Int(row.dropFirst().drop { $0 == " " }.prefix { $0.isNumber })
    }

    static func numbers(_ state: DashboardState) -> [Int] {
        panel(state).rows.compactMap(number)
    }

    /// The text of each line the panel shows, by number, its wrapped rows joined.
    static func texts(_ state: DashboardState) -> [Int: String] {
        texts(panel(state).rows, of: state)
    }

    static func texts(_ rows: [String], of state: DashboardState) -> [Int: String] {
        let gutter = 1 + String(state.source.lines.count).count + 2
        var texts: [Int: String] = [:]
        var current: Int?
        for row in rows {
            if let number = number(row) {
                current = number
                texts[number] = String(row.dropFirst(gutter))
            } else if let current, row.dropFirst().drop(while: { $0 == " " }).first == state.glyphs.wrapped {
                texts[current, default: ""] += " " + row.dropFirst(gutter).drop { $0 == " " }
            }
        }
        return texts
    }

    /// `text` with every run of spaces after its indent as one: how a wrapped line reads back.
    static func collapsed(_ text: String) -> String {
        let indent = text.prefix { $0 == " " }
        return indent + text.dropFirst(indent.count).split(separator: " ").joined(separator: " ")
    }

    @Test("Each loop's embedded source is its file's text, line for line, the whole file", arguments: loops)
    func embeddedMatchesFile(run: RunConfiguration) throws {
        let source = StrategySource.of(run)
        let file = try String(contentsOf: Self.packageRoot.appendingPathComponent(source.path), encoding: .utf8)
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(source.lines.map(\.text) == Array(lines.prefix(source.lines.count)))
        #expect(lines.dropFirst(source.lines.count).allSatisfy { $0.isEmpty })
        #expect(source.lines.map(\.number) == Array(1...source.lines.count))
        // The doc comment's first sentence names the idea.
        #expect(file.hasPrefix("/// **" + source.idea + "**"))
    }

    @Test("The batched window's panel opens at its group, with the file's line numbers")
    func batchedPanel() throws {
        var state = DashboardState(snapshot: Scene.midRun, size: TerminalSize(width: 120, height: 40), info: Scene.info)
        _ = state.update(.frame(Scene.midRun, elapsed: .seconds(4)))
        #expect(!DashboardView.render(state).text.contains("── Code"))
        #expect(state.update(.key(.character("v"))) == [])
        let frame = DashboardView.render(state).text
        #expect(frame.contains("── Code  Sources/SkyCore/Strategies/BatchedWindow.swift ──"))
        #expect(frame.contains("─ lines 16-37 of 37 · Up Down PgUp PgDn ─"), "the title says which lines show, and the keys to the rest")
        let source = StrategySource.of(.batched)
        let group = try #require(source.lines.first { $0.text.contains("await withTaskGroup(") })
        #expect(Self.numbers(state).first == group.number)
        for line in source.lines.filter({ $0.text.contains("addTask(") || $0.text.contains("for await _ in group") }) {
            #expect(frame.contains(" \(line.number)  \(line.text)"), "line \(line.number) missing")
        }
        #expect(frame.contains("v hide code"))
        // e brings the explain panel back in its place; v again closes the code.
        _ = state.update(.key(.character("e")))
        #expect(DashboardView.render(state).text.contains("── Explain"))
    }

    @Test("The panel holds the whole file: the scroll keys reach its first line, its last, and every one between", arguments: files)
    func wholeFile(run: RunConfiguration) {
        var state = Self.opened(run)
        let count = state.source.lines.count
        Self.press(.pageUp, count, on: &state)
        var shown = Self.numbers(state)
        #expect(shown.first == 1)
        var seen = Set(shown)
        for _ in 0..<count where shown.last != count {
            Self.press(.pageDown, on: &state)
            shown = Self.numbers(state)
            seen.formUnion(shown)
        }
        #expect(shown.last == count)
        #expect(seen == Set(1...count))
    }

    @Test("Scrolling stops at the file's ends, a page goes on from the line after the last shown, and the title says which lines show")
    func scrollingBounds() throws {
        var state = Self.opened(RunConfiguration(total: 20, batch: 4, seed: 1))
        let count = state.source.lines.count
        func position() throws -> [Int] {
            let title = Self.panel(state).title
            let words = try #require(title.components(separatedBy: " lines ").last).split(separator: " ")
            return words[0].split(separator: "-").compactMap { Int($0) } + [Int(words[2]) ?? 0]
        }
        Self.press(.pageUp, 10, on: &state)
        #expect(Self.numbers(state).first == 1)
        let top = Self.panel(state)
        Self.press(.up, on: &state)
        Self.press(.pageUp, on: &state)
        #expect(Self.panel(state) == top, "past the first line")
        let lastShown = try #require(Self.numbers(state).last)
        #expect(try position() == [1, lastShown, count])

        let firstPage = Self.numbers(state)
        Self.press(.pageDown, on: &state)
        #expect(Self.numbers(state).first == (firstPage.last ?? 0) + 1)
        Self.press(.down, on: &state)
        #expect(Self.numbers(state).first == (firstPage.last ?? 0) + 2)

        Self.press(.pageDown, count, on: &state)
        #expect(Self.numbers(state).last == count)
        let bottom = Self.panel(state)
        Self.press(.down, on: &state)
        Self.press(.pageDown, on: &state)
        #expect(Self.panel(state) == bottom, "past the last line")
        let firstShown = try #require(Self.numbers(state).first)
        #expect(try position() == [firstShown, count, count])

        // v closes it; opened again, it is back at the lines that matter.
        Self.press(.character("v"), 2, on: &state)
        #expect(Self.numbers(state).first == 16)
    }

    @Test("The stream's panel opens at onTermination, not the consumer", arguments: [projector, TerminalSize(width: 120, height: 40)])
    func streamOpensAtTermination(size: TerminalSize) {
        let rows = Self.panel(Self.opened(RunConfiguration(total: 20, batch: 4, seed: 1, strategy: .stream), size: size)).rows.joined(separator: "\n")
        #expect(rows.contains("continuation.onTermination = { termination in"), "\(rows)")
        #expect(rows.contains("producer.cancel()"), "\(rows)")
    }

    @Test("The unstructured panel opens at the Task {} and the bag that keeps it", arguments: [projector, TerminalSize(width: 120, height: 40)])
    func unstructuredOpensAtTasks(size: TerminalSize) {
        var run = RunConfiguration(total: 20, batch: 4, seed: 1, strategy: .unstructured)
        run.taskBag = true
        let rows = Self.panel(Self.opened(run, size: size)).rows.joined(separator: "\n")
        #expect(rows.contains("let task = Task(name: scan.name, priority: scan.priority) {"), "\(rows)")
        #expect(rows.contains("bag?.keep(task, slot: scan.slot)"), "\(rows)")
        if size.height >= 40 { #expect(rows.contains("let bag = keepsABag ? TaskBag(scans) : nil"), "\(rows)") }
    }

    @Test("No line is cut: each one too long for the panel wraps, every further row marked, and reads back whole", arguments: files, [Glyphs.unicode, .ascii])
    func noLineCut(run: RunConfiguration, glyphs: Glyphs) {
        // The narrowest the dashboard goes, and tall enough for the longest line's rows.
        var state = Self.opened(run, size: TerminalSize(width: DashboardView.minimumSize.width, height: 24))
        state.glyphs = glyphs
        let count = state.source.lines.count
        Self.press(.pageUp, count, on: &state)
        var rows = Self.panel(state).rows
        var texts = Self.texts(rows, of: state)
        for _ in 0..<count where rows.compactMap(Self.number).last != count {
            Self.press(.pageDown, on: &state)
            rows = Self.panel(state).rows
            texts.merge(Self.texts(rows, of: state)) { first, _ in first }
        }
        for line in state.source.lines {
            #expect(texts[line.number].map(Self.collapsed) == Self.collapsed(line.text), "line \(line.number) of \(state.source.path)")
        }
    }

    @Test("The collecting body's group line, longer than a projector's panel, wraps with a mark")
    func longLineWraps() throws {
        var run = RunConfiguration(total: 20, batch: 4, seed: 1)
        run.errors = .collect
        let state = Self.opened(run)
        let line = try #require(state.source.lines.first { $0.text.contains("withThrowingTaskGroup(") })
        #expect(line.text.count > 80)
        let rows = Self.panel(state).rows
        let at = try #require(rows.firstIndex { Self.number($0) == line.number })
        #expect(rows[at + 1].hasPrefix("  ↪  "), "\(rows)")
        #expect(Self.texts(state)[line.number].map(Self.collapsed) == Self.collapsed(line.text))
    }

    @Test("A line taller than the whole panel shows what fits and ends with a mark")
    func tallLine() {
        let source = StrategySource(path: "Sources/Own/Own.swift", text: "/// **Own.**\nlet signal = \"" + String(repeating: "sky ", count: 200) + "\"\n")
        let page = CodePage(source, textWidth: 55, height: 4)
        var grid = Grid(size: TerminalSize(width: 60, height: 5))
        CodePanel.draw(source, page: page, top: 1, marked: [], glyphs: .unicode, into: &grid, x: 0, y: 0, width: 60, height: 5)
        let rows = grid.text.split(separator: "\n").map(String.init)
        #expect(rows.count == 5)
        #expect(rows[0].contains("lines 2-2 of 2"), "\(rows)")
        #expect(rows[4].hasSuffix("…"), "\(rows)")
        #expect(page.lastTop == 1 && page.scrolled(from: 1, by: .pageDown) == 1)
    }

    @Test("A lesson's lines are marked, and the panel opens at the first of them")
    func lessonMarks() throws {
        let lesson = LessonStage(title: "lesson 14, part 1 of 2: the consumer takes two", next: "part 2", nextBrief: "part 2", code: ["scans.hasEnough(taken)", "slotFreed.yield()"])
        let state = Self.opened(RunConfiguration(total: 20, batch: 4, seed: 1, strategy: .stream), lesson: lesson)
        let source = state.source
        let enough = try #require(source.lines.first { $0.text.contains("scans.hasEnough(taken)") })
        let yield = try #require(source.lines.first { $0.text.contains("slotFreed.yield()") && !$0.text.contains("//") })
        let rows = Self.panel(state).rows
        for row in rows {
            let marked = [enough.number, yield.number].contains(Self.number(row) ?? 0)
            #expect(row.hasPrefix("▶") == marked, "\(row)")
        }
        #expect(rows.contains { Self.number($0) == enough.number } && rows.contains { Self.number($0) == yield.number })
        #expect(!rows.joined().contains("onTermination"), "the lesson's lines come before the strategy's")
    }

    @Test("A text points at its first line of code, the comment above it and the block it opens; comments alone point nowhere")
    func regions() {
        let stream = StrategySource.of(.stream)
        // Lines 43-48: `continuation.onTermination = { termination in` to its closing brace.
        #expect(stream.regions(about: ["continuation.onTermination"]) == [42...47])
        // The doc comment speaks of `onTermination` too; only the code counts.
        #expect(stream.regions(about: ["The stream's `onTermination` does"]) == [])
        #expect(stream.missing(["producer.cancel()", "not in it"]) == ["not in it"])
        var bagged = RunConfiguration(total: 1, batch: 1, seed: 0, strategy: .unstructured)
        bagged.taskBag = true
        // `// Torn down when this function returns…` above `let bag = …`.
        #expect(StrategySource.of(bagged).regions(about: ["let bag"]).map { $0.count } == [2])
        // Every text the panel opens Sky's files at is in its file.
        for (file, texts) in StrategySource.focusTexts {
            let source = StrategySource(path: file, text: (try? String(contentsOf: Self.packageRoot.appendingPathComponent("Sources/SkyCore/Strategies/" + file), encoding: .utf8)) ?? "")
            #expect(source.missing(texts) == [], "\(file)")
        }
    }

    @Test("A package's own file shows whole, imports and all, named from its Sources folder's level")
    func ownFile() {
        let source = StrategySource(path: "Sources/Growing/Growing.swift", text: "import SkyCore\n\n/// **A window that grows.**\nstruct Growing: Strategy {\n    func run(_ scans: Scans) async {\n        while let scan = await scans.next() { await scan.run() }\n    }\n}\n")
        #expect(source.lines.first?.text == "import SkyCore")
        #expect(source.lines.count == 8)
        #expect(source.idea == "A window that grows.")
        // No entry of its own: it opens at its first loop.
        #expect(source.focus == 5...5)
    }

    @Test("Code wraps at the last space that fits, under the line's indent or its comment's words, and loses nothing")
    func wrapping() {
        let code = "        group.addTask(name: scan.name, priority: scan.priority) { await scan.run() }"
        let rows = TextWrap.code(code, width: 40)
        #expect(rows == ["        group.addTask(name: scan.name,", "            priority: scan.priority) {", "            await scan.run() }"])
        #expect(TextWrap.code("    // a comment that goes on and on", width: 20) == ["    // a comment", "       that goes on", "       and on"])
        // A word longer than a row breaks mid-word.
        #expect(TextWrap.code(String(repeating: "x", count: 25), width: 10) == ["xxxxxxxxxx", "    xxxxxx", "    xxxxxx", "    xxx"])
        #expect(TextWrap.code("short", width: 10) == ["short"])
    }
}
