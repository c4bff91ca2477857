/// The dashboard as a pure function of its state: a frame of styled cells, no terminal involved.
///
/// Layout, top to bottom: the header; scans on the left beside throughput and latency on the
/// right; a soak's cores; the slot lanes; the timeline; the errors; the footer. The cores, the slot
/// lanes, the timeline and the errors share whatever height is left; where it is short, the slot
/// lanes, then throughput and latency, give way to the timeline's lane per slot (up to
/// `TimelinePanel.wholeLanes`).
public enum DashboardView {
    /// Below this the dashboard cannot show every panel, so it shows a notice instead.
    public static let minimumSize = TerminalSize(width: 60, height: 18)
    /// Error rows kept even when the lanes could use them.
    static let minimumErrorRows = 2
    /// Rows the slot lanes keep before the timeline takes any: the title and four lanes (with
    /// more slots than that, the last sums up the rest).
    static let minimumSlotRows = 5

    public static func render(_ state: DashboardState) -> Grid {
        var grid = Grid(size: state.size)
        let size = state.size
        guard size.width >= minimumSize.width, size.height >= minimumSize.height else {
            let snapshot = state.snapshot
            let done = "\(snapshot.counters.ended)\(snapshot.configuration.total.map { " of \($0)" } ?? "") scans done"
            // A lesson's part, once done, goes on with Enter: the notice says so in its place.
            let keys = state.isFinished && state.info.lesson != nil ? "\(DashboardKeys.label(of: .nextPart)) goes on, \(DashboardKeys.key(of: .quit)) ends the lesson" : "\(DashboardKeys.key(of: .quit)) quits"
            TooSmallNotice.draw(done, keys: keys, glyphs: state.glyphs, into: &grid, minimum: minimumSize)
            return grid
        }
        if state.info.soak != nil {
            SoakView.draw(state, into: &grid)
            if state.showingHelp { HelpOverlay.draw(state, into: &grid) }
            return grid
        }
        if state.projecting {
            ProjectorView.draw(state, into: &grid)
            if state.showingHelp { HelpOverlay.draw(state, into: &grid) }
            return grid
        }
        HeaderPanel.draw(state, into: &grid)
        let top = HeaderPanel.height
        let leftWidth = size.width / 2 - 1
        let rightX = leftWidth + 2
        let rightWidth = size.width - rightX
        let layout = Layout(state)
        if layout.compactCounters {
            CountersPanel.drawCompact(state, into: &grid, x: 0, y: top, width: size.width)
        } else {
            CountersPanel.draw(state, into: &grid, x: 0, y: top, width: leftWidth)
            ThroughputPanel.draw(state, into: &grid, x: rightX, y: top, width: rightWidth)
            LatencyPanel.draw(state, into: &grid, x: rightX, y: top + ThroughputPanel.height, width: rightWidth)
        }

        CoresPanel.draw(state, into: &grid, x: 0, y: layout.coresY, width: size.width, height: layout.coreRows)
        SlotLanes.draw(state, into: &grid, x: 0, y: layout.lanesY, width: size.width, height: layout.laneRows)
        if state.showingCode {
            CodePanel.draw(state, into: &grid, x: 0, y: layout.belowY, width: size.width, height: layout.footerY - layout.belowY)
        } else {
            if layout.timelineRows > 0 {
                TimelinePanel.draw(state, into: &grid, x: 0, y: layout.lanesY + layout.laneRows, width: size.width, height: layout.timelineRows)
            }
            if state.showingExplain {
                ExplainPanel.draw(state, into: &grid, x: 0, y: layout.belowY, width: size.width, height: layout.footerY - layout.belowY)
            } else {
                ErrorsPanel.draw(state, into: &grid, x: 0, y: layout.belowY, width: size.width, height: layout.footerY - layout.belowY)
            }
        }
        Footer.draw(state, into: &grid, y: layout.footerY)
        if state.showingHelp { HelpOverlay.draw(state, into: &grid) }
        return grid
    }

    /// Rows the explain panel gives its lines (below its title and the causes it pins), as the
    /// dashboard is laid out now; 0 when it is not shown.
    public static func explainRows(_ state: DashboardState) -> Int {
        let size = state.size
        guard size.width >= minimumSize.width, size.height >= minimumSize.height, state.showingExplain, !state.showingCode else { return 0 }
        if state.projecting {
            let layout = ProjectorView.Layout(state)
            return ExplainPanel.lineRows(state, height: layout.footerY - layout.belowY)
        }
        let layout = Layout(state)
        return ExplainPanel.lineRows(state, height: layout.footerY - layout.belowY)
    }

    /// The code panel's page, as the dashboard is laid out now; `nil` when it is not shown.
    static func codePage(_ state: DashboardState) -> CodePage? {
        let size = state.size
        guard size.width >= minimumSize.width, size.height >= minimumSize.height, state.showingCode else { return nil }
        let layout = Layout(state)
        return CodePanel.page(state, width: size.width, height: layout.footerY - layout.belowY)
    }

    /// Where the panels below the counters go, top to bottom: the slot lanes, the timeline, and
    /// the errors, explain or code panel down to the footer.
    struct Layout {
        /// The counters in their few rows, without throughput and latency beside them.
        let compactCounters: Bool
        let coresY: Int
        let coreRows: Int
        let lanesY: Int
        let laneRows: Int
        let timelineRows: Int
        /// The top of the errors, explain or code panel.
        let belowY: Int
        let footerY: Int

        init(_ state: DashboardState) {
            let size = state.size
            footerY = size.height - 1
            let errorRows = 1 + minimumErrorRows
            let slotRows = 1 + state.snapshot.slots.count
            // A soak's cores take up to a third of the room below the counters, and only what the
            // slot lanes' and the errors' minimums leave.
            let room = footerY - HeaderPanel.height - CountersPanel.height
            coreRows = CoresPanel.height(
                state, width: size.width, within: min(room / 3, room - min(slotRows, minimumSlotRows) - errorRows))
            // On a short terminal (a projector's 80×24) the slot lanes give way down to their
            // title before the timeline loses a lane per slot or its threads and queue rows: the
            // timeline's lanes show each slot's priority over time, the slot lanes only now. Then
            // throughput and latency give way, and the counters take their few rows, when that
            // keeps the timeline whole (5 to 8 slots). A soak's operator, watching cores, keeps the
            // slot lanes; the code panel takes the timeline's rows.
            let whole = coreRows > 0 || state.showingCode ? .max : TimelinePanel.wholeHeight(state)
            compactCounters = whole > room - 1 - errorRows && whole <= room + CountersPanel.height - CountersPanel.compactHeight - 1 - errorRows
            coresY = HeaderPanel.height + (compactCounters ? CountersPanel.compactHeight : CountersPanel.height)
            lanesY = coresY + coreRows
            let spare = footerY - lanesY
            if state.showingCode {
                // The code panel is read, not glanced at: it takes the timeline's rows and at least
                // half the room below the counters.
                laneRows = min(slotRows, spare - 1 - max(minimumErrorRows, spare / 2))
                timelineRows = 0
            } else {
                // The timeline takes the rows the slot lanes and the errors leave free, and on a tall
                // terminal up to the lower half, which the slot lanes give way to down to their minimum.
                let timelineRoom = min(
                    spare - min(slotRows, minimumSlotRows) - errorRows, max(spare - slotRows - errorRows, size.height / 2))
                timelineRows = whole <= spare - 1 - errorRows
                    ? max(whole, TimelinePanel.height(state, within: timelineRoom))
                    : TimelinePanel.height(state, within: timelineRoom)
                laneRows = min(slotRows, spare - timelineRows - errorRows)
            }
            belowY = lanesY + laneRows + timelineRows
        }
    }
}
