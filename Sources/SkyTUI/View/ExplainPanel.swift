/// `e` or `--explain`: each scheduling decision in plain words as it happens, newest first, in
/// place of the errors panel; a run of like events as one line. What stopped the run (the failure
/// that threw, a cancel, the time running out) is pinned on top, wherever the lines below have
/// scrolled to. `wraps` (the projector's): a line too long for the width goes on below, at whole
/// words, while rows are left; else it is cut at the edge.
enum ExplainPanel {
    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int, height: Int, wraps: Bool = false) {
        let log = state.explain
        let rows = lineRows(state, height: height)
        let first = min(state.explainScroll, max(0, log.lines.count - rows))
        let scroll = "\(DashboardKeys.label(of: .lineDown)), \(DashboardKeys.label(of: .pageDown)) scroll"
        let order = first > 0 ? "\(first) newer line\(first == 1 ? "" : "s") above" : "newest first"
        var note = log.causes.isEmpty ? "what the scheduler just did, \(order)" : "what stopped the run, then \(order)"
        if log.lines.count > rows { note += " · \(scroll)" }
        Section.rule("Explain", note: note, into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
        var row = y + 1
        let end = y + height
        let pinned = log.causes.suffix(pinnedRows(state, height: height))
        for (index, cause) in pinned.enumerated() {
            // Wrapped, a cause leaves a row for each cause after it and one for the newest line.
            let after = pinned.count - index - 1
            row = draw(cause, prefix: "cause: ", bold: true, into: &grid, x: x, y: row, width: width, rows: wraps ? max(1, end - row - after - 1) : nil)
        }
        for line in log.lines.reversed().dropFirst(first).prefix(rows) where row < end {
            row = draw(line, prefix: "", bold: false, into: &grid, x: x, y: row, width: width, rows: wraps ? end - row : nil)
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

    /// Draws `line` from row `y`: on one row cut at the edge, or wrapped at whole words on up to
    /// `rows` rows; returns the row after it.
    private static func draw(_ line: ExplainLine, prefix: String, bold: Bool, into grid: inout Grid, x: Int, y: Int, width: Int, rows: Int?) -> Int {
        let column = grid.write(" " + Figures.padLeft(Figures.clock(line.time), 7) + "  ", x: x, y: y, style: Style(.muted))
        let style =
            switch line.tone {
            case .failure: Style(.bad, bold: bold)
            case .stop: Style(.warn, bold: bold)
            case .plain: Style(bold: bold)
            }
        let room = x + width - column
        guard let rows else {
            grid.write(prefix + line.text, x: column, y: y, style: style, width: room)
            return y + 1
        }
        // A column to spare at the right, so no word ends at the edge as if cut.
        let wrapped = TextWrap.lines(prefix + line.text, width: room - 1).prefix(rows)
        for (offset, text) in wrapped.enumerated() { grid.write(text, x: column, y: y + offset, style: style, width: room) }
        return y + wrapped.count
    }
}
