/// `e` or `--explain`: each scheduling decision in plain words as it happens, newest first, in
/// place of the errors panel.
enum ExplainPanel {
    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int, height: Int) {
        Section.rule("Explain", note: "what the scheduler just did, newest first", into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
        for (offset, line) in state.narration.reversed().prefix(max(0, height - 1)).enumerated() {
            let row = y + 1 + offset
            let column = grid.write(" " + Figures.padLeft(Figures.clock(line.time), 7) + "  ", x: x, y: row, style: Style(.muted))
            let style = line.text.contains(" failed: ") ? Style(.bad) : Style.plain
            grid.write(line.text, x: column, y: row, style: style, width: x + width - column)
        }
    }
}
