/// A timeline's lanes as rows of a panel: each row stands for `bandsPerRow` bands of slots, is
/// labelled with its slots, and has a cell per column of a window (`TimelinePanel.mark`). The
/// timeline panel draws one run's lanes this way, and the comparison stacks several runs' lanes.
struct TimelineLanes {
    let timeline: Timeline
    let bandsPerRow: Int

    init(_ timeline: Timeline, bandsPerRow: Int) {
        self.timeline = timeline
        self.bandsPerRow = max(1, bandsPerRow)
    }

    /// As few bands to a row as let every lane fit in `rows` rows.
    init(_ timeline: Timeline, rows: Int) {
        self.init(timeline, bandsPerRow: (timeline.bands + max(1, rows) - 1) / max(1, rows))
    }

    /// Rows the lanes take.
    var count: Int { (timeline.bands + bandsPerRow - 1) / bandsPerRow }

    var slotsPerRow: Int { bandsPerRow * timeline.slotsPerBand }

    /// ` slot 0` for a row of one slot, ` slots 4-7` for a range; the numbers aligned.
    var labels: [String] {
        let digits = String(max(0, timeline.lanes - 1)).count
        return (0..<count).map { row in
            let first = row * slotsPerRow
            let last = min(timeline.lanes, first + slotsPerRow) - 1
            return first == last ? " slot " + Figures.padLeft(String(first), digits) : " slots \(first)-\(last)"
        }
    }

    /// Row `row`'s cells of `window`, from column `x` of grid row `y`.
    func draw(row: Int, _ window: TimelineWindow, glyphs: Glyphs, into grid: inout Grid, x: Int, y: Int) {
        let bands = (row * bandsPerRow)..<min(timeline.bands, (row + 1) * bandsPerRow)
        let slots = Float(min(timeline.lanes, (row + 1) * slotsPerRow) - row * slotsPerRow)
        for column in window.columns {
            let cell = window.cell(column: column, bands: bands)
            let share = cell.busy / max(slots * window.seconds(column: column), 1e-9)
            if let mark = TimelinePanel.mark(cell, single: slots == 1, share: share, glyphs: glyphs) {
                grid[x + Int(column - window.columns.lowerBound), y] = mark
            }
        }
    }
}
