import Foundation
import Testing

/// `sky compare` in a real terminal (tmux): the runs' timelines stack as they run, the table on
/// screen is the one printed when the dashboard closes, keys and signals end it, and the terminal
/// is left as it was found.
@Suite("sky compare's dashboard in a terminal", .serialized)
struct CompareDashboardTests {
    @Test("The runs stack their timelines; done, the table on screen is the table printed on exit, every figure")
    func stackedThenPrinted() throws {
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) compare serial batched --total 6 --batch 3 --seed 5 --work 20000")
        // The whole frame: a capture can land part-way through drawing one.
        let running = try terminal.waitForScreen {
            ($0.contains("RUN 1 OF 2") || $0.contains("RUN 2 OF 2") || $0.contains("DONE")) && $0.contains("Timelines on one scale")
        }
        #expect(running.contains(" SKY  compare serial · batched"), "\(running)")
        #expect(running.contains("Timelines on one scale"))
        let done = try terminal.waitForScreen { $0.contains("q or Enter exits") }
        let lines = done.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A band for each run, in order, with its lanes: serial one, batched up to three.
        let serial = try #require(lines.firstIndex { $0.hasPrefix(" serial ") && $0.contains("slot 0") }, "\(done)")
        let batched = try #require(lines.firstIndex { $0.hasPrefix(" batched ") && $0.contains("slot") }, "\(done)")
        #expect(serial < batched)
        #expect(lines[serial].contains("✓") || lines[serial].contains("✗"))
        #expect(done.contains("checksums agree"))
        let onScreen = CompareCommandTests.Table.rows(lines)
        #expect(Set(onScreen.keys) == Set(CompareCommandTests.labels), "\(done)")

        try terminal.send("Enter")
        #expect(try terminal.exitStatus() == 0)
        let printed = try CompareCommandTests.Table(try terminal.screen())
        #expect(printed.names == ["serial", "batched"])
        for label in CompareCommandTests.labels {
            #expect(onScreen[label] == printed.rows[label], "\(label): on screen \(onScreen[label] ?? []), printed \(printed.rows[label] ?? [])")
        }
        #expect(printed.line("checksums agree: ") != nil)
        let settings = try terminal.terminalSettings()
        #expect(settings.before == settings.after)
    }

    @Test("q stops the run going and skips the rest: the table of what ran is printed, status 0")
    func quit() throws {
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) compare serial batched stream --duration 1h --work 20000")
        try terminal.waitForScreen { $0.contains("RUN 1 OF 3") && $0.firstMatch(of: /scans done [1-9]/) != nil }
        try terminal.send("q")
        #expect(try terminal.exitStatus() == 0)
        let printed = try CompareCommandTests.Table(try terminal.screen())
        #expect(printed.names == ["serial"])
        #expect(printed.rows["ending"] == ["cancelled"])
        #expect(printed.line("not run (quit with q): batched, stream") != nil)
        let settings = try terminal.terminalSettings()
        #expect(settings.before == settings.after)
    }

    @Test("Ctrl-C during the second run stops it: the table of what ran is printed, status 130, the terminal sane")
    func interrupt() throws {
        // Every scan fails, so the thrown run ends at once; the result run then goes on until stopped.
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) compare throw result --duration 1h --failure-rate 1 --work 20000")
        try terminal.waitForScreen { $0.contains("RUN 2 OF 2") && $0.firstMatch(of: /scans done [1-9]/) != nil }
        try terminal.send("C-c")
        #expect(try terminal.exitStatus() == 130)
        let printed = try CompareCommandTests.Table(try terminal.screen())
        #expect(printed.names == ["throw", "result"])
        #expect(printed.rows["ending"]?.last == "cancelled")
        #expect(printed.rows["ending"]?.first?.hasPrefix("thrown at scan ") == true)
        let settings = try terminal.terminalSettings()
        #expect(settings.before == settings.after)
    }

    @Test("A terminal that goes away without a SIGHUP is a hang-up: the comparison stops, status 129")
    func vanishedTerminal() throws {
        // The shell ignores SIGHUP, so none reaches sky when the pane goes; it outlives the
        // terminal to record sky's status.
        let terminal = try TmuxTerminal("trap '' HUP; \(SkyBinary.url.path) compare serial batched --duration 1h --work 4000")
        try terminal.waitForScreen { $0.contains("RUN 1 OF 2") && $0.firstMatch(of: /scans done [1-9]/) != nil }
        try terminal.hangUp()
        // A guard against a sky that spins on the dead terminal, not a timing assertion.
        #expect(try terminal.exitStatus(limit: .seconds(60)) == 129)
    }
}
