import SkyCompare

/// `sky compare`'s dashboard as a pure function of its state: the header, the runs' timelines
/// stacked on one scale, the comparison table (the finished runs, the one going live, the rest
/// blank), and the footer. The table is the one printed when the dashboard closes.
public enum ComparisonView {
    public static let minimumSize = DashboardView.minimumSize

    public static func render(_ state: ComparisonState) -> Grid {
        var grid = Grid(size: state.size)
        let size = state.size
        guard size.width >= minimumSize.width, size.height >= minimumSize.height else {
            let progress = "run \(min(state.finished.count + 1, state.settings.count)) of \(state.settings.count)"
            TooSmallNotice.draw(progress, glyphs: state.glyphs, into: &grid, minimum: minimumSize)
            return grid
        }
        ComparisonHeader.draw(state, into: &grid)
        let top = ComparisonHeader.height
        let footerY = size.height - 1
        let room = footerY - top

        // The table's lines: the names, a row a figure, then whether the checksums agree.
        let columns = state.settings.indices.map { index in
            ComparisonTable.Column(name: state.settings[index].name, run: index < state.runs.count ? state.runs[index].figures : nil)
        }
        var table = ComparisonTable.lines(columns)
        if state.isDone {
            let wrapped = HelpOverlay.wrap(state.comparison.checksums.line, width: size.width - 4)
            table += wrapped.enumerated().map { ($0.offset == 0 ? "  " : "    ") + $0.element }
        }
        // Every run keeps a row of its timeline and the axis; the table gives way from its end.
        let timelineFloor = 2 + state.settings.count
        let tableRows = min(1 + table.count, max(0, room - timelineFloor))
        let stack = TimelineStack(state, room: room - tableRows - 2)
        stack.draw(into: &grid, x: 0, y: top, width: size.width)

        let tableY = top + stack.height
        if tableRows > 0 {
            let cut = tableRows - 1 < table.count
            Section.rule("Comparison", note: cut ? "cut short: all of it on exit" : "printed again on exit",
                         into: &grid, x: 0, y: tableY, width: size.width, glyphs: state.glyphs)
            for (offset, line) in table.prefix(tableRows - 1).enumerated() {
                grid.write(line, x: 0, y: tableY + 1 + offset, style: offset == 0 ? Style(.accent, bold: true) : .plain)
            }
        }
        ComparisonFooter.draw(state, into: &grid, y: footerY)
        return grid
    }
}
