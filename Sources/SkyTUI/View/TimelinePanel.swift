import SkyCore

/// The run over time, left to right: a lane per slot, each scan a span shaped by its priority
/// and ended by how it ended; below the lanes, the threads executing scans and the ready queue's
/// depth, then the time axis. When the slots outnumber the rows, a row stands for a range of
/// slots and is shaded by the share of them busy. Live, the whole run shows while it fits at a
/// readable scale and the newest stretch after that; once the run has ended, the whole run.
enum TimelinePanel {
    /// The title, one row of lanes and the axis.
    static let minimumHeight = 3
    /// Below this share of a cell's slot-time, the cell draws as idle: an instant's overlap, or
    /// what rounding leaves of busy time taken back.
    static let idleShare: Float = 0.01

    /// The rows the panel needs for every lane when given up to `limit`; 0 when it does not fit.
    static func height(_ state: DashboardState, within limit: Int) -> Int {
        guard limit >= minimumHeight else { return 0 }
        return Rows(bands: state.timeline.bands, height: limit).height
    }

    /// Slots up to which the panel is whole only with a lane for each.
    static let wholeLanes = 8

    /// The rows the panel takes whole: a lane for each slot and the threads and queue rows; with
    /// more than `wholeLanes` slots, or a range of slots to a band, whole is out of reach (`Int.max`).
    static func wholeHeight(_ state: DashboardState) -> Int {
        let timeline = state.timeline
        guard timeline.slotsPerBand == 1, timeline.bands <= wholeLanes else { return .max }
        return Rows(bands: timeline.bands, height: .max / 2).height
    }

    /// How the panel's rows go: the lanes, each standing for `bandsPerRow` bands, and whether the
    /// two history rows fit. Lanes come first; history shows unless it would leave fewer than two
    /// rows of lanes.
    struct Rows {
        let bandsPerRow: Int
        let lanes: Int
        let history: Bool

        init(bands: Int, height: Int) {
            history = height - 4 >= min(bands, 2)
            let room = max(1, height - (history ? 4 : 2))
            bandsPerRow = (bands + room - 1) / room
            lanes = (bands + bandsPerRow - 1) / bandsPerRow
        }

        var height: Int { 1 + lanes + (history ? 2 : 0) + 1 }
    }

    /// The rows the panel takes whole with each lane two rows tall (the projector's); `Int.max`
    /// when whole is out of reach.
    static func tallHeight(_ state: DashboardState) -> Int {
        let whole = wholeHeight(state)
        return whole == .max ? .max : whole + state.timeline.bands
    }

    /// `tall`: the panel whole, each lane two rows tall (`tallHeight` rows), whatever `height` says.
    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int, height: Int, tall: Bool = false) {
        let timeline = state.timeline
        let glyphs = state.glyphs
        let rows = Rows(bands: timeline.bands, height: tall ? .max / 2 : height)
        let laneHeight = tall ? 2 : 1
        let lanes = TimelineLanes(timeline, bandsPerRow: rows.bandsPerRow)
        let laneLabels = lanes.labels
        // The labels' width sets the window's, and the queue's label needs the window: the labels
        // of a first window decide, and the queue's scale is read again from the final one.
        var labelWidth = (laneLabels + [" threads 0-\(state.info.cores)"]).map(\.count).max()! + 1
        var window = timeline.window(columns: width - labelWidth - 1, wholeRun: state.isFinished)
        if rows.history {
            let queueLabel = TimelineHistory(window, state: state).labels[1]
            if queueLabel.count + 1 > labelWidth {
                labelWidth = queueLabel.count + 1
                window = timeline.window(columns: width - labelWidth - 1, wholeRun: state.isFinished)
            }
        }
        let left = x + labelWidth

        Section.rule("Timeline", note: note(window, dense: lanes.slotsPerRow > 1, glyphs: glyphs, room: width - 16),
                     into: &grid, x: x, y: y, width: width, glyphs: glyphs)
        for (row, label) in laneLabels.enumerated() {
            // A tall lane's label and cells sit on its lower row, which the spans rise from.
            let laneY = y + 1 + row * laneHeight + laneHeight - 1
            grid.write(label, x: x, y: laneY, style: Style(.muted), width: labelWidth)
            lanes.draw(row: row, window, glyphs: glyphs, into: &grid, x: left, y: laneY)
            if tall {
                for column in left..<(x + width) {
                    guard let top = raised(grid[column, laneY], glyphs: glyphs) else { continue }
                    (grid[column, laneY - 1], grid[column, laneY]) = top
                }
            }
        }
        var lineY = y + 1 + rows.lanes * laneHeight
        if rows.history {
            TimelineHistory(window, state: state).draw(into: &grid, x: x, y: lineY, labelWidth: labelWidth, levels: glyphs.levels)
            lineY += 2
        }
        TimelineAxis.draw(window, into: &grid, x: left, y: lineY, width: width - labelWidth - 1)
    }

    /// A span's cell two rows tall, (upper, lower): its one-row shape at twice the height, so
    /// ▆ ▄ ▂ become ▄ over █, █ alone and ▄ alone; in ASCII, whose spans are letters, a high
    /// span has a `-` above it. `nil` for any other cell (an end, idle), which keeps one row.
    static func raised(_ cell: Cell, glyphs: Glyphs) -> (Cell, Cell)? {
        guard let priority = glyphs.spans.firstIndex(of: cell.glyph) else { return nil }
        guard glyphs.levels.contains(cell.glyph) else {
            return priority == 0 ? (Cell(glyphs.levels[3], cell.style), cell) : nil
        }
        // Eighths of a row, twice the one-row shape's: 12, 8 and 4 sixteenths.
        let eighths = 2 * (glyphs.levels.firstIndex(of: cell.glyph)! + 1)
        let lower = Cell(glyphs.levels[min(8, eighths) - 1], cell.style)
        let upper = eighths > 8 ? Cell(glyphs.levels[eighths - 9], cell.style) : Cell.blank
        return (upper, lower)
    }

    /// `1 column = 50 ms`, then as much of the legend of the glyphs in use as fits in `room`.
    static func note(_ window: TimelineWindow, dense: Bool, glyphs: Glyphs, room: Int) -> String {
        let scale = "1 column = " + Figures.delay(.microseconds(window.columnWidth))
        let shades = String(glyphs.shades)
        let stops = "\(glyphs.failed) failed \(glyphs.cancelled) cancelled"
        let priorities = ScanPriority.allCases.map { "\(glyphs.spans[$0.rawValue]) \($0)" }.joined(separator: " ")
        let legends = dense
            ? ["\(shades) share of slots busy  " + stops + "  2: two stopped", "\(shades) share of slots busy  " + stops, "\(shades) share busy"]
            : ["\(priorities)  \(glyphs.completed) completed " + stops + "  2: two ended", "\(priorities)  \(glyphs.completed) completed " + stops, priorities]
        return legends.map { scale + " \(glyphs.dot) " + $0 }.first { $0.count <= room } ?? scale
    }

    /// What a cell shows: the end of a scan, else a span by priority (a single slot) or a shade by
    /// the share busy (a range of slots); `nil` while idle. Where more than one scan ended, their
    /// count (`+` past 9), so two ends never read as one; a range of slots counts only failures and
    /// cancellations. The mark takes the colour of the worst end: a failure, then a cancellation.
    static func mark(_ cell: TimelineCell, single: Bool, share: Float, glyphs: Glyphs) -> Cell? {
        let count = single ? cell.endCount : cell.stopCount
        let style =
            cell.ends.contains(.failed) ? Style(.bad, bold: true) : cell.ends.contains(.cancelled) ? Style(.warn, bold: true) : Style(.good)
        if count > 1 { return Cell(count > 9 ? "+" : Character(String(count)), style) }
        if cell.ends.contains(.failed) { return Cell(glyphs.failed, style) }
        if cell.ends.contains(.cancelled) { return Cell(glyphs.cancelled, style) }
        if single && cell.ends.contains(.completed) { return Cell(glyphs.completed, style) }
        guard share >= idleShare, let priority = cell.dominant else { return nil }
        if single { return Cell(glyphs.spans[priority.rawValue], Style(priority.tint)) }
        let level = min(glyphs.shades.count - 1, Int((share * Float(glyphs.shades.count)).rounded(.up)) - 1)
        return Cell(glyphs.shades[max(0, level)], Style(priority.tint))
    }
}
