import Foundation
import SkyCore
@testable import SkyCompare
@testable import SkyTUI
import Testing

/// `sky compare`'s dashboard: the runs' timelines stacked on one scale, the table that is printed
/// on exit, and the keys.
@Suite("Comparison dashboard: stacked timelines, the table, the keys")
struct ComparisonViewTests {
    static let size = TerminalSize(width: 100, height: 30)

    static func lines(_ state: ComparisonState) -> [String] {
        ComparisonView.render(state).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Each band's rows of lanes, by the run's name, from the timelines' title down to the axis.
    static func bands(_ lines: [String], names: [String]) -> [String: [String]] {
        guard let title = lines.firstIndex(where: { $0.contains(" Timelines on one scale ") }) else { return [:] }
        var bands: [String: [String]] = [:]
        var name = ""
        for line in lines[(title + 1)...] {
            if line.hasPrefix("── ") || line.hasPrefix(" q ") { break }
            if let starts = names.first(where: { line.hasPrefix(" \($0) ") }) { name = starts }
            if line.contains(" slot") { bands[name, default: []].append(line) }
        }
        return bands
    }

    @Test("Each scene at each size matches its golden frame", arguments: ComparisonScene.allCases, [
        TerminalSize(width: 100, height: 30), TerminalSize(width: 120, height: 40), TerminalSize(width: 60, height: 18),
    ])
    func golden(scene: ComparisonScene, size: TerminalSize) throws {
        let frame = ComparisonView.render(scene.state(size: size)).text
        let name = "\(scene.rawValue)-\(size.width)x\(size.height).txt"
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden").appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["SKY_UPDATE_GOLDEN"] == "1" {
            try (frame + "\n").write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(frame + "\n" == (try String(contentsOf: url, encoding: .utf8)), "\(name) differs:\n\(frame)")
    }

    @Test("A band per run in the order they run, labelled with its name; a run not yet started waits")
    func bandsInOrder() {
        let state = ComparisonScene.running.state(size: Self.size)
        let lines = Self.lines(state)
        let bands = Self.bands(lines, names: ["serial", "batched", "unbounded"])
        #expect(bands["serial"]?.count == 1)
        #expect((1...4).contains(bands["batched"]?.count ?? 0))
        #expect(bands["unbounded"] == nil)
        let order = ["serial", "batched", "unbounded"].compactMap { name in lines.firstIndex { $0.hasPrefix(" \(name) ") } }
        #expect(order == order.sorted() && order.count == 3, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.hasPrefix(" unbounded waiting") })
        #expect(lines[0].contains("RUN 2 OF 3"))
        #expect(lines[2].hasPrefix(" run 2 of 3: strategy batched (sliding window)   elapsed 0:00.9"))
    }

    @Test("One scale for every run: each band ends in the column of its run's end, so a longer run spans more")
    func oneScale() throws {
        let scene = ComparisonScene.done
        let lines = Self.lines(scene.state(size: Self.size))
        let scale = try #require(lines.first { $0.contains("1 column = ") }?.firstMatch(of: /1 column = (\d+) ms/)?.1)
        let columnWidth = try #require(Int64(scale)) * 1000
        let bands = Self.bands(lines, names: scene.settings.map(\.name))
        let left = try #require(lines.first { $0.hasPrefix(" serial ") }?.firstIndex(of: "▆")).utf16Offset(in: lines.first { $0.hasPrefix(" serial ") }!)
        var lasts: [Int] = []
        for (setting, run) in zip(scene.settings, scene.runs) {
            let rows = try #require(bands[setting.name], "no band for \(setting.name)")
            // The last column any row of the band marks, counted from the lanes' left edge.
            let last = rows.map { $0.count - left - 1 }.max()!
            let end = Int(run.end / .microseconds(1))
            #expect(last == end / Int(columnWidth), "\(setting.name) ends at \(end) µs, its band at column \(last)")
            lasts.append(last)
        }
        // Serial runs one scan at a time on one core; the others share two.
        #expect(lasts[0] > lasts[1] && lasts[0] > lasts[2], "\(lasts)")
    }

    @Test("The table on screen is the one printed on exit, and gives way from its end on a short terminal")
    func tableOnScreen() {
        let state = ComparisonScene.thrown.state(size: Self.size)
        let lines = Self.lines(state)
        let columns = zip(state.settings, state.finished).map { ComparisonTable.Column(name: $0.name, run: $1.figures) }
        var table = ComparisonTable.lines(columns)
        let start = lines.firstIndex { $0.hasPrefix("── Comparison ") }!
        #expect(Array(lines[(start + 1)...].prefix(table.count)) == table.map { $0.trimmingTrailingSpaces })
        // The line about the checksums follows, wrapped to the screen.
        let wrapped = lines[(start + 1 + table.count)..<(lines.count - 1)].filter { !$0.isEmpty }
        #expect(wrapped.count > 1 && wrapped.allSatisfy { $0.count < Self.size.width })
        #expect(wrapped.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") == state.comparison.checksums.line)
        table += wrapped
        #expect(state.comparison.checksums.verdict == .differentScans)
        #expect(lines.last!.hasPrefix(" STOPPED") == false && lines.last!.hasPrefix(" DONE  2 of 2 runs · checksums cannot agree"))

        let short = Self.lines(ComparisonScene.thrown.state(size: TerminalSize(width: 80, height: 20)))
        let cut = short.firstIndex { $0.hasPrefix("── Comparison ") }!
        #expect(short[cut].contains("all of it on exit"))
        let shown = Array(short[(cut + 1)..<(short.count - 1)].filter { !$0.isEmpty })
        #expect(!shown.isEmpty && shown == Array(table.prefix(shown.count)).map { $0.trimmingTrailingSpaces })
    }

    @Test("The bands share out the rows: a run with more lanes takes the rows a serial run leaves")
    func rowsShared() {
        let state = ComparisonScene.done.state(size: TerminalSize(width: 120, height: 40))
        let bands = Self.bands(Self.lines(state), names: ["serial", "batched", "unbounded"])
        #expect(bands["serial"]?.count == 1)
        #expect(bands["batched"]?.count == 4)
        #expect(bands["unbounded"]?.count == 8)
        let stack = TimelineStack(state, room: 5)
        #expect(stack.bandRows.reduce(0, +) <= 5 && stack.bandRows.allSatisfy { $0 >= 1 })
        #expect(stack.bandRows[0] == 1)
    }

    @Test("q cancels the run going and leaves once it has stopped; the rest show as not run")
    func quit() {
        var state = ComparisonScene.running.state(size: Self.size)
        #expect(state.update(.key(.character("q"))) == [.control(.cancel)])
        #expect(state.update(.key(.character("q"))) == [])
        #expect(Self.lines(state)[0].contains("STOPPING"))
        let run = ComparisonScene.running.runs[1]
        #expect(state.update(.finish(run.snapshot(at: run.end), cpuSeconds: 1)) == [.exit])
        #expect(state.isDone && state.finished.count == 2)
        #expect(Self.lines(state).contains { $0.hasPrefix(" unbounded not run") })
    }

    @Test("A signal stops the comparison without leaving by itself; other keys do nothing while runs go")
    func stopAndKeys() {
        var state = ComparisonScene.running.state(size: Self.size)
        #expect(state.update(.key(.character(" "))) == [])
        #expect(state.update(.key(.character("+"))) == [])
        #expect(!state.stopRequested)
        #expect(state.update(.stop) == [.control(.cancel)])
        let run = ComparisonScene.running.runs[1]
        #expect(state.update(.finish(run.snapshot(at: run.end), cpuSeconds: 1)) == [])
        #expect(state.isDone && !state.quitRequested)
    }

    @Test("Done: q, Esc or Enter leaves, a stray key does not; --exit-on-done leaves by itself when the last run finishes")
    func done() {
        var state = ComparisonScene.done.state(size: Self.size)
        #expect(state.isDone && !state.stopRequested)
        #expect(Self.lines(state)[0].hasSuffix(" DONE"))
        #expect(state.update(.key(.character("x"))) == [])
        #expect(state.update(.key(.character(" "))) == [])
        #expect(state.update(.key(.character("\r"))) == [.exit])
        let scene = ComparisonScene.done
        var leaving = scene.state(size: Self.size, exitOnDone: true)
        #expect(leaving.isDone)
        // Played again with --exit-on-done, the last finish is what asks to leave.
        var replayed = ComparisonState(settings: scene.settings, configuration: scene.shared, size: Self.size, info: ComparisonScene.info, exitOnDone: true)
        var commands: [[DashboardCommand]] = []
        for run in scene.runs {
            _ = replayed.update(.start(run.snapshot(at: .zero)))
            commands.append(replayed.update(.finish(run.snapshot(at: run.end), cpuSeconds: 1)))
        }
        #expect(commands == [[], [], [.exit]])
        #expect(leaving.update(.resize(TerminalSize(width: 80, height: 24))) == [])
    }

    @Test("Below the minimum size, a notice with the run going")
    func tooSmall() {
        let text = ComparisonView.render(ComparisonScene.running.state(size: TerminalSize(width: 50, height: 15))).text
        #expect(text.contains("terminal too small"))
        #expect(text.contains("run 2 of 3"))
        #expect(text.contains("q quits"))
    }
}

extension String {
    /// As a grid's text has its lines: without the blanks at the end.
    var trimmingTrailingSpaces: String {
        var line = self
        while line.last == " " { line.removeLast() }
        return line
    }
}
