import SkyCore

/// `--projector`, or `p`: only what a lesson needs, in large blocks, for the back of a hall. The
/// title bar and the run's few facts; the scans as counts above one bar the width of the screen,
/// two rows tall, split by how they stand, and the order they finished in; the slots over time,
/// each lane two rows tall while they fit, with the threads and queue rows; the explain panel, its
/// lines wrapped rather than cut (or the errors or the code, as `e` and `v` choose), below. Throughput, latency, the per-slot table
/// and a soak's cores stay on the whole dashboard.
enum ProjectorView {
    /// The title bar, the facts, and the scans' title, counts, bar (two rows) and order.
    static let topRows = 7
    /// The panel below the timeline keeps its title and two lines.
    static let minimumBelowRows = 3

    static func draw(_ state: DashboardState, into grid: inout Grid) {
        let width = grid.size.width
        HeaderPanel.drawTitleBar(state, into: &grid)
        drawFacts(state, into: &grid, y: 1)
        drawScans(state, into: &grid, y: 2, width: width)
        let layout = Layout(state)
        if layout.timelineRows > 0 {
            TimelinePanel.draw(state, into: &grid, x: 0, y: topRows, width: width, height: layout.timelineRows, tall: layout.tall)
        }
        let belowHeight = layout.footerY - layout.belowY
        if state.showingCode {
            CodePanel.draw(state, into: &grid, x: 0, y: layout.belowY, width: width, height: belowHeight)
        } else if state.showingExplain {
            ExplainPanel.draw(state, into: &grid, x: 0, y: layout.belowY, width: width, height: belowHeight, wraps: true)
        } else {
            ErrorsPanel.draw(state, into: &grid, x: 0, y: layout.belowY, width: width, height: belowHeight)
        }
        Footer.draw(state, into: &grid, y: layout.footerY)
    }

    /// Where the timeline and the panel below it go: the timeline whole with tall lanes when that
    /// leaves the panel below its minimum, else in the rows it leaves; the panel below takes the rest.
    struct Layout {
        let timelineRows: Int
        let tall: Bool
        let belowY: Int
        let footerY: Int

        init(_ state: DashboardState) {
            footerY = state.size.height - 1
            let room = footerY - topRows - minimumBelowRows
            let tallRows = TimelinePanel.tallHeight(state)
            tall = tallRows <= room
            timelineRows = tall ? tallRows : TimelinePanel.height(state, within: room)
            belowY = topRows + timelineRows
        }
    }

    /// ` batched (sliding window)   batch 4   cores 2   elapsed 0:02.0`, and whether the machine is
    /// busy, which slows the run: the strategy's few words give way to that first.
    private static func drawFacts(_ state: DashboardState, into grid: inout Grid, y: Int) {
        let strategy = state.snapshot.configuration.strategy
        let facts = "   \(HeaderPanel.batchWords(state))   cores \(state.info.cores)   elapsed "
        let clock = Figures.clock(state.elapsed)
        let names = [" \(strategy.rawValue) (\(strategy.summary))", " \(strategy.rawValue)"]
        let busy = ThroughputPanel.busyMachine(state).map { ["   busy machine: \($0)", "   busy: \($0)"] } ?? [""]
        let choices = busy.flatMap { busy in names.map { ($0, busy) } } + names.map { ($0, "") }
        let (name, said) = choices.first { $0.0.count + facts.count + clock.count + $0.1.count < grid.size.width } ?? choices[choices.count - 1]
        var column = grid.write(name, x: 0, y: y, style: Style(bold: true))
        column = grid.write(facts, x: column, y: y, style: Style(.muted))
        column = grid.write(clock, x: column, y: y, style: Style(.accent, bold: true))
        grid.write(said, x: column, y: y, style: Style(.warn, bold: true))
    }

    /// The scans' counts, each with its glyph on the bar, then one bar of every scan split by how
    /// it stands (completed, failed, cancelled, running, then the rest not yet ended), two rows
    /// tall and told apart by shape as well as colour, then the finish order.
    private static func drawScans(_ state: DashboardState, into grid: inout Grid, y: Int, width: Int) {
        let counters = CountersPanel.shown(state)
        let glyphs = state.glyphs
        Section.rule("Scans", note: state.info.counters.tag, into: &grid, x: 0, y: y, width: width, glyphs: glyphs)
        let shades = glyphs.shades
        let counts: [(label: String, value: Int, tint: Tint, glyph: Character?)] = [
            ("scheduled", counters.scheduled, .accent, nil), (state.snapshot.configuration.strategy.holderLabel, counters.running, .accent, glyphs.running),
            ("completed", counters.completed, .good, shades[3]), ("failed", counters.failed, .bad, shades[2]),
            ("cancelled", counters.cancelled, .warn, shades[1]),
        ]
        // With each glyph while they fit, then without, then closer together.
        let layouts = [(true, "   "), (false, "   "), (false, "  ")]
        let (keyed, gap) = layouts.first { keyed, gap in
            counts.map { (keyed && $0.glyph != nil ? 2 : 0) + $0.label.count + 1 + String($0.value).count }.reduce(0, +)
                + gap.count * (counts.count - 1) + 2 <= width
        } ?? layouts[2]
        var column = 1
        for (index, count) in counts.enumerated() {
            if index > 0 { column += gap.count }
            if keyed, let glyph = count.glyph { column = grid.write("\(glyph) ", x: column, y: y + 1, style: Style(count.tint)) }
            column = grid.write(count.label + " ", x: column, y: y + 1, style: Style(.muted))
            column = grid.write("\(count.value)", x: column, y: y + 1, style: Style(count.tint, bold: count.value > 0))
        }
        // Each part's cells end where its running sum falls on the bar, so the parts add up to it.
        let total = max(1, state.snapshot.scanScale)
        let barWidth = width - 2
        var sum = 0
        var start = 1
        for count in [counts[2], counts[3], counts[4], counts[1]] {
            sum += count.value
            let end = 1 + min(barWidth, barWidth * sum / total)
            for row in (y + 2)...(y + 3) { grid.fill(count.glyph!, x: start, y: row, width: end - start, style: Style(count.tint)) }
            start = max(start, end)
        }
        for row in (y + 2)...(y + 3) { grid.fill(glyphs.barEmpty, x: start, y: row, width: 1 + barWidth - start, style: Style(.muted)) }
        CountersPanel.drawFinishOrder(state.snapshot, into: &grid, x: 0, y: y + 4, width: width)
    }
}
