import SkyCore
import SkyFormat

/// Every failure as it happens, newest first: when, which scan, its priority and the error. Each
/// one was wrapped in a `Result`, so the run went on.
enum ErrorsPanel {
    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int, height: Int) {
        let snapshot = state.snapshot
        let total = snapshot.counters.failed
        let note = total == 0 ? (state.isFinished ? "none" : "none yet") : "\(total) in all, newest first"
        Section.rule("Errors", note: note, into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
        let scanWidth = String(max(0, snapshot.scanScale - 1)).count
        for (offset, error) in snapshot.recentErrors.reversed().prefix(max(0, height - 1)).enumerated() {
            let row = y + 1 + offset
            // To the hundredth, as the summary gives it: a clock's tenths, cut down, would read
            // 1.96 s as 1.9.
            let time = FixedPoint.fixed(error.time.seconds, places: 2) + " s"
            var column = grid.write(" " + Figures.padLeft(time, 8) + "  ", x: x, y: row, style: Style(.muted))
            column = grid.write("scan " + Figures.padLeft(String(error.scan), scanWidth) + "  ", x: column, y: row, width: x + width - column)
            column = grid.write(Figures.padRight(error.priority.description, 7), x: column, y: row, style: Style(error.priority.tint), width: x + width - column)
            grid.write(error.failure.description, x: column, y: row, style: Style(.bad, bold: true), width: x + width - column)
        }
    }
}
