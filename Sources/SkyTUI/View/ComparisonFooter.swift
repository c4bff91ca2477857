/// The key while the runs go, what a stop is doing, or the banner once every run is done.
enum ComparisonFooter {
    static func draw(_ state: ComparisonState, into grid: inout Grid, y: Int) {
        let width = grid.size.width
        if state.isDone {
            let badge = ComparisonHeader.badge(state)
            let agreement = state.comparison.checksums
            var text = " \(badge.text)  \(state.finished.count) of \(state.settings.count) runs"
            if agreement.verdict != .tooFew { text += " \(state.glyphs.dot) " + agreement.line.prefix { $0 != ":" } }
            let style = switch agreement.verdict {
            case .differ: Style(.bad, bold: true, reverse: true)
            case .agree, .differentScans, .tooFew: badge.style
            }
            grid.fill(" ", x: 0, y: y, width: width, style: style)
            let column = grid.write(text, x: 0, y: y, style: style)
            let hint = "   \(KeyAction.doneScreenHint) "
            if column + hint.count <= width { grid.write(hint, x: width - hint.count, y: y, style: style) }
            return
        }
        // The comparison takes one key while its runs go: quit.
        var column = grid.write(" " + DashboardKeys.key(of: .quit), x: 0, y: y, style: Style(.accent, bold: true))
        column = grid.write(" quit ", x: column, y: y)
        let (text, tint): (String, Tint) = state.stopRequested
            ? ("  stopping: the run going is cancelled; no other starts", .warn)
            : ("  one run after another; the table follows", .muted)
        grid.write(text, x: column, y: y, style: Style(tint, bold: state.stopRequested))
    }
}
