import SkyCore

/// The title bar with the comparison's state, what every run shares, and the run going.
enum ComparisonHeader {
    static let height = 3

    static func draw(_ state: ComparisonState, into grid: inout Grid) {
        let width = grid.size.width
        let comparison = state.comparison
        grid.fill(" ", x: 0, y: 0, width: width, style: Style(.title, reverse: true))
        let names = state.settings.map(\.name).joined(separator: " \(state.glyphs.dot) ")
        grid.write(" SKY  compare \(names)", x: 0, y: 0, style: Style(.title, bold: true, reverse: true))
        let badge = self.badge(state)
        grid.write(" \(badge.text) ", x: width - badge.text.count - 3, y: 0, style: badge.style)

        let c = state.configuration
        let facts = "\(comparison.bound)   batch \(c.batch)   seed \(c.seed)   work \(c.work)   priorities \(c.priorityMix)   "
            + "\(comparison.fixedSetting)   cores \(state.info.cores)"
        grid.write(" " + facts, x: 0, y: 1)

        guard let run = state.current, let snapshot = state.snapshot else {
            let text = state.stopRequested
                ? "stopped after \(state.finished.count) of \(state.settings.count) runs"
                : "all \(state.settings.count) runs done"
            grid.write(" " + text, x: 0, y: 2, style: Style(.muted))
            return
        }
        let setting = state.settings[state.finished.count]
        let clock = Figures.clock(run.figures.wall)
        let done = "\(snapshot.counters.ended)" + (c.total.map { " of \($0)" } ?? "")
        let which = " run \(state.finished.count + 1) of \(state.settings.count): "
        // The strategy's few words go first when the line is short of room.
        let room = width - which.count - 11 - clock.count - 14 - done.count
        let what = switch setting {
        case .strategy(let strategy): "strategy \(strategy.rawValue)" + (strategy.summary.count + 3 <= room - 9 - strategy.rawValue.count ? " (\(strategy.summary))" : "")
        case .errors(let errors): "errors \(errors.rawValue)"
        }
        var column = grid.write(which, x: 0, y: 2, style: Style(.muted))
        column = grid.write(what, x: column, y: 2, style: Style(.accent, bold: true))
        column = grid.write("   elapsed ", x: column, y: 2, style: Style(.muted))
        column = grid.write(clock, x: column, y: 2, style: Style(.accent, bold: true))
        column = grid.write("   scans done ", x: column, y: 2, style: Style(.muted))
        grid.write(done, x: column, y: 2)
    }

    /// The comparison's state in a word or three.
    static func badge(_ state: ComparisonState) -> (text: String, style: Style) {
        if state.isDone {
            return state.stopRequested
                ? ("STOPPED", Style(.warn, bold: true, reverse: true))
                : ("DONE", Style(.good, bold: true, reverse: true))
        }
        if state.stopRequested { return ("STOPPING", Style(.warn, bold: true, reverse: true)) }
        return ("RUN \(state.finished.count + 1) OF \(state.settings.count)", Style(.good, bold: true, reverse: true))
    }
}
