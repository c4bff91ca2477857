/// Shown instead of a dashboard below its minimum size, with a line of progress; the keys still
/// work, so q still quits.
enum TooSmallNotice {
    static func draw(_ progress: String, keys: String = "q quits", glyphs: Glyphs, into grid: inout Grid, minimum: TerminalSize) {
        let size = grid.size
        let times = glyphs.times
        let lines = [
            "terminal too small",
            "(need \(minimum.width)\(times)\(minimum.height), have \(size.width)\(times)\(size.height))",
            progress,
            keys,
        ]
        let top = max(0, (size.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let style = offset == 0 ? Style(.warn, bold: true) : Style.plain
            grid.write(line, x: max(0, (size.width - line.count) / 2), y: top + offset, style: style)
        }
    }
}
