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
        let panels = ["SKY", "total 400", "seed 5", "Scans", "Throughput", "Latency", "Slots", "Errors", "q quit"]
        // The whole frame: on a loaded machine a capture can land part-way through drawing one.
        let first = try terminal.waitForScreen { screen in
            (Self.completed(in: screen).map { $0 > 0 } ?? false) && panels.allSatisfy { screen.contains($0) }
        }
        for panel in panels {
            #expect(first.contains(panel), "no \(panel) on\n\(first)")
        }
        let before = try #require(Self.completed(in: first))
        let later = try terminal.waitForScreen { (Self.completed(in: $0) ?? 0) > before }
        #expect(try #require(Self.completed(in: later)) > before, "the counters did not move:\n\(later)")

        try terminal.send("q")
        // Quitting cancels the run, which leaves its figures untrustworthy: stress-ng's 7.
        #expect(try terminal.exitStatus() == 7)
        let summary = try terminal.screen()
        #expect(summary.contains("sky: cancelled after"), "\(summary)")
        // A demo speaks of its scans, not as a burn-in: no verdict, no frame figures.
        #expect(!summary.contains("verdict"), "\(summary)")
        #expect(!summary.contains("dashboard:"), "\(summary)")
        // Without a verdict, the status says why it is not 0.
        #expect(summary.contains("exit status 7: the run was cancelled before its end"), "\(summary)")
        let settings = try terminal.terminalSettings()
        #expect(settings.before == settings.after)
    }

    @Test("Ctrl-\\ is a key like any other on the dashboard: no SIGQUIT, no crash report over it; the terminal gets it back after")
    func quitKeyIsNoSignal() throws {
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) \(Self.run)")
        let first = try terminal.waitForScreen { Self.completed(in: $0).map { $0 > 0 } ?? false }
        try terminal.send("C-\\")
        let before = try #require(Self.completed(in: first))
        let later = try terminal.waitForScreen { (Self.completed(in: $0) ?? 0) > before }
        #expect(!later.contains("Backtracing") && !later.contains("Crashed"), "\(later)")
        try terminal.send("q")
        #expect(try terminal.exitStatus() == 7)
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
        let source = try String(contentsOfFile: SkyBinary.packageRoot + "/Sources/SkyCore/Strategies/" + file, encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        // The code rows on screen, and those that are not their line of the file under its number.
        func codeRows(_ screen: String) -> (shown: Int, wrong: [Int]) {
            var shown = 0
            var wrong: [Int] = []
            for row in screen.split(separator: "\n") {
                guard let match = row.wholeMatch(of: /^ +(\d+)  (.*)$/), let number = Int(match.1), number <= lines.count else { continue }
                // A long line's first row begins it; the capture pads short ones with spaces.
                var code = String(match.2)
                while code.last == " " { code.removeLast() }
                if !lines[number - 1].hasPrefix(code) { wrong.append(number) }
                shown += 1
            }
            return (shown, wrong)
        }
        // The code panel is still while the run goes on, so a steady capture is the whole panel.
        let screen = try terminal.waitForSteadyScreen { $0.contains("── Code") && codeRows($0).shown >= 3 }
        #expect(screen.contains("Sources/SkyCore/Strategies/\(file)"), "\(screen)")
        let rows = codeRows(screen)
        #expect(rows.shown >= 3, "\(screen)")
        #expect(rows.wrong.isEmpty, "lines \(rows.wrong) are not the file's:\n\(screen)")
        try terminal.send("q")
        #expect([0, 7].contains(try terminal.exitStatus()), "7 if the run was still going: a cancel")
    }

    // A collecting run rerun as async-let once kept `--errors collect`, which only batched takes: the
    // replay line it printed was refused with 64.
    @Test("s … r after a collecting run reruns as async-let with what async-let takes, and both replay lines run")
    func rerunKeepsToTheRules() throws {
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) --total 6 --batch 2 --work 0 --seed 2 --failure-rate 0 --errors collect")
        _ = try terminal.waitForSteadyScreen { $0.contains("DONE") }
        // `s` steps through the strategies in `--strategy`'s order, the footer naming the next.
        func next(_ screen: String) -> String? {
            screen.firstMatch(of: /\s\ss(?: strategy)?: ([a-z-]+)\s\s/).map { String($0.1) }
        }
        var shown = "batched"
        for _ in 1...12 where shown != "async-let" {
            try terminal.send("s")
            let before = shown
            shown = try next(terminal.waitForScreen { next($0).map { $0 != before } ?? false }) ?? before
        }
        #expect(shown == "async-let")
        try terminal.send("r")
        // The header's strategy, not the done screen's footer, which names the next one already.
        _ = try terminal.waitForScreen { $0.contains("DONE") && $0.contains("strategy async-let (pairs of async let)") }
        try terminal.send("q")
        #expect(try terminal.exitStatus() == 0)
        let summary = try terminal.screen()
        let replays = summary.split(separator: "\n").compactMap { line in
            line.firstRange(of: "replay: sky ").map { String(line[$0.upperBound...]) }
        }
        #expect(replays.count == 2, "\(summary)")
        #expect(replays.last?.contains("--strategy async-let --errors throw") == true, "\(replays)")
        for replay in replays {
            let outcome = try SkyBinary.run(replay.split(separator: " ").map(String.init) + ["--no-tui"])
            #expect(outcome.status == 0, "sky \(replay): \(outcome.stderr)")
        }
    }

    @Test("With an events file, r after the run is refused on screen, so the file and the summary hold one run")
    func rerunRefused() throws {
        let files = try RunFiles()
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) --total 6 --batch 2 --work 0 --seed 2 \(files.flags.joined(separator: " "))")
        let done = try terminal.waitForSteadyScreen { $0.contains("DONE") }
        #expect(done.contains("no rerun   q or Enter exits"), "\(done)")
        try terminal.send("s")
        try terminal.send("r")
        // A stray key, and space (a pause asked too late), do not leave the done screen either.
        try terminal.send("x")
        try terminal.send(" ")
        // Still the done screen: no key left it or started a run.
        let still = try terminal.waitForScreen(limit: .seconds(2)) { !$0.contains("DONE") }
        #expect(still.contains("DONE") && still.contains("no rerun"), "\(still)")
        #expect(still.contains("q or Enter exits"), "\(still)")
        try terminal.send("Enter")
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
            $0.contains("PAUSED") && $0.contains("in group    0/1") && $0.contains("free (paused)")
        }
        #expect(paused.contains("free (paused)"), "\(paused)")
        try terminal.send("e")
        // Waits for the panel's sentences too, not only its title: a capture can land mid-frame.
        let explained = try terminal.waitForScreen {
            $0.contains("Explain") && ($0.contains("starts in slot 0") || $0.contains("slot 0 freed by scan"))
        }
        // How many scans finished before the pause took hold depends on the machine's load: the
        // first start's sentence may have scrolled off, and then a later start into slot 0 shows.
        #expect(explained.contains("starts in slot 0") || explained.contains("slot 0 freed by scan"), "\(explained)")
        try terminal.send("+")
        try terminal.send("Space")
        let resumed = try terminal.waitForScreen { $0.contains("batch 2") && $0.contains("RUNNING") && $0.contains("slot 1") }
        #expect(resumed.contains("slot 1"), "\(resumed)")
        #expect(try terminal.exitStatus() == 0)
        let summary = try terminal.screen()
        #expect(summary.contains("sky: finished 60 scans"), "\(summary)")
        #expect(summary.contains("at most 2 in the group at once"))
        let instants = try files.expectCompleteTrace().instants
        for change in ["pause", "batch", "resume"] { #expect(instants.contains(change), "no \(change) in \(instants)") }
    }

    @Test("The timeline draws the running scans as spans in their slots' lanes, above the threads, the queue and the axis")
    func timelineLive() throws {
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) \(Self.run)")
        // A scan that has ended and one running since, in a lane: a mark, then a span. (A build
        // fast enough to end the run first shows ends only, a column holding several.)
        let screen = try terminal.waitForScreen { screen in
            guard let timeline = ScreenTimeline(screen), let lane = timeline.lanes[0] else { return false }
            // The whole frame, lanes and history rows: a capture can land part-way through one.
            guard timeline.lanes.count == 2, screen.contains(" threads 0-"), screen.contains(" queue 0-") else { return false }
            return lane.contains { ScreenTimeline.marks.contains($0) }
                && (lane.contains { ScreenTimeline.spans.values.contains($0) } || screen.contains("DONE  "))
        }
        let timeline = try #require(ScreenTimeline(screen), "\(screen)")
        #expect(timeline.lanes.keys.sorted() == [0, 1], "\(screen)")
        #expect(screen.contains(" threads 0-") && screen.contains(" queue 0-"), "\(screen)")
        try terminal.send("q")
        #expect([0, 7].contains(try terminal.exitStatus()), "7 if the run was still going: a cancel")
    }

    @Test("After the run the timeline shows the whole run: each scan's end, and its span, where the events file puts them; with NO_COLOR, in glyphs alone",
          arguments: [false, true])
    func timelineWholeRun(noColor: Bool) throws {
        let files = try RunFiles()
        // Said either way: the test runner may hand down a NO_COLOR of its own.
        let terminal = try TmuxTerminal(
            "\(noColor ? "NO_COLOR=1" : "env -u NO_COLOR") \(SkyBinary.url.path) --total 20 --batch 4 --work 4000 --seed 6 \(files.flags.joined(separator: " "))")
        // The whole done frame, which stays still: a capture can land while the terminal is
        // part-way through drawing it.
        let done = try terminal.waitForSteadyScreen { $0.contains("DONE  ") && ScreenTimeline($0)?.lanes.count == 4 }
        let styled = try terminal.screen(escapes: true)
        let timeline = try #require(ScreenTimeline(done), "\(done)")
        try terminal.send("Enter")
        #expect(try terminal.exitStatus() == 0)
        // Colour, foreground or background, is set with colour on and never without it.
        let colour = styled.firstMatch(of: /\u{1B}\[([0-9]+;)*([34][0-7]|9[0-7]|10[0-7]|[34]8)(;[0-9]+)*m/)
        #expect((colour == nil) == noColor, "\(styled)")

        // Each lane's marks as the events say: a column per end, and where several share one, their count.
        var ends: [Int: [Int: Character]] = [:]
        var endCounts: [Int: [Int: Int]] = [:]
        var starts: [Int: (slot: Int, column: Int, priority: String)] = [:]
        var spans: [(slot: Int, from: Int, to: Int, glyph: Character)] = []
        for event in try files.eventLines() {
            guard let name = event["event"] as? String, let scan = event["scan"] as? Int, let slot = event["slot"] as? Int,
                  let time = event["time"] as? Double, let priority = event["priority"] as? String
            else { continue }
            let microseconds = Int64((time * 1e6).rounded())
            let column = timeline.column(microseconds)
            let glyph: Character? = switch name {
            case "completed": "✓"
            case "failed", "verification_failed": "✗"
            case "cancelled": "⊘"
            default: nil
            }
            if name == "started" { starts[scan] = (slot, column, priority) }
            guard let glyph else { continue }
            endCounts[slot, default: [:]][column, default: 0] += 1
            let count = endCounts[slot]![column]!
            ends[slot, default: [:]][column] = count == 1 ? glyph : count > 9 ? "+" : Character(String(count))
            // The file rounds to the microsecond where the dashboard cuts: an end on a column's
            // edge may be in the column before.
            let earliest = microseconds % timeline.columnWidth == 0 ? column - 1 : column
            if let start = starts[scan] { spans.append((slot, start.column, earliest, ScreenTimeline.spans[start.priority]!)) }
        }
        #expect(ends.keys.sorted() == [0, 1, 2, 3], "every lane ended a scan")
        for slot in 0..<4 {
            let expected = (ends[slot] ?? [:]).sorted { $0.key < $1.key }
            let shown = timeline.marks(slot: slot)
            #expect(shown.map(\.glyph) == expected.map(\.value), "slot \(slot):\n\(done)")
            #expect(zip(shown, expected).allSatisfy { abs($0.column - $1.key) <= 1 }, "slot \(slot):\n\(done)")
        }
        // Between its start's column and its end's, a scan's lane shows its priority.
        for span in spans where span.to - span.from >= 2 {
            let lane = timeline.lanes[span.slot] ?? []
            #expect(((span.from + 1)..<span.to).allSatisfy { $0 < lane.count && lane[$0] == span.glyph }, "\(span):\n\(done)")
        }
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
        #expect(try terminal.exitStatus() == 7, "Esc cancelled the run")
        #expect(try terminal.screen().contains("sky: cancelled after"))
    }

    @Test("After a throw the explain panel keeps the failure the events file says threw on top, and scrolls without leaving")
    func explainAfterThrow() throws {
        let events = SkyBinary.temporaryPath("explain-throw.jsonl")
        defer { try? FileManager.default.removeItem(atPath: events) }
        let terminal = try TmuxTerminal(
            "\(SkyBinary.url.path) --errors throw --failure-rate 0.2 --total 30 --batch 4 --work 4000 --seed 6 --explain --events \(events)",
            height: 40)
        let done = try terminal.waitForScreen { $0.contains("STOPPED: THROWN") }
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
        let stop = try #require(lines.first { $0.contains(#""event":"stopping""#) })
        let scan = try #require(stop.firstMatch(of: /"scan":(\d+)/)).1
        let failed = try #require(lines.first { $0.contains(#""event":"failed""#) && $0.contains("\"scan\":\(scan),") })
        let error = try #require(failed.firstMatch(of: /"error":"([^"]+)"/)).1
        let explain = done.split(separator: "\n").drop { !$0.contains("── Explain") }.dropFirst()
        #expect(explain.first?.contains("cause: scan \(scan) failed: \(error), thrown out of the group") == true, "\(done)")
        let waiting = lines.filter { $0.contains(#""event":"cancelled""#) && !$0.contains(#""slot""#) }.count
        #expect(done.contains("\(waiting) scans ("), "\(done)")
        #expect(!done.contains("cancelled before it started"))
        // Down scrolls, and the done screen stays; the cause stays on top.
        try terminal.send("Down")
        let scrolled = try terminal.waitForScreen { $0.contains("1 newer line above") }
        let pinned = scrolled.split(separator: "\n").drop { !$0.contains("── Explain") }.dropFirst().first
        #expect(pinned?.contains("cause: scan \(scan) failed") == true, "\(scrolled)")
        try terminal.send("q")
        #expect(try terminal.exitStatus() == 1)
    }

    @Test("Too small a terminal shows what size is needed, and q still quits")
    func tooSmall() throws {
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) \(Self.run)", width: 40, height: 12)
        // The whole notice, not a capture taken while the terminal was part-way through it.
        let notice = try terminal.waitForScreen { $0.contains("terminal too small") && $0.contains("have 40×12") }
        #expect(notice.contains("need 60×18, have 40×12"), "\(notice)")
        try terminal.resize(width: 100, height: 30)
        let full = try terminal.waitForScreen { $0.contains("Throughput") && $0.contains("Slots") }
        #expect(full.contains("Slots"))
        try terminal.send("q")
        #expect(try terminal.exitStatus() == 7, "q cancelled the run")
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
