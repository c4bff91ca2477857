/// `?`: what every panel shows and what every key does, in a box over the dashboard.
enum HelpOverlay {
    /// What each panel shows; the keys follow, from `DashboardKeys`. Short enough, with them, to
    /// fit whole in an 80×24 terminal. The timeline's glyphs are the ones on screen.
    static func panels(_ glyphs: Glyphs) -> [(String, String)] {
        let spans = String(glyphs.spans)
        let ends = "\(glyphs.completed) completed \(glyphs.failed) failed \(glyphs.cancelled) cancelled"
        return [
            ("Scans", "Waiting, running, completed, failed, cancelled; bars out of the total. Order: the latest finishes by priority."),
            ("Throughput", "Scans/s: now (5 s) and mean; a sparkline column a second."),
            ("Latency", "Wait: scheduled to started. Run: started to finished. ms."),
            ("Slots", "A freed slot goes to the highest-priority waiting scan. runs: the priority the runtime gives its child (↑ raised, ↓ lowered). On a thread: what the pool executes now."),
            ("Timeline", "\(spans) high, medium, low; \(ends)"),
            ("Errors", "Failures, newest first; e swaps in the explain panel."),
        ]
    }

    static func entries(_ glyphs: Glyphs) -> [(String, String)] {
        panels(glyphs) + DashboardKeys.rows.map { ($0.label, $0.help) }
    }

    static func draw(_ state: DashboardState, into grid: inout Grid) {
        let size = grid.size
        let width = min(size.width - 2, 72)
        let termWidth = 11
        let textWidth = width - termWidth - 4
        var lines: [(String, String)] = []
        let glyphs = state.glyphs
        for (term, text) in entries(glyphs) {
            // The arrows as the lanes draw them (ASCII when the locale is not UTF-8).
            let shown = String(text.map { $0 == "↑" ? glyphs.up : $0 == "↓" ? glyphs.down : $0 })
            for (index, line) in wrap(shown, width: textWidth).enumerated() {
                lines.append((index == 0 ? term : "", line))
            }
        }
        let height = min(size.height - 2, lines.count + 2)
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
        for (offset, (term, text)) in lines.prefix(height - 2).enumerated() {
            let row = y + 1 + offset
            grid.write(term, x: x + 2, y: row, style: Style(.accent, bold: true), width: termWidth)
            grid.write(text, x: x + 2 + termWidth, y: row, width: textWidth)
        }
    }

    /// Greedy word wrap; a word longer than the width is cut.
    static func wrap(_ text: String, width: Int) -> [String] { TextWrap.lines(text, width: width) }
}
