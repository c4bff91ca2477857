import SkyCore

/// Wait time and run time, p50, p95 and p99 in ms, each row tagged with who measured it. The wait
/// is the actor's: from the scan's scheduling to its start, both moments in the actor's book. The
/// run is the children's: each child times its own sweep, first line to last, so no wait for the
/// actor is in it; the actor only collects the figures.
enum LatencyPanel {
    static let height = 4

    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int) {
        Section.rule("Latency", note: "ms", into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
        let labelWidth = 6
        let sources: [CounterSource] = [.viaActor, .direct]
        let tagWidth = 1 + sources.map(\.tag.count).max()!
        let column = min(10, max(6, (width - labelWidth - tagWidth) / 3))
        let snapshot = state.snapshot
        // Nothing measured yet is a dash, not a time of 0.00 ms.
        func cells(_ p: LatencyPercentiles) -> [String] {
            p.count == 0 ? Array(repeating: String(state.glyphs.dash), count: 3) : [p.p50, p.p95, p.p99].map(Figures.quantity)
        }
        let rows: [(String, [String], Style, CounterSource?)] = [
            ("", ["p50", "p95", "p99"], Style(.muted), nil),
            ("wait", cells(snapshot.waitLatency), .plain, .viaActor),
            ("run", cells(snapshot.runLatency), .plain, .direct),
        ]
        for (offset, (label, cells, style, source)) in rows.enumerated() {
            let row = y + 1 + offset
            var at = grid.write(Figures.padRight(" " + label, labelWidth), x: x, y: row, style: Style(.muted))
            for cell in cells {
                at = grid.write(Figures.padLeft(cell, column), x: at, y: row, style: style, width: x + width - at)
            }
            if let source {
                grid.write(" " + source.tag, x: at, y: row, style: Style(.muted), width: x + width - at)
            }
        }
    }
}
