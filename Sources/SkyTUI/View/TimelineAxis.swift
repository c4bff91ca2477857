/// The timeline's time axis: labels at round times since the start, at least `spacing` columns
/// apart, so they read at any scale.
enum TimelineAxis {
    /// Round intervals between labels, in microseconds: tenths of a second up to a day.
    static let steps: [Int64] = [
        0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400,
    ].map { Int64($0 * 1_000_000) }
    static let spacing: Int64 = 12

    /// The interval between labels for columns `columnWidth` microseconds wide.
    static func step(columnWidth: Int64) -> Int64 {
        steps.first { $0 >= columnWidth * spacing } ?? columnWidth * spacing
    }

    /// `0s`, `0.5s`, `1m30s`, `2h`.
    static func label(_ microseconds: Int64) -> String {
        if microseconds % 1_000_000 != 0 {
            let tenths = microseconds / 100_000
            return "\(tenths / 10).\(tenths % 10)s"
        }
        let seconds = microseconds / 1_000_000
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        var text = hours > 0 ? "\(hours)h" : ""
        if minutes > 0 { text += "\(minutes)m" }
        if rest > 0 || text.isEmpty { text += "\(rest)s" }
        return text
    }

    /// Writes the labels from column `x` across `width` cells, beyond the columns the run has
    /// reached too, so the scale ahead shows.
    static func draw(_ window: TimelineWindow, into grid: inout Grid, x: Int, y: Int, width: Int) {
        let columnWidth = window.columnWidth
        let step = step(columnWidth: columnWidth)
        let start = window.columns.lowerBound * columnWidth
        let end = (window.columns.lowerBound + Int64(width)) * columnWidth
        var tick = (start + step - 1) / step * step
        var free = x
        while tick < end {
            let column = x + Int(tick / columnWidth - window.columns.lowerBound)
            let text = label(tick)
            if column >= free && column + text.count <= x + width {
                free = grid.write(text, x: column, y: y, style: Style(.muted)) + 1
            }
            tick += step
        }
    }
}
