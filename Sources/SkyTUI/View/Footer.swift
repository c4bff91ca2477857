/// The keys, or what the run is doing when that matters more: paused, cancelling, done.
enum Footer {
    static func draw(_ state: DashboardState, into grid: inout Grid, y: Int) {
        let width = grid.size.width
        let snapshot = state.snapshot
        if state.isFinished {
            let counters = snapshot.counters
            let dot = state.glyphs.dot
            let badge = HeaderPanel.badge(state)
            var text = " \(badge.text)  \(counters.completed) completed \(dot) \(counters.failed) failed"
            text += " \(dot) \(counters.cancelled) cancelled in \(Figures.clock(snapshot.elapsed))"
            // The banner takes the badge's colour: green when drained, red after --fail-fast.
            let style = badge.style
            grid.fill(" ", x: 0, y: y, width: width, style: style)
            let column = grid.write(text, x: 0, y: y, style: style)
            let hint = "   press any key to exit "
            grid.write(hint, x: max(column, width - hint.count), y: y, style: style)
            return
        }
        var column = 0
        let keys: [(String, String)] =
            state.isStopping
            ? [("q", "quit")]
            : state.isPaused
                ? [("q", "quit"), ("space", "resume"), ("?", "help")]
                : [("q", "quit"), ("space", "pause"), ("+ -", "batch \(state.requestedBatch)"),
                   ("e", state.showingExplain ? "errors" : "explain"), ("?", "help")]
        for (key, meaning) in keys {
            column = grid.write(" " + key, x: column, y: y, style: Style(.accent, bold: true))
            column = grid.write(" " + meaning + " ", x: column, y: y)
        }
        let status: (String, Tint)? =
            if state.isStopping {
                ("cancelling: running scans stop at their next check", .warn)
            } else if state.isPaused {
                ("paused: running scans finish, no new ones start", .warn)
            } else {
                nil
            }
        if let (text, tint) = status {
            grid.write("  " + text, x: column, y: y, style: Style(tint, bold: true))
        }
    }
}
