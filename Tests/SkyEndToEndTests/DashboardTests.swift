import Foundation
import Testing

/// The real binary in a real terminal (tmux): the dashboard opens, its counters move, keys and
/// signals end it with the summary printed, and the terminal is left as it was found.
@Suite("The dashboard in a terminal", .serialized)
struct DashboardTests {
    /// Cheap scans, so a debug build still finishes many while the test watches.
    static let run = "--total 400 --batch 2 --work 4000 --seed 5"

    static func completed(in screen: String) -> Int? {
        guard let match = screen.firstMatch(of: /completed +(\d+)\/\d+/) else { return nil }
        return Int(match.1)
    }

    @Test("The counters appear and move; q cancels, prints the summary and restores the terminal")
    func quitWithQ() throws {
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) \(Self.run)")
        let first = try terminal.waitForScreen { Self.completed(in: $0).map { $0 > 0 } ?? false }
        for panel in ["SKY", "total 400", "seed 5", "Scans", "Throughput", "Latency", "Slots", "Errors", "q quit"] {
            #expect(first.contains(panel), "no \(panel) on\n\(first)")
        }
        let before = try #require(Self.completed(in: first))
        let later = try terminal.waitForScreen { (Self.completed(in: $0) ?? 0) > before }
        #expect(try #require(Self.completed(in: later)) > before, "the counters did not move:\n\(later)")

        try terminal.send("q")
        #expect(try terminal.exitStatus() == 0)
        let summary = try terminal.screen()
        #expect(summary.contains("sky: cancelled after"), "\(summary)")
        #expect(summary.contains("dashboard:"))
        let settings = try terminal.terminalSettings()
        #expect(settings.before == settings.after)
    }

    @Test("Ctrl-C and each signal end the dashboard with the summary, complete files and 128 + the signal",
          arguments: [("C-c", 130), ("HUP", 129), ("INT", 130), ("TERM", 143)])
    func signals(stop: String, status: Int32) throws {
        let files = try RunFiles()
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) \(Self.run) \(files.flags.joined(separator: " "))")
        try terminal.waitForScreen { Self.completed(in: $0).map { $0 > 0 } ?? false }
        if stop == "C-c" {
            try terminal.send("C-c")
        } else {
            try terminal.signal(stop)
        }
        #expect(try terminal.exitStatus() == status)
        #expect(try terminal.screen().contains("sky: cancelled after"))
        let settings = try terminal.terminalSettings()
        #expect(settings.before == settings.after)
        #expect(try files.expectCompleteEvents() == 400)
        #expect(try files.expectCompleteTrace().instants.contains("cancel"))
        try files.expectFinalMetrics(status: status)
    }

    @Test("v shows the running strategy's loop, the real lines of its file", arguments: ["batched", "unbounded"])
    func codePanel(strategy: String) throws {
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) \(Self.run) --strategy \(strategy)")
        try terminal.waitForScreen { Self.completed(in: $0) != nil }
        try terminal.send("v")
        let file = strategy == "batched" ? "BatchedWindow.swift" : "UnboundedGroup.swift"
        let screen = try terminal.waitForScreen { $0.contains("── Code") }
        #expect(screen.contains("Sources/SkyCore/Strategies/\(file)"), "\(screen)")
        let source = try String(contentsOfFile: SkyBinary.packageRoot + "/Sources/SkyCore/Strategies/" + file, encoding: .utf8)
        // Every code row on screen is its line of the file, under its number.
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var shown = 0
        for row in screen.split(separator: "\n") {
            guard let match = row.wholeMatch(of: /^ +(\d+)  (.*)$/), let number = Int(match.1), number <= lines.count else { continue }
            // A long line is cut at the screen's edge; the capture pads short ones with spaces.
            var code = String(match.2)
            while code.last == " " { code.removeLast() }
            #expect(lines[number - 1].hasPrefix(code), "line \(number)")
            shown += 1
        }
        #expect(shown >= 3, "\(screen)")
        try terminal.send("q")
        #expect(try terminal.exitStatus() == 0)
    }

    @Test("With an events file, r after the run is refused on screen, so the file and the summary hold one run")
    func rerunRefused() throws {
        let files = try RunFiles()
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) --total 6 --batch 2 --work 0 --seed 2 \(files.flags.joined(separator: " "))")
        let done = try terminal.waitForScreen { $0.contains("DONE") }
        #expect(done.contains("no rerun: --events keeps one run"), "\(done)")
        try terminal.send("s")
        try terminal.send("r")
        // Still the done screen: neither key left it or started a run.
        let still = try terminal.waitForScreen(limit: .seconds(2)) { !$0.contains("DONE") }
        #expect(still.contains("DONE") && still.contains("no rerun"), "\(still)")
        try terminal.send("x")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.screen().components(separatedBy: "sky: finished").count == 2, "one summary")
        #expect(try files.expectCompleteEvents() == 6)
    }

    @Test("Space pauses, e explains, + grows the batch, and --exit-on-done leaves by itself at the end; the trace shows each change")
    func keysAndExitOnDone() throws {
        let files = try RunFiles()
        let terminal = try TmuxTerminal(
            "\(SkyBinary.url.path) --total 60 --batch 1 --work 4000 --seed 9 --exit-on-done \(files.flags.joined(separator: " "))")
        try terminal.waitForScreen { Self.completed(in: $0).map { $0 > 0 } ?? false }
        try terminal.send("Space")
        // Waits for the whole frame: a capture can land while the terminal is part-way through
        // drawing one, with the header new and the slots not yet.
        let paused = try terminal.waitForScreen {
            $0.contains("PAUSED") && $0.contains("running     0/1") && $0.contains("free (paused)")
        }
        #expect(paused.contains("free (paused)"), "\(paused)")
        try terminal.send("e")
        let explained = try terminal.waitForScreen { $0.contains("Explain") }
        // How many scans finished before the pause took hold depends on the machine's load: the
        // first start's sentence may have scrolled off, and then a later start into slot 0 shows.
        #expect(explained.contains("starts in slot 0") || explained.contains("slot 0 freed by scan"), "\(explained)")
        try terminal.send("+")
        try terminal.send("Space")
        let resumed = try terminal.waitForScreen { $0.contains("batch 2") && $0.contains("RUNNING") }
        #expect(resumed.contains("slot 1"), "\(resumed)")
        #expect(try terminal.exitStatus() == 0)
        let summary = try terminal.screen()
        #expect(summary.contains("sky: finished 60 scans"), "\(summary)")
        #expect(summary.contains("max running 2"))
        let instants = try files.expectCompleteTrace().instants
        for change in ["pause", "batch", "resume"] { #expect(instants.contains(change), "no \(change) in \(instants)") }
    }

    @Test("Alt and a key, or an arrow, is not a quit: the run goes on; Esc alone quits")
    func escape() throws {
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) \(Self.run)")
        try terminal.waitForScreen { Self.completed(in: $0).map { $0 > 0 } ?? false }
        try terminal.send("M-x")
        try terminal.send("Up")
        // A pause shows only on a run that is not cancelling: had either key quit, it never would.
        try terminal.send("Space")
        let paused = try terminal.waitForScreen { $0.contains("PAUSED") }
        #expect(paused.contains("PAUSED"), "\(paused)")
        try terminal.send("Escape")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.screen().contains("sky: cancelled after"))
    }

    @Test("Too small a terminal shows what size is needed, and q still quits")
    func tooSmall() throws {
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) \(Self.run)", width: 40, height: 12)
        // The whole notice, not a capture taken while the terminal was part-way through it.
        let notice = try terminal.waitForScreen { $0.contains("terminal too small") && $0.contains("have 40×12") }
        #expect(notice.contains("need 60×18, have 40×12"), "\(notice)")
        try terminal.resize(width: 100, height: 30)
        let full = try terminal.waitForScreen { $0.contains("Throughput") }
        #expect(full.contains("Slots"))
        try terminal.send("q")
        #expect(try terminal.exitStatus() == 0)
    }

    @Test("A terminal that goes away without a SIGHUP is a hang-up: the run stops, its files are complete, status 129")
    func vanishedTerminal() throws {
        let scratch = SkyBinary.temporaryPath("hang-up")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let events = "\(scratch)/events.jsonl"
        let metrics = "\(scratch)/metrics.prom"
        // The shell ignores SIGHUP, as a parent may, so none reaches sky when the pane goes; and
        // it outlives the terminal to record sky's status. Far more scans than the test waits for.
        let terminal = try TmuxTerminal(
            "trap '' HUP; \(SkyBinary.url.path) --total 100000 --batch 2 --work 4000 --seed 5 --events \(events) --metrics-file \(metrics)")
        func started() -> Bool { (try? String(contentsOfFile: events, encoding: .utf8))?.contains("\"started\"") ?? false }
        let deadline = ContinuousClock.now + .seconds(120)
        while !started() && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(started(), "no scan started")
        try terminal.hangUp()
        // A guard against a sky that spins on the dead terminal, not a timing assertion.
        #expect(try terminal.exitStatus(limit: .seconds(60)) == 129)

        var scheduled: Set<Int> = []
        var ends: [Int: Int] = [:]
        for line in try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n") {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            guard let name = event["event"] as? String, let scan = event["scan"] as? Int else { continue }
            if name == "scheduled" { scheduled.insert(scan) }
            if ["completed", "failed", "cancelled", "verification_failed"].contains(name) { ends[scan, default: 0] += 1 }
        }
        #expect(!scheduled.isEmpty)
        let unended = scheduled.subtracting(ends.keys).sorted()
        #expect(unended.isEmpty, "\(unended.count) scheduled scans never ended, the first \(unended.prefix(5))")
        let unscheduled = Set(ends.keys).subtracting(scheduled).sorted()
        #expect(unscheduled.isEmpty, "scans ended without being scheduled: \(unscheduled.prefix(5))")
        let twice = ends.filter { $0.value > 1 }.keys.sorted()
        #expect(twice.isEmpty, "scans that ended more than once: \(twice.prefix(5))")
        let lines = try String(contentsOfFile: metrics, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains("sky_running 0"))
        #expect(lines.contains("sky_exit_status 129"))
    }

    @Test("A crash in curses mode still leaves the terminal usable")
    func crash() throws {
        // The backtracer is switched off so the test does not wait on its interactive prompt.
        let terminal = try TmuxTerminal("SWIFT_BACKTRACE=enable=no \(SkyBinary.url.path) \(Self.run)")
        try terminal.waitForScreen { Self.completed(in: $0).map { $0 > 0 } ?? false }
        try terminal.signal("SEGV")
        // 139 (128 + SIGSEGV) normally; a sanitizer build reports the signal and exits its own way.
        let status = try #require(try terminal.exitStatus())
        #expect(status != 0)
        let settings = try terminal.terminalSettings()
        #expect(settings.before == settings.after)
    }
}
