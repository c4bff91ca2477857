import SkyCore
import SkyTUI
import Testing

@Suite("Dashboard view: what each panel says")
struct DashboardViewTests {
    static let size = TerminalSize(width: 100, height: 30)

    func frame(_ snapshot: ScanSnapshot, size: TerminalSize = size, glyphs: Glyphs = .unicode) -> Grid {
        var state = DashboardState(snapshot: snapshot, size: size, info: Scene.info, glyphs: glyphs)
        _ = state.update(.frame(snapshot, elapsed: .milliseconds(4_300)))
        return DashboardView.render(state)
    }

    func row(containing text: String, in grid: Grid) -> Int? {
        grid.text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
    }

    @Test("The header carries total, batch, seed, cores, mix, strategy, elapsed time and ETA")
    func header() {
        let text = frame(Scene.midRun).text
        for fact in ["total 20", "batch 4", "seed 42", "cores 2", "priorities 20:50:30", "strategy batched",
                     "elapsed 0:04.3", "ETA 0:11"] {
            #expect(text.contains(fact), "missing \(fact)")
        }
    }

    @Test("A batch lowered below the busy slots says so, rather than more busy than there are slots")
    func loweredBatchTitle() {
        let title = DashboardView.render(TagScene.shrunk.state(size: Self.size)).text.split(separator: "\n").first { $0.hasPrefix("── Slots") }
        #expect(title?.contains("actor: 4 busy, batch 2") == true, "\(title ?? "")")
        #expect(title?.contains("of 2 busy") == false)
    }

    @Test("Every counter is on screen with its true value")
    func counters() {
        let text = frame(Scene.midRun).text
        for line in ["scheduled 20/20", "in group    4/4", "completed  5/20", "failed     1/20", "cancelled  0/20",
                     "high 3/4", "medium 2/10", "low 1/6", "10 waiting"] {
            #expect(text.contains(line), "missing \(line)")
        }
    }

    @Test("Huge runs: per-priority counts shorten to fit rather than lose a priority")
    func hugeCounts() {
        var snapshot = Scene.midRun
        snapshot.progress.configuration.total = 100_000_000
        snapshot.progress.byPriority = PerPriority(
            high: Scene.counters(waiting: 12, running: 10, completed: 150_372, failed: 12),
            medium: Scene.counters(waiting: 38, running: 30, completed: 391_642, failed: 30),
            low: Scene.counters(waiting: 20, running: 24, completed: 234_000, failed: 100))
        #expect(frame(snapshot, size: TerminalSize(width: 120, height: 40)).text
            .contains("done H 150384/150406  M 391672/391740  L 234100/234144"))
        #expect(frame(snapshot, size: TerminalSize(width: 80, height: 24)).text
            .contains("done H 150.4k  M 391.7k  L 234.1k"))
    }

    @Test("A lane per slot shows scan, priority, its task and time run; a free slot says so")
    func lanes() {
        var snapshot = Scene.midRun
        snapshot.slots[2] = nil
        let text = frame(snapshot).text
        #expect(text.contains("slot 0 ▶ scan  7  high     task high     0.7 s"))
        #expect(text.contains("slot 1 ▶ scan  2  medium   task medium   1.9 s"))
        #expect(text.contains("slot 2   free"))
    }

    @Test("Batched: each lane shows the base priority its scan's task keeps, the title the one they all run at; no lane claims a shift")
    func runtimePriorityBatched() {
        let text = frame(Scene.midRun).text
        #expect(text.contains("── Slots  actor: 4 of 4 busy · children: 2 on a thread · all run at medium"))
        #expect(text.contains("scan  7  high     task high "))
        #expect(text.contains("scan  9  low      task low "))
        #expect(!text.contains("runs medium"))
        // A lane whose child has not read its priorities yet says nothing of them.
        var starting = Scene.midRun
        starting.slots[1]?.child = ChildView()
        #expect(frame(starting).text.contains("scan  2  medium                 1.9 s"))
    }

    @Test("Serial: a lane says its scan has no task, so its priority never reaches the runtime")
    func runtimePrioritySerial() {
        var snapshot = Scene.midRun
        snapshot.progress.configuration.strategy = .serial
        snapshot.progress.batch = 1
        snapshot.progress.onThread = 1
        snapshot.slots = [SlotOccupancy(scan: 7, priority: .high, startedAt: .milliseconds(3_600), child: Scene.inlineScan)]
        let text = frame(snapshot).text
        #expect(text.contains("── Slots  actor: 1 of 1 busy · children: 1 on a thread · runs at medium"))
        #expect(text.contains("slot 0 ▶ scan  7  high     no task       0.7 s"))
        #expect(!text.contains("runs medium") && !text.contains("task high"))
    }

    @Test("A reading that saw a scan get or leave a thread gives its count as the least there were")
    func partialThreadReading() {
        var snapshot = Scene.midRun
        snapshot.progress.onThread = 1
        snapshot.progress.onThreadIsExact = false
        #expect(frame(snapshot).text.contains("children: at least 1 on a thread"))
        snapshot.progress.onThreadIsExact = true
        #expect(frame(snapshot).text.contains("children: 1 on a thread"))
    }

    @Test("The title gives way: the bars' key goes before what the scans run at")
    func narrowSlotsTitle() {
        let text = frame(Scene.midRun, size: TerminalSize(width: 80, height: 24)).text
        #expect(text.contains("── Slots  actor: 4 of 4 busy · children: 2 on a thread · all run at medium ──"))
        #expect(!text.contains("bars:"))
    }

    @Test("Slot bars come only with their key, and a scan past the median run says by how much beside its full bar")
    func slotBars() {
        let wide = frame(Scene.midRun, size: TerminalSize(width: 120, height: 40)).text
        #expect(wide.contains("bars: slot time against the median run"), "\(wide)")
        // Scan 2 has held its slot 1.9 s against a median run of 1.18 s.
        let lane = wide.split(separator: "\n").first { $0.contains("scan  2  medium") }.map(String.init) ?? ""
        #expect(lane.hasSuffix("█ 1.6×"), "\(lane)")
        // 80 columns, and rows enough that the slot lanes stay beside the timeline.
        let narrow = frame(Scene.midRun, size: TerminalSize(width: 80, height: 30)).text
        #expect(!narrow.contains("bars:"), "\(narrow)")
        let lanes = narrow.split(separator: "\n").filter { $0.hasPrefix(" slot ") && $0.contains("scan") }
        #expect(!lanes.isEmpty && lanes.allSatisfy { !$0.contains("█") && !$0.contains("░") }, "\(lanes)")
    }

    @Test("The order row lists the latest finishes by priority, newest on the right: spaced, or packed when that keeps more")
    func finishOrder() {
        var snapshot = Scene.midRun
        #expect(frame(snapshot).text.contains(" order  H H M H M L "))
        snapshot.progress.finishOrder = PriorityTrail()
        #expect(frame(snapshot).text.contains(" order  none finished yet"))
        for index in 0..<40 { snapshot.progress.finishOrder.append(index == 39 ? .low : .high) }
        let row = frame(snapshot, size: TerminalSize(width: 60, height: 24)).text
            .split(separator: "\n").first { $0.hasPrefix(" order") }.map(String.init) ?? ""
        #expect(row.hasPrefix(" order  HHH"), "\(row)")
        #expect(row.contains("HL "), "\(row)")
        #expect(!row.contains("LH"))
        // Lesson 3's thirty scans at 100 columns: the highs that finished first stay on screen.
        snapshot.progress.finishOrder = PriorityTrail()
        let lesson: [ScanPriority] = Array(repeating: .high, count: 9) + Array(repeating: .medium, count: 9) + Array(repeating: .low, count: 12)
        for priority in lesson { snapshot.progress.finishOrder.append(priority) }
        let whole = frame(snapshot, size: TerminalSize(width: 100, height: 30)).text
        #expect(whole.contains(" order  HHHHHHHHHMMMMMMMMMLLLLLLLLLLLL "), "\(whole)")
    }

    @Test("More slots than rows: the last row sums up the rest by priority")
    func manyLanes() {
        var snapshot = Scene.midRun
        snapshot.progress.batch = 40
        snapshot.slots = (0..<40).map { slot in
            slot % 4 == 3 ? nil : SlotOccupancy(scan: slot, priority: ScanPriority.allCases[slot % 3], startedAt: .seconds(4))
        }
        let grid = frame(snapshot)
        let text = grid.text
        #expect(text.contains("30 of 40 busy"))
        #expect(text.contains(/\d+ more slots, \d+ busy: high \d+, medium \d+, low \d+/))
        #expect(row(containing: "Errors", in: grid)! < grid.size.height - 1)
    }

    @Test("Errors are listed newest first with time, scan, priority and error, and counted")
    func errors() throws {
        let grid = frame(Scene.manyErrors)
        let text = grid.text
        #expect(text.contains("9 in all, newest first"))
        let newest = try #require(row(containing: "scan 17", in: grid))
        let older = try #require(row(containing: "scan 15", in: grid))
        #expect(newest < older)
        // To the hundredth, as the summary gives it (a clock's tenths once read 1.96 s as 0:01.9).
        #expect(text.contains(" 4.40 s  scan 17  low    sensor glitch"), "\(text)")
    }

    @Test("Paused, cancelling and done each show in the badge and the footer")
    func phases() {
        var paused = Scene.midRun
        paused.progress.phase = .paused
        #expect(frame(paused).text.contains("PAUSED"))
        #expect(frame(paused).text.contains("no new ones start"))
        var stopping = Scene.midRun
        stopping.progress.phase = .stopping(.cancelled)
        #expect(frame(stopping).text.contains("CANCELLING"))
        #expect(frame(stopping).text.contains("cancelling: running scans stop at their next check"))
        // `--ignore-cancellation`: not all of them look.
        stopping.progress.configuration.ignoreCancellationRate = 0.5
        #expect(frame(stopping, size: TerminalSize(width: 160, height: 30)).text.contains("running scans stop at their next check; those that never check run to their end"))
        let done = frame(Scene.finished).text
        #expect(done.contains("DONE  18 completed · 2 failed · 0 cancelled in 0:06.2"))
        #expect(done.contains("r: rerun"))
        // `--take`: a group's body that returned cancels nothing, and says so; a stream's consumer
        // that went cancels the producer.
        var returned = Scene.midRun
        returned.progress.configuration.take = 3
        returned.progress.phase = .stopping(.taken)
        let waiting = frame(returned).text
        #expect(waiting.contains("BODY RETURNED") && !waiting.contains("CANCELLING"))
        #expect(waiting.contains("the body has returned: the group waits for its running children"))
        returned.progress.configuration.strategy = .stream
        #expect(frame(returned).text.contains("CANCELLING"))
        var failFast = Scene.finished
        failFast.progress.phase = .finished(.failFast(scan: 4))
        let stopped = frame(failFast)
        #expect(stopped.text.contains("STOPPED: FAIL-FAST"))
        #expect(stopped[1, stopped.size.height - 1].style == Style(.bad, bold: true, reverse: true))
    }

    @Test("Styles carry meaning: a failure is red and bold, the badge reverse")
    func styles() throws {
        let grid = frame(Scene.midRun)
        let errorRow = try #require(row(containing: "sensor glitch", in: grid))
        let column = try #require(String(grid.row(errorRow).map(\.glyph)).firstRange(of: "sensor")).lowerBound.utf16Offset(in: String(grid.row(errorRow).map(\.glyph)))
        #expect(grid[column, errorRow].style == Style(.bad, bold: true))
        let badge = try #require(String(grid.row(0).map(\.glyph)).firstRange(of: "RUNNING"))
        let badgeColumn = badge.lowerBound.utf16Offset(in: String(grid.row(0).map(\.glyph)))
        #expect(grid[badgeColumn, 0].style.reverse)
    }

    @Test("Without a UTF-8 locale only ASCII is drawn")
    func ascii() {
        let text = frame(Scene.midRun, glyphs: .ascii).text
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(text.contains("slot 0 > scan  7"))
    }

    @Test("Below the minimum size: a notice naming the size needed, and how to quit")
    func tooSmall() {
        let text = frame(Scene.midRun, size: TerminalSize(width: 40, height: 10)).text
        #expect(text.contains("terminal too small"))
        #expect(text.contains("need 60×18, have 40×10"))
        #expect(text.contains("q quits"))
    }

    @Test("Nothing is drawn outside the frame, even at the minimum size with the help open")
    func minimum() {
        var state = DashboardState(snapshot: Scene.manyErrors, size: DashboardView.minimumSize, info: Scene.info)
        _ = state.update(.key(.character("?")))
        let lines = DashboardView.render(state).text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == DashboardView.minimumSize.height)
        #expect(lines.allSatisfy { $0.count <= DashboardView.minimumSize.width })
    }

    @Test("The mean rate is finished scans over the frame's live elapsed time, not the engine's last figure")
    func liveMean() {
        var snapshot = Scene.midRun
        snapshot.progress.meanRate = 9.99
        // Six finished (five completed, one failed) at the frame's 4.3 s.
        let text = frame(snapshot).text
        #expect(text.contains("mean 1.40/s"), "\(text)")
        #expect(!text.contains("9.99"))
    }

    @Test("The recent rate falls while nothing finishes, instead of keeping the engine's last figure")
    func liveRecentRate() {
        var snapshot = Scene.midRun
        snapshot.progress.recentRate = 7.5
        var state = DashboardState(snapshot: snapshot, size: Self.size, info: Scene.info)
        // Six finished in the first second, then none for the next four: 6 over the last 5 s.
        snapshot.progress.counters = Scene.counters(waiting: 10, running: 4, completed: 5, failed: 1)
        for tenth in 0...40 { _ = state.update(.frame(snapshot, elapsed: .milliseconds(100 * tenth + 1_000))) }
        #expect(state.recentRate.perSecond < 7.5)
        let text = DashboardView.render(state).text
        #expect(!text.contains("now 7.50/s"))
        #expect(text.contains("now 1.20/s"), "\(text)")
    }
}
