import SkySoak
@testable import SkyTUI
import Testing

/// `p` and `--projector`: only the panels a lesson needs, in large blocks.
@Suite("The projector's view")
struct ProjectorViewTests {
    static let size = TerminalSize(width: 80, height: 24)

    /// The panels' titles, left to right and top to bottom.
    static func titles(_ text: String) -> [String] {
        text.split(separator: "\n").flatMap { line in
            line.components(separatedBy: "── ").dropFirst().map { String($0.prefix { $0 != " " }) }.filter { $0.first?.isLetter == true }
        }
    }

    @Test("p shows the scans, the slots over time and the panel below, and p again the whole dashboard")
    func toggles() {
        var state = RunScene.canonicalRunning.state(size: Self.size)
        let whole = DashboardView.render(state).text
        #expect(Self.titles(whole) == ["Scans", "Throughput", "Latency", "Slots", "Timeline", "Errors"])
        #expect(state.update(.key(.character("p"))).isEmpty)
        #expect(state.projecting)
        #expect(Self.titles(DashboardView.render(state).text) == ["Scans", "Timeline", "Errors"])
        _ = state.update(.key(.character("e")))
        #expect(Self.titles(DashboardView.render(state).text) == ["Scans", "Timeline", "Explain"])
        _ = state.update(.key(.character("p")))
        #expect(!state.projecting)
        #expect(DashboardView.render(state).text.contains("── Throughput"))
    }

    @Test("The state opens in the projector's view when asked, and p works on the done screen too")
    func opensProjecting() {
        let run = RunScene.canonicalDone
        var state = run.run.state(at: run.time, size: Self.size, info: RunScene.info, glyphs: .unicode)
        #expect(!state.projecting)
        #expect(state.update(.key(.character("p"))).isEmpty, "p leaves no done screen")
        #expect(state.projecting)
        let opened = DashboardState(snapshot: state.snapshot, size: Self.size, info: RunScene.info, projector: true)
        #expect(opened.projecting)
    }

    @Test("Each slot's lane is two rows tall while they fit: a high span rises above a medium one, a medium above a low")
    func tallLanes() {
        let lines = DashboardView.render(RunScene.canonicalDone.projected(size: Self.size)).text
            .split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        let lane = lines.firstIndex { $0.starts(with: Array(" slot 0 ")) }!
        let (upper, lower) = (lines[lane - 1], lines[lane])
        func above(_ column: Int) -> Character { column < upper.count ? upper[column] : " " }
        // Slot 0 ran a high scan first, then mediums, then lows: ▄ over █, █ alone, ▄ alone.
        #expect(above(13) == "▄" && lower[13] == "█", "\(String(upper))\n\(String(lower))")
        #expect(lower.indices.contains { lower[$0] == "█" && above($0) == " " })
        #expect(lower.indices.contains { lower[$0] == "▄" && above($0) == " " })
        #expect(lines.contains { $0.starts(with: Array(" threads ")) })
        #expect(lines.contains { $0.starts(with: Array(" queue ")) })
    }

    @Test("The scans' bar adds up: every scan is one of its parts, each part its own glyph, two rows alike")
    func scansBar() {
        let lines = DashboardView.render(RunScene.thrownExplained.projected(size: Self.size)).text.split(separator: "\n").map(Array.init)
        let counts = lines.firstIndex { $0.starts(with: Array(" scheduled ")) }!
        #expect(String(lines[counts]).contains("█ completed 6") && String(lines[counts]).contains("▓ failed 1") && String(lines[counts]).contains("▒ cancelled 23"))
        let bar = lines[counts + 1]
        #expect(bar == lines[counts + 2])
        // 30 scans on 78 cells: completed to 6/30, failed to 7/30, cancelled to 30/30.
        #expect(bar.filter { $0 == "█" }.count == 78 * 6 / 30)
        #expect(bar.filter { $0 == "▓" }.count == 78 * 7 / 30 - 78 * 6 / 30)
        #expect(bar.filter { $0 == "▒" }.count == 78 - 78 * 7 / 30)
    }

    @Test("Scrolling the explain panel counts the projector's rows for it")
    func explainRows() {
        var state = RunScene.thrownExplained.projected(size: TerminalSize(width: 100, height: 30))
        let layout = ProjectorView.Layout(state)
        #expect(DashboardView.explainRows(state) == ExplainPanel.lineRows(state, height: layout.footerY - layout.belowY))
        _ = state.update(.key(.character("p")))
        #expect(DashboardView.explainRows(state) != ExplainPanel.lineRows(state, height: layout.footerY - layout.belowY))
    }

    @Test("The projector's explain panel wraps its lines at whole words, where the dashboard's cuts them at the edge")
    func explainWraps() {
        func explainWords(_ state: DashboardState) -> [String] {
            let rows = DashboardView.render(state).text.split(separator: "\n").dropLast().drop { !$0.hasPrefix("── Explain") }.dropFirst()
            return rows.flatMap { $0.split(separator: " ").map(String.init).filter { $0.contains { $0.isLetter } } }
        }
        let state = RunScene.thrownExplained.projected(size: Self.size)
        let said = Set((state.explain.causes + state.explain.lines).flatMap { $0.text.split(separator: " ").map(String.init) } + ["cause:"])
        let projected = explainWords(state)
        #expect(projected.contains("cancels"), "the cause's end goes on below: \(projected)")
        #expect(projected.allSatisfy(said.contains), "cut: \(projected.filter { !said.contains($0) })")
        let cut = explainWords(RunScene.thrownExplained.state(size: Self.size)).filter { !said.contains($0) }
        #expect(!cut.isEmpty, "the dashboard's explain panel cuts at the edge, which this test must be able to see")
    }

    @Test("A busy machine is said where throughput has given way: on the projector's facts line, and in the compact counters' title")
    func busyMachine() {
        var observations = RunObservations()
        observations.hostLoad = HostLoad(others: 0.35, steal: 0)
        var projected = RunScene.canonicalRunning.projected(size: Self.size)
        _ = projected.update(.observed(observations))
        let facts = DashboardView.render(projected).text.split(separator: "\n")[1]
        // The strategy's few words give way to it.
        #expect(facts == " batched   batch 4   cores 2   elapsed 0:02.0   busy machine: others 35%", "\(facts)")
        var compact = RunScene.batch8.state(size: Self.size)
        _ = compact.update(.observed(observations))
        let title = DashboardView.render(compact).text.split(separator: "\n").first { $0.hasPrefix("── Scans") } ?? ""
        #expect(title.contains("actor · busy machine: others 35%"), "\(title)")
        observations.hostLoad = HostLoad(others: 0.05, steal: 0)
        _ = projected.update(.observed(observations))
        _ = compact.update(.observed(observations))
        #expect(!DashboardView.render(projected).text.contains("busy machine"))
        #expect(!DashboardView.render(compact).text.contains("busy machine"))
    }
}
