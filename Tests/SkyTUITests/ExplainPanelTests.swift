import SkyCore
import SkyTUI
import Testing

@Suite("Explain panel: like events grouped, the cause pinned, the story scrolled, at any speed")
struct ExplainPanelTests {
    static let size = TerminalSize(width: 100, height: 30)

    /// The panel's lines below its title, as drawn, trailing spaces cut.
    static func panel(_ state: DashboardState) -> [String] {
        let lines = DashboardView.render(state).text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let title = lines.firstIndex(where: { $0.contains("── Explain") }) else { return [] }
        return lines[(title + 1)..<(lines.count - 1)].map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    static func title(_ state: DashboardState) -> String {
        String(DashboardView.render(state).text.split(separator: "\n").first { $0.contains("── Explain") } ?? "")
    }

    /// `--errors throw --failure-rate 0.2 --total 30 --batch 4 --work 400000 --seed 6 --explain`,
    /// played to its end.
    static func thrown(size: TerminalSize = size) -> (state: DashboardState, run: ScriptedRun) {
        let run = RunScene.thrown.run
        var state = DashboardState(snapshot: run.snapshot(at: .zero), size: size, info: RunScene.info, explain: true)
        run.play(until: .seconds(60)) { events, snapshot, now in
            _ = state.update(.events(events.map(HeldEvent.event)))
            _ = state.update(.frame(snapshot, elapsed: now))
        }
        return (state, run)
    }

    @Test("After a throw the failure that threw stays on top, and the scans it cancelled take a line per kind")
    func throwPinsItsCause() throws {
        let (state, run) = Self.thrown()
        #expect(state.isFinished)
        guard case .thrown(let thrower) = run.ending else { Issue.record("the scene does not throw"); return }
        let failure = try #require(run.events.compactMap(\.scanEvent).first { $0.scan == thrower && $0.isTerminal })
        guard case .failed(let why) = failure.kind else { Issue.record("scan \(thrower) did not fail"); return }
        let cancelled = run.events.compactMap(\.scanEvent).filter { $0.kind == .cancelled }
        let waiting = cancelled.filter { $0.slot == nil }
        #expect(waiting.count > 12, "the scene's premise: more cancelled than the panel has rows")

        let lines = Self.panel(state)
        #expect(lines.first?.contains("cause: scan \(thrower) failed: \(why), thrown out of the group, which cancels") == true, "\(lines)")
        #expect(!lines.contains { $0.contains("cancelled before it started") }, "\(lines)")
        let grouped = lines.filter { $0.contains("cancelled before they started") }
        #expect(grouped.count == 1)
        #expect(grouped.first?.contains("  \(waiting.count) scans (") == true, "\(grouped)")
        let running = cancelled.count - waiting.count
        #expect(lines.contains { $0.contains("  \(running) scans (") && $0.contains(") went with the group: each stopped") }, "\(lines)")
        // The same story at 80×24, where the panel has two rows: the cause, then the newest line.
        let small = Self.panel(Self.thrown(size: TerminalSize(width: 80, height: 24)).state)
        #expect(small.first?.contains("cause: scan \(thrower) failed") == true, "\(small)")
    }

    @Test("The panel scrolls a line or a page, no further than its ends, and its keys leave no screen")
    func scrolls() throws {
        var (state, _) = Self.thrown(size: TerminalSize(width: 100, height: 40))
        let newest = Self.panel(state)
        let rows = DashboardView.explainRows(state)
        #expect(rows > 2 && state.explain.lines.count > rows, "the scene's premise: more lines than rows")
        #expect(Self.title(state).contains("Up Down, PgUp PgDn scroll"))
        #expect(state.update(.key(.down)) == [], "a scroll key does not leave the done screen")
        let once = Self.panel(state)
        #expect(once[0] == newest[0], "the cause stays on top")
        #expect(once[1] == newest[2], "one line older")
        #expect(Self.title(state).contains("1 newer line above"))
        _ = state.update(.key(.pageDown))
        #expect(state.explainScroll == min(1 + rows, state.explain.lines.count - rows))
        for _ in 0..<100 { _ = state.update(.key(.pageDown)) }
        #expect(state.explainScroll == state.explain.lines.count - rows, "the last page is a full one")
        #expect(Self.panel(state).last?.contains(state.explain.lines[0].text) == true, "the oldest line shows at the bottom")
        for _ in 0..<100 { _ = state.update(.key(.up)) }
        #expect(state.explainScroll == 0)
        #expect(Self.panel(state) == newest)
        // q still leaves.
        #expect(state.update(.key(.character("q"))) == [.exit])
    }

    @Test("Scrolled back, the panel stays on its lines as newer ones come")
    func scrolledStaysStill() {
        var state = DashboardState(snapshot: Scene.midRun, size: Self.size, info: Scene.info, explain: true)
        func started(_ scan: Int) -> HeldEvent {
            .event(.scan(ScanEvent(kind: .started, scan: scan, priority: .high, slot: scan % 4, time: .seconds(scan))))
        }
        func ended(_ scan: Int) -> HeldEvent {
            .event(.scan(ScanEvent(kind: .failed(.signalLost), scan: scan, priority: .high, slot: scan % 4, time: .seconds(scan))))
        }
        _ = state.update(.events((0..<20).flatMap { [started($0), ended($0)] }))
        _ = state.update(.key(.down))
        _ = state.update(.key(.down))
        let before = Self.panel(state)
        _ = state.update(.events([started(20), ended(20)]))
        #expect(Self.panel(state) == before)
        #expect(state.explainScroll == 4)
    }

    @Test("A cancel pins the key that asked for it; the time running out is pinned too")
    func cancelAndTimeUp() {
        var state = DashboardState(snapshot: Scene.midRun, size: Self.size, info: Scene.info, explain: true)
        _ = state.update(.events([.event(.change(RunChange(.timeUp, at: .seconds(3))))]))
        #expect(state.update(.key(.character("c"))) == [.control(.cancel)])
        _ = state.update(.events([.event(.change(RunChange(.stopping(.cancelled), at: .seconds(4))))]))
        let lines = Self.panel(state)
        #expect(lines[0].hasSuffix("cause: time is up: no scan starts after this, running ones finish"), "\(lines)")
        #expect(lines[1].hasSuffix("cause: cancelled with c: no scan starts now, and running ones stop at their next check"), "\(lines)")
    }

    @Test("A throw at any speed: the buffer keeps the failure, the stop and the end, and counts what it drops")
    func floodKeepsTheCause() throws {
        let configuration = RunConfiguration(total: 1_000, batch: 4, seed: 1, errors: .throw)
        let buffer = ScanEventBuffer(limit: 8)
        var time = Duration.zero
        func scan(_ kind: ScanEvent.Kind, _ scan: Int, slot: Int?) {
            time += .microseconds(1)
            buffer.record(ScanEvent(kind: kind, scan: scan, priority: .medium, slot: slot, time: time))
        }
        // One frame's worth of a fast run: 400 scans through four slots, then scan 400 fails and
        // the group throws, cancelling the three running and 500 waiting.
        for index in 0..<400 {
            scan(.started, index, slot: index % 4)
            scan(.completed(ScanResult(signals: 1, checksum: 1)), index, slot: index % 4)
        }
        scan(.started, 400, slot: 0)
        for index in 401...403 { scan(.started, index, slot: index % 4) }
        scan(.failed(.sensorGlitch), 400, slot: 0)
        buffer.record(RunChange(.stopping(.thrown(scan: 400)), at: time))
        for index in 401...403 { scan(.cancelled, index, slot: index % 4) }
        for index in 404..<904 { scan(.cancelled, index, slot: nil) }
        buffer.record(RunChange(.finished(.thrown(scan: 400)), at: time))

        let held = buffer.drain()
        let events = held.compactMap(\.event)
        #expect(events.compactMap(\.scanEvent).count == 8, "memory stays at the limit")
        #expect(events.contains { $0.scanEvent?.scan == 400 && $0.scanEvent?.kind == .failed(.sensorGlitch) })
        #expect(events.contains { if case .change(let change) = $0, case .stopping(.thrown(400)) = change.kind { true } else { false } })
        #expect(events.last.map { if case .change(let change) = $0, case .finished = change.kind { true } else { false } } == true)
        let skipped = held.compactMap { if case .skipped(let counts) = $0 { counts } else { nil } }
        #expect(skipped.map(\.total).reduce(0, +) + events.count == 1_310)

        var log = ExplainLog(configuration: configuration)
        log.take(held)
        #expect(log.causes.map(\.text) == ["scan 400 failed: sensor glitch, thrown out of the group, which cancels every other scan"])
        #expect(log.lines.last?.text == "the run is over")
        #expect(log.lines.contains {
            $0.text == "3 scans (3 medium) went with the group: each stopped at its next cancellation check, or finished and its result discarded"
        })
        #expect(log.lines.contains { $0.text.hasSuffix("500 cancelled before they started") }, "\(log.lines.map(\.text))")
    }

    @Test("Events the buffer dropped still count: a later sentence counts busy slots right")
    func skippedKeepsTheCount() {
        var narrator = Narrator(configuration: RunConfiguration(total: 100, batch: 4, seed: 1))
        for scan in 0..<4 {
            _ = narrator.narrate(.scan(ScanEvent(kind: .started, scan: scan, priority: .low, slot: scan, time: .zero)))
        }
        var skipped = SkippedEvents()
        skipped.completed = 3
        skipped.started = 1
        #expect(narrator.narrate(skipped).text == "4 events came too fast to tell one by one: 1 started, 3 completed")
        let next = narrator.narrate(.scan(ScanEvent(kind: .scheduled, scan: 9, priority: .low, slot: nil, time: .zero)))
        #expect(next.text == "scan 9 (low) is scheduled", "two slots are free")
        let start = narrator.narrate(.scan(ScanEvent(kind: .started, scan: 9, priority: .low, slot: 0, time: .zero)))
        #expect(start.text == "scan 9 (low) starts in slot 0: 3 of 4 slots busy", "who freed slot 0 is not known")
    }

    @Test("However many events come, the story keeps a bounded number of lines and at most two causes")
    func boundedAtAnySpeed() {
        var log = ExplainLog(configuration: RunConfiguration(total: 1_000_000, batch: 4, seed: 1))
        let buffer = ScanEventBuffer()
        for frame in 0..<200 {
            for index in 0..<500 {
                let scan = frame * 500 + index
                buffer.record(ScanEvent(kind: .started, scan: scan, priority: .high, slot: scan % 4, time: .microseconds(scan)))
                buffer.record(ScanEvent(kind: .failed(.signalLost), scan: scan, priority: .high, slot: scan % 4, time: .microseconds(scan)))
            }
            log.take(buffer.drain())
        }
        #expect(log.lines.count == ExplainLog.capacity)
        #expect(log.causes.isEmpty)
        #expect(log.added > ExplainLog.capacity)
    }

    @Test("The help scrolls where it does not fit: at 80×24 page down reaches the last key")
    func helpScrolls() {
        var state = Scene.help.state(size: TerminalSize(width: 80, height: 24))
        var text = DashboardView.render(state).text
        #expect(text.contains("more below"), "\(text)")
        #expect(!text.contains("What each panel and key means"))
        // A page at a time, while there is more below; the help is a few pages long.
        for _ in 0..<5 where DashboardView.render(state).text.contains("more below") { _ = state.update(.key(.pageDown)) }
        text = DashboardView.render(state).text
        #expect(text.contains("What each panel and key means"), "\(text)")
        #expect(text.contains("more above"))
        #expect(state.showingHelp)
    }
}
