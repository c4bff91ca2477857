/// The dashboard as a pure function of its state: a frame of styled cells, no terminal involved.
///
/// Layout, top to bottom: the header; scans on the left beside throughput and latency on the
/// right; the slot lanes; the timeline; the errors; the footer. The slot lanes, the timeline and
/// the errors share whatever height is left.
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
            let keys = state.isFinished && state.info.lesson != nil ? "\(DashboardKeys.label(of: .nextPart)) goes on, q ends the lesson" : "q quits"
            TooSmallNotice.draw(done, keys: keys, glyphs: state.glyphs, into: &grid, minimum: minimumSize)
            return grid
        }
        HeaderPanel.draw(state, into: &grid)
        let top = HeaderPanel.height
        let leftWidth = size.width / 2 - 1
        let rightX = leftWidth + 2
        let rightWidth = size.width - rightX
        CountersPanel.draw(state, into: &grid, x: 0, y: top, width: leftWidth)
        ThroughputPanel.draw(state, into: &grid, x: rightX, y: top, width: rightWidth)
        LatencyPanel.draw(state, into: &grid, x: rightX, y: top + ThroughputPanel.height, width: rightWidth)

        let lanesY = top + CountersPanel.height
        let footerY = size.height - 1
        let spare = footerY - lanesY
        let errorRows = 1 + minimumErrorRows
        let slotRows = 1 + state.snapshot.slots.count
        if state.showingCode {
            // The code panel is read, not glanced at: it takes the timeline's rows and at least
            // half the room below the counters.
            let laneRows = min(slotRows, spare - 1 - max(minimumErrorRows, spare / 2))
            SlotLanes.draw(state, into: &grid, x: 0, y: lanesY, width: size.width, height: laneRows)
            CodePanel.draw(state, into: &grid, x: 0, y: lanesY + laneRows, width: size.width, height: spare - laneRows)
        } else {
            // The timeline takes the rows the slot lanes and the errors leave free, and on a tall
            // terminal up to the lower half, which the slot lanes give way to down to their minimum.
            let timelineRoom = min(
                spare - min(slotRows, minimumSlotRows) - errorRows, max(spare - slotRows - errorRows, size.height / 2))
            let timelineRows = TimelinePanel.height(state, within: timelineRoom)
            let laneRows = min(slotRows, spare - timelineRows - errorRows)
            SlotLanes.draw(state, into: &grid, x: 0, y: lanesY, width: size.width, height: laneRows)
            if timelineRows > 0 {
                TimelinePanel.draw(state, into: &grid, x: 0, y: lanesY + laneRows, width: size.width, height: timelineRows)
            }
            let belowY = lanesY + laneRows + timelineRows
            if state.showingExplain {
                ExplainPanel.draw(state, into: &grid, x: 0, y: belowY, width: size.width, height: footerY - belowY)
            } else {
                ErrorsPanel.draw(state, into: &grid, x: 0, y: belowY, width: size.width, height: footerY - belowY)
            }
        }
        Footer.draw(state, into: &grid, y: footerY)
        if state.showingHelp { HelpOverlay.draw(state, into: &grid) }
        return grid
    }
}
