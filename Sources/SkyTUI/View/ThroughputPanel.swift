/// Scans finished per second: over the last five seconds ("now"), the mean since the start, and
/// a sparkline two rows high with one column per second, newest on the right.
enum ThroughputPanel {
    static let height = 4

    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int) {
        let snapshot = state.snapshot
        let samples = state.rates.samples(last: width - 2)
        let peak = samples.max() ?? 0
        // No peak until a second with a finish: "peak 0.00" beside a nonzero rate reads as a contradiction.
        let note = peak > 0 ? "scans/s, peak \(Figures.quantity(peak))" : "scans/s"
        Section.rule("Throughput", note: note, into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
        var column = grid.write(" now ", x: x, y: y + 1, style: Style(.muted))
        column = grid.write(Figures.quantity(state.recentRate), x: column, y: y + 1, style: Style(.accent, bold: true))
        column = grid.write("/s (5 s)   mean ", x: column, y: y + 1, style: Style(.muted), width: x + width - column)
        // The mean since the start is derived at the frame's live elapsed time: the engine's figure
        // is refreshed only when scans finish, and would stand still between long scans.
        let finished = snapshot.counters.finished
        let mean = state.elapsed > .zero ? Double(finished) / state.elapsed.seconds : 0
        column = grid.write(Figures.quantity(mean), x: column, y: y + 1, style: Style(.accent, bold: true), width: x + width - column)
        grid.write("/s", x: column, y: y + 1, style: Style(.muted), width: x + width - column)

        // Two rows stacked: the lower one fills first, then the upper one takes the rest.
        let levels = state.glyphs.levels
        let steps = 2 * levels.count
        for (offset, rate) in samples.enumerated() {
            let level = peak > 0 ? Int((rate / peak * Double(steps - 1)).rounded()) : 0
            grid[x + 1 + offset, y + 3] = Cell(levels[min(level, levels.count - 1)], Style(.accent))
            if level >= levels.count {
                grid[x + 1 + offset, y + 2] = Cell(levels[level - levels.count], Style(.accent))
            }
        }
    }
}
