/// The runs' timelines one above another, a band of lanes each, labelled with the run's strategy
/// or error mode, on one time scale so their shapes compare: the scale at which the longest run
/// fits. Runs not yet started show a row that says so. One axis below serves every band.
struct TimelineStack {
    let state: ComparisonState
    /// Rows of lanes each run's band takes, in order.
    let bandRows: [Int]

    /// The stack with `room` rows for the bands: every run gets one, and the rest go round the
    /// runs with more lanes than rows, each taking its next layout with more rows in turn, so a
    /// serial run's one lane leaves its share to a batched run's four.
    init(_ state: ComparisonState, room: Int) {
        self.state = state
        let runs = state.runs
        let wants = state.settings.indices.map { $0 < runs.count ? runs[$0].timeline.bands : 1 }
        var rows = Array(repeating: 1, count: wants.count)
        var left = room - rows.count
        var grew = true
        while grew && left > 0 {
            grew = false
            for index in rows.indices where left > 0 && rows[index] < wants[index] {
                let lanes = ((rows[index] + 1)...wants[index]).lazy.map { TimelineLanes(runs[index].timeline, rows: $0).count }
                guard let next = lanes.first(where: { $0 > rows[index] }), next - rows[index] <= left else { continue }
                left -= next - rows[index]
                rows[index] = next
                grew = true
            }
        }
        bandRows = rows
    }

    /// The rows the stack takes: the title, the bands and the axis.
    var height: Int { 1 + bandRows.reduce(0, +) + 1 }

    func draw(into grid: inout Grid, x: Int, y: Int, width: Int) {
        let glyphs = state.glyphs
        let runs = state.runs
        let lanes = runs.indices.map { TimelineLanes(runs[$0].timeline, rows: bandRows[$0]) }
        let nameWidth = state.settings.map(\.name.count).max() ?? 0
        let laneWidth = lanes.flatMap(\.labels).map(\.count).max() ?? 0
        let labelWidth = 1 + nameWidth + laneWidth + 1
        let columns = width - labelWidth - 1
        let columnWidth = runs.map { $0.timeline.wholeRunColumnWidth(fitting: columns) }.max() ?? Timeline.microseconds(Timeline.firstColumnWidth)
        let windows = runs.map { $0.timeline.window(columnWidth: columnWidth) }
        let left = x + labelWidth
        let dense = lanes.contains { $0.slotsPerRow > 1 }
        let note = windows.first.map { TimelinePanel.note($0, dense: dense, glyphs: glyphs, room: width - 28) } ?? ""
        Section.rule("Timelines on one scale", note: note, into: &grid, x: x, y: y, width: width, glyphs: glyphs)
        var lineY = y + 1
        for (index, setting) in state.settings.enumerated() {
            let name = setting.name + String(repeating: " ", count: nameWidth - setting.name.count)
            let going = index == state.finished.count && state.current != nil
            grid.write(" " + name, x: x, y: lineY, style: Style(going ? .accent : .plain, bold: true))
            guard index < runs.count else {
                grid.write(" " + (state.stopRequested ? "not run" : "waiting"), x: x + 1 + nameWidth, y: lineY, style: Style(.muted))
                lineY += 1
                continue
            }
            for (row, label) in lanes[index].labels.enumerated() {
                grid.write(label, x: x + 1 + nameWidth, y: lineY, style: Style(.muted), width: laneWidth + 1)
                lanes[index].draw(row: row, windows[index], glyphs: glyphs, into: &grid, x: left, y: lineY)
                lineY += 1
            }
        }
        if let window = windows.first {
            TimelineAxis.draw(window, into: &grid, x: left, y: lineY, width: columns)
        }
    }
}
