/// The dashboard as a pure function of its state: a frame of styled cells, no terminal involved.
///
/// Layout, top to bottom: the header; scans on the left beside throughput and latency on the
/// right; the slot lanes; the errors; the footer. Lanes and errors share whatever height is left.
public enum DashboardView {
    /// Below this the dashboard cannot show every panel, so it shows a notice instead.
    public static let minimumSize = TerminalSize(width: 60, height: 18)
    /// Error rows kept even when the lanes could use them.
    static let minimumErrorRows = 2

    public static func render(_ state: DashboardState) -> Grid {
        var grid = Grid(size: state.size)
        let size = state.size
        guard size.width >= minimumSize.width, size.height >= minimumSize.height else {
            TooSmallNotice.draw(state, into: &grid, minimum: minimumSize)
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
        // The code panel is read, not glanced at: it takes at least half the room below.
        let lowerRows = state.showingCode ? max(minimumErrorRows, spare / 2) : minimumErrorRows
        let laneRows = min(1 + state.snapshot.slots.count, spare - 1 - lowerRows)
        SlotLanes.draw(state, into: &grid, x: 0, y: lanesY, width: size.width, height: laneRows)
        if state.showingCode {
            CodePanel.draw(state, into: &grid, x: 0, y: lanesY + laneRows, width: size.width, height: spare - laneRows)
        } else if state.showingExplain {
            ExplainPanel.draw(state, into: &grid, x: 0, y: lanesY + laneRows, width: size.width, height: spare - laneRows)
        } else {
            ErrorsPanel.draw(state, into: &grid, x: 0, y: lanesY + laneRows, width: size.width, height: spare - laneRows)
        }
        Footer.draw(state, into: &grid, y: footerY)
        if state.showingHelp { HelpOverlay.draw(state, into: &grid) }
        return grid
    }
}
