import SkyCore

/// Wait time (scheduled to started) and run time (started to finished): p50, p95 and p99 in ms.
enum LatencyPanel {
    static let height = 4

    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int) {
        Section.rule("Latency", note: "ms", into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
        let labelWidth = 6
        let column = min(10, max(7, (width - labelWidth - 1) / 3))
        let snapshot = state.snapshot
        let rows: [(String, [String], Style)] = [
            ("", ["p50", "p95", "p99"], Style(.muted)),
            ("wait", [snapshot.waitLatency.p50, snapshot.waitLatency.p95, snapshot.waitLatency.p99].map(Figures.quantity), .plain),
            ("run", [snapshot.runLatency.p50, snapshot.runLatency.p95, snapshot.runLatency.p99].map(Figures.quantity), .plain),
        ]
        for (offset, (label, cells, style)) in rows.enumerated() {
            let row = y + 1 + offset
            var at = grid.write(Figures.padRight(" " + label, labelWidth), x: x, y: row, style: Style(.muted))
            for cell in cells {
                at = grid.write(Figures.padLeft(cell, column), x: at, y: row, style: style, width: x + width - at)
            }
        }
    }
}
