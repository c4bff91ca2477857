/// Scans finished per second: over the last five seconds ("now"), the mean since the start, and
/// a sparkline two rows high with one column per second, newest on the right. Once the run has
/// ended, the last column is the part of a second it ended in (with the second before it, when
/// that part is short), over its own length, which follows it. Each rate is over its own window;
/// the peak is the highest it has shown over a second or more (`DashboardState.notePeak`).
enum ThroughputPanel {
    static let height = 4

    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int) {
        let room = max(0, width - 2)
        var (columns, closing) = state.isFinished ? state.rates.closingColumns(last: room) : (state.rates.samples(last: room), nil)
        // A closing column that is not a whole second says how long it is, right after it.
        let closingLength = closing.map { Figures.window($0.window) }
        let closingLabel = closingLength.flatMap { $0 == Figures.window(RateHistory.interval) ? nil : " last column \($0)" }
        if let closingLabel { columns = Array(columns.suffix(max(1, room - closingLabel.count))) }
        let peak = state.peakRate.map(\.perSecond) ?? 0
        let title = "Throughput"
        let fits = { (note: String) in title.count + note.count + 6 <= width }
        // A busy machine slows every rate here: said first, and kept, without its figures at the
        // last, when the peak has no room.
        let busy = busyMachine(state)
        let plain = notes(peak: state.peakRate, closing: closing)
        let candidates = busy.map { busy in plain.map { "\($0) \(state.glyphs.dot) busy machine: \(busy)" } + ["busy machine: \(busy)", "busy: \(busy)", "busy machine"] } ?? []
        let note = (candidates + plain).first(where: fits) ?? "scans/s"
        Section.rule(title, note: note, into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)

        let now = state.recentRate
        var column = grid.write(" now ", x: x, y: y + 1, style: Style(.muted))
        column = grid.write(Figures.quantity(now.perSecond), x: column, y: y + 1, style: Style(.accent, bold: true))
        column = grid.write("/s (\(Figures.window(now.window)))   mean ", x: column, y: y + 1, style: Style(.muted), width: x + width - column)
        column = grid.write(
            Figures.quantity(state.meanRate.perSecond), x: column, y: y + 1, style: Style(.accent, bold: true), width: x + width - column)
        grid.write("/s", x: column, y: y + 1, style: Style(.muted), width: x + width - column)

        // Two rows stacked: the lower one fills first, then the upper one takes the rest.
        let levels = state.glyphs.levels
        let steps = 2 * levels.count
        for (offset, rate) in columns.enumerated() {
            let level = peak > 0 ? min(steps - 1, Int((rate / peak * Double(steps - 1)).rounded())) : 0
            grid[x + 1 + offset, y + 3] = Cell(levels[min(level, levels.count - 1)], Style(.accent))
            if level >= levels.count {
                grid[x + 1 + offset, y + 2] = Cell(levels[level - levels.count], Style(.accent))
            }
        }
        if let closingLabel {
            grid.write(closingLabel, x: x + 1 + columns.count, y: y + 3, style: Style(.muted), width: x + width - (x + 1 + columns.count))
        }
    }

    /// The rule's note, fullest first: the peak and its window. No peak until a rate has been
    /// shown over a whole second: "peak 0.00" beside a nonzero rate reads as a contradiction.
    static func notes(peak: ScanRate?, closing: ScanRate?) -> [String] {
        guard let peak, peak.perSecond > 0 else { return ["scans/s"] }
        let figure = "scans/s, peak \(Figures.quantity(peak.perSecond))"
        let window = "(\(Figures.window(peak.window)))"
        let closingPeak = closing == peak ? ["\(figure) in the last \(Figures.window(peak.window))"] : []
        return closingPeak + ["\(figure) \(window)", figure, "scans/s"]
    }

    /// `others 35%`: how busy the rest of the machine is, when that slows the run; `nil` when quiet.
    static func busyMachine(_ state: DashboardState) -> String? {
        state.observations.hostLoad.flatMap { $0.isBusy ? $0.brief : nil }
    }
}
