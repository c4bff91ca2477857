/// Shown instead of the dashboard below the minimum size; the keys still work, so q still quits.
enum TooSmallNotice {
    static func draw(_ state: DashboardState, into grid: inout Grid, minimum: TerminalSize) {
        let size = grid.size
        let times = state.glyphs.times
        let lines = [
            "terminal too small",
            "(need \(minimum.width)\(times)\(minimum.height), have \(size.width)\(times)\(size.height))",
            "\(state.snapshot.counters.ended)\(state.snapshot.configuration.total.map { " of \($0)" } ?? "") scans done",
            "q quits",
        ]
        let top = max(0, (size.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let style = offset == 0 ? Style(.warn, bold: true) : Style.plain
            grid.write(line, x: max(0, (size.width - line.count) / 2), y: top + offset, style: style)
        }
    }
}
