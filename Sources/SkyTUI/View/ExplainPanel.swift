/// `e` or `--explain`: each scheduling decision in plain words as it happens, newest first, in
/// place of the errors panel; a run of like events as one line. What stopped the run (the failure
/// that threw, a cancel, the time running out) is pinned on top, wherever the lines below have
/// scrolled to.
enum ExplainPanel {
    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int, height: Int) {
        let log = state.explain
        let rows = lineRows(state, height: height)
        let first = min(state.explainScroll, max(0, log.lines.count - rows))
        let scroll = "\(DashboardKeys.label(of: .lineDown)), \(DashboardKeys.label(of: .pageDown)) scroll"
        let order = first > 0 ? "\(first) newer line\(first == 1 ? "" : "s") above" : "newest first"
        var note = log.causes.isEmpty ? "what the scheduler just did, \(order)" : "what stopped the run, then \(order)"
        if log.lines.count > rows { note += " · \(scroll)" }
        Section.rule("Explain", note: note, into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
        var row = y + 1
        for cause in log.causes.suffix(pinnedRows(state, height: height)) {
            draw(cause, prefix: "cause: ", bold: true, into: &grid, x: x, y: row, width: width)
            row += 1
        }
        for line in log.lines.reversed().dropFirst(first).prefix(rows) {
            draw(line, prefix: "", bold: false, into: &grid, x: x, y: row, width: width)
            row += 1
        }
    }

    /// Rows for the lines, below the title and the pinned causes.
    static func lineRows(_ state: DashboardState, height: Int) -> Int {
        max(0, height - 1 - pinnedRows(state, height: height))
    }

    /// The causes take a row each, and leave a row for the newest line when there is one to leave.
    private static func pinnedRows(_ state: DashboardState, height: Int) -> Int {
        min(state.explain.causes.count, max(0, height - 2))
    }

    private static func draw(_ line: ExplainLine, prefix: String, bold: Bool, into grid: inout Grid, x: Int, y: Int, width: Int) {
        let column = grid.write(" " + Figures.padLeft(Figures.clock(line.time), 7) + "  ", x: x, y: y, style: Style(.muted))
        let style =
            switch line.tone {
            case .failure: Style(.bad, bold: bold)
            case .stop: Style(.warn, bold: bold)
            case .plain: Style(bold: bold)
            }
        grid.write(prefix + line.text, x: column, y: y, style: style, width: x + width - column)
    }
}
