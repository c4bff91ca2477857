/// `v`: the source of the loop that runs the scans now, for the run's strategy, in place of the
/// errors panel: the real lines of its file, with their numbers, so a student can hold what the
/// lanes do against the code that does it.
enum CodePanel {
    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int, height: Int) {
        let source = state.source
        Section.rule("Code", note: "\(source.path): \(source.idea)", into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
        let numberWidth = String(source.lines.last?.number ?? 0).count
        let rows = max(0, height - 1)
        // From the loop, which is what runs the scans, or from earlier where the rest of the file
        // then fits: the whole file when it can.
        let start = max(0, min(source.loopIndex ?? 0, source.lines.count - rows))
        for (offset, line) in source.lines.dropFirst(start).prefix(rows).enumerated() {
            let row = y + 1 + offset
            let column = grid.write(" " + Figures.padLeft(String(line.number), numberWidth) + "  ", x: x, y: row, style: Style(.muted))
            grid.write(line.text, x: column, y: row, width: x + width - column)
        }
    }
}
