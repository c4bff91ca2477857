/// Beneath the timeline's lanes, two sparklines a column each: the scans executing on a thread,
/// full height at every core busy, and the scans waiting in the ready queue, full height at the
/// deepest shown. Each label gives its scale: `threads 0-2`, `queue 0-16`.
///
/// They are the frames' samples. A column no frame fell in (a frame late by more than a column)
/// holds the column before's value: a gap would read as nothing running.
struct TimelineHistory {
    let threads: [Float?]
    let queue: [Float?]
    let threadTop: Float
    let queueTop: Float

    init(_ window: TimelineWindow, state: DashboardState) {
        let samples = window.columns.map { window.sample(column: $0) }
        threads = Self.held(samples.map(\.meanThreads))
        queue = Self.held(samples.map(\.meanQueue))
        threadTop = max(Float(state.info.cores), threads.compactMap { $0 }.max() ?? 0).rounded(.up)
        queueTop = max(1, queue.compactMap { $0 }.max() ?? 0).rounded(.up)
    }

    /// Each missing value after the first present one takes the one before it.
    static func held(_ values: [Float?]) -> [Float?] {
        var last: Float?
        return values.map { value in
            last = value ?? last
            return last
        }
    }

    var labels: [String] { [" threads 0-\(Int(threadTop))", " queue 0-\(Int(queueTop))"] }

    func draw(into grid: inout Grid, x: Int, y: Int, labelWidth: Int, levels: [Character]) {
        let lines: [([Float?], Float, Tint)] = [(threads, threadTop, .accent), (queue, queueTop, .muted)]
        for (offset, (values, top, tint)) in lines.enumerated() {
            grid.write(labels[offset], x: x, y: y + offset, style: Style(.muted), width: labelWidth)
            for (column, value) in values.enumerated() {
                guard let value, value > 0 else { continue }
                let level = Int((value / top * Float(levels.count)).rounded(.up)) - 1
                grid[x + labelWidth + column, y + offset] = Cell(levels[min(levels.count - 1, max(0, level))], Style(tint))
            }
        }
    }
}
