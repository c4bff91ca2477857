import SkyCore

/// `?`: what every panel shows and what every key does, in a box over the dashboard.
enum HelpOverlay {
    /// What each panel shows; the keys follow, from `DashboardKeys`. What does not fit the
    /// terminal at once scrolls. The timeline's glyphs are the ones on screen.
    static func panels(_ glyphs: Glyphs) -> [(String, String)] {
        let spans = String(glyphs.spans)
        // Each strategy's word for a scan between its slot and its end: `in group`, `in loop`…
        let held = Set((ScanStrategy.builtIn + [.own("")]).map(\.holderLabel)).sorted().joined(separator: ", ")
        let ends = "\(glyphs.completed) completed \(glyphs.failed) failed \(glyphs.cancelled) cancelled"
        return [
            ("Scans", "scheduled, \(held) (took a slot, not ended: on a thread or waiting for one), completed, failed, cancelled. done: finished of scheduled, by priority. order: the latest finishes, newest right. actor: booked when the actor takes a result, which waits for a thread; children: counted by each child as it ends. Title: N waiting: scheduled, not yet in the group; N in the body's array: completed, held until the group returns; N results lost with the group, or N results lost with the body's array: ended, dropped by the throw; actor lag: how long the oldest end has waited for the actor."),
            ("Throughput", "scans/s, peak N (N s): now, mean and peak, each over the window in brackets; the peak is the highest shown over a second or more, in the last part-second when that holds it. A column a second; after the run, the last is the final part-second. busy machine: others N%, steal N% (or busy:): what other processes and the hypervisor took of the cores, which slows every rate."),
            ("Latency", "ms. Wait: scheduled to started. Run: each child's clock."),
            ("Slots", "A freed slot goes to the highest-priority waiting scan. Title: actor: N of N busy (N busy, batch N while a lowered batch drains), or N in the group; children: N ended, at least N on a thread (N cores): what the pool runs now, as this frame read it; all run at medium, or run at high, medium: what the running children run at. bars: slot time against the median run. A lane: task low: its child's base priority (no task: serial); never checks: a cancel does not stop it; no run label: a detached task, which inherits no task-local value; closing: above a shrunken batch."),
            ("Timeline", "\(spans) high, medium, low; \(ends); a digit: that many scans ended in one column (a row of slots counts failed and cancelled), coloured by the worst. threads: scans on a pool thread; queue: scans waiting."),
            ("Errors", "Failures, newest first; \(DashboardKeys.key(of: .switchPanel)) swaps in the explain panel."),
            ("Explain", "Each scheduling decision, newest first; like ones in a row as one line. What stopped the run stays on top."),
            ("Code", "\(glyphs.running) marks the lesson's lines; \(glyphs.wrapped) a long line's next row."),
            ("Badge", "The run's state, top right: STARTING, RUNNING, PAUSED; CANCELLING: the scans in the group are told to stop; ERROR HELD: waitForAll() holds the first error, and the other children run on; BODY RETURNED: the group waits for the children in it; ORPHANS RUN ON: the loop returned, and its Task {}s run on; DONE, DONE: TIME UP, DONE: TAKEN, CANCELLED, STOPPED: FAIL-FAST or THROWN."),
        ]
    }

    /// The soak's panels (`SoakView`), in the operator's words.
    static let soakPanels: [(String, String)] = [
        ("Results", "verified: results that matched their recomputation. mismatches: results that differed, a possible hardware fault, which fails the run. in the group: scans started and not yet ended, of the batch; the pool runs as many at once as there are cores. unstarted: scans left queued when the time ran out, as a timed soak leaves them."),
        ("Throughput", "Scans/s over the window in brackets: now, mean, and peak, the highest over a second or more. trend: the rate against the first minute's, judged after a minute and a half; a fall of more than a tenth is marked THROTTLED?."),
        ("Cores", "Each CPU's busy share over the last second, its clock and temperature, and the scans verified and mismatched on it. A sensor the host does not give is named below the table, with why."),
        ("Rate", "Scans/s, a column a second, over the history kept; the top row's rate is in the title."),
        ("Verification", "The latest mismatch: its scan, and the core and thread it ran on."),
    ]

    /// The teaching dashboard's panels and every key.
    static func entries(_ glyphs: Glyphs) -> [(String, String)] {
        panels(glyphs) + DashboardKeys.rows.map { ($0.label, $0.help) }
    }

    /// What `state`'s screen shows, and the keys that do something in its kind of run at some
    /// point (running, paused or done): a soak's help leaves out the teaching panels and keys.
    static func entries(_ state: DashboardState) -> [(String, String)] {
        guard state.info.soak != nil else { return entries(state.glyphs) }
        let phases = [RunPhase.running, .paused, .finished(.timeUp)].map(state.at)
        let keys = DashboardKeys.rows.filter { row in phases.contains { row.isEnabled($0) } }
        return soakPanels + keys.map { ($0.label, $0.help) }
    }

    /// The terms' column: the longest term and a space, at least 11 wide.
    static func termWidth(_ state: DashboardState) -> Int {
        max(11, (entries(state).map(\.0.count).max() ?? 0) + 1)
    }

    /// The box's width in a terminal of `size`.
    static func width(_ size: TerminalSize) -> Int { min(size.width - 2, 88) }

    /// The overlay's lines as drawn in a terminal of `size`: (term, text), a term only on the
    /// first line of its entry.
    static func lines(_ state: DashboardState, size: TerminalSize) -> [(String, String)] {
        let textWidth = width(size) - termWidth(state) - 4
        var lines: [(String, String)] = []
        for (term, text) in entries(state) {
            for (index, line) in wrap(text, width: textWidth).enumerated() {
                lines.append((index == 0 ? term : "", line))
            }
        }
        return lines
    }

    /// Lines the box shows at once; the keys that scroll it reach the rest.
    static func rows(_ state: DashboardState, size: TerminalSize) -> Int {
        max(0, min(size.height - 4, lines(state, size: size).count))
    }

    static func draw(_ state: DashboardState, into grid: inout Grid) {
        let size = grid.size
        let width = width(size)
        let termWidth = termWidth(state)
        let textWidth = width - termWidth - 4
        let glyphs = state.glyphs
        let lines = lines(state, size: size)
        let rows = rows(state, size: size)
        let first = min(state.helpScroll, max(0, lines.count - rows))
        let height = rows + 2
        let x = (size.width - width) / 2
        let y = (size.height - height) / 2
        let border = Style(.accent, bold: true)
        for row in y..<(y + height) { grid.fill(" ", x: x, y: row, width: width) }
        grid.fill(glyphs.rule, x: x + 1, y: y, width: width - 2, style: border)
        grid.fill(glyphs.rule, x: x + 1, y: y + height - 1, width: width - 2, style: border)
        for row in (y + 1)..<(y + height - 1) {
            grid[x, row] = Cell(glyphs.vertical, border)
            grid[x + width - 1, row] = Cell(glyphs.vertical, border)
        }
        grid[x, y] = Cell(glyphs.corners[0], border)
        grid[x + width - 1, y] = Cell(glyphs.corners[1], border)
        grid[x + width - 1, y + height - 1] = Cell(glyphs.corners[2], border)
        grid[x, y + height - 1] = Cell(glyphs.corners[3], border)
        grid.write(" What you are looking at ", x: x + 2, y: y, style: border)
        // What the box cannot show at once, and the keys that reach it.
        let scrollKeys = "\(DashboardKeys.label(of: .lineDown)), \(DashboardKeys.label(of: .pageDown))"
        if first > 0 {
            let above = " \(first) more above "
            grid.write(above, x: x + width - 2 - above.count, y: y, style: border)
        }
        if first + rows < lines.count {
            let below = " \(lines.count - first - rows) more below: \(scrollKeys) "
            grid.write(below, x: x + width - 2 - below.count, y: y + height - 1, style: border)
        }
        for (offset, (term, text)) in lines.dropFirst(first).prefix(rows).enumerated() {
            let row = y + 1 + offset
            grid.write(term, x: x + 2, y: row, style: Style(.accent, bold: true), width: termWidth)
            grid.write(text, x: x + 2 + termWidth, y: row, width: textWidth)
        }
    }

    /// Greedy word wrap; a word longer than the width is cut.
    static func wrap(_ text: String, width: Int) -> [String] { TextWrap.lines(text, width: width) }
}
