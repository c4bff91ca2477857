import SkyHost
import SkySoak

/// A soak's per-core rows: each CPU's share busy over the last second, its clock, its temperature,
/// and the scans verified and the mismatches on it. With more CPUs than rows, a row stands for a
/// range of CPUs and shows its worst one, named in brackets: the most mismatches, then the
/// hottest, then the least busy. `n/a` is a figure the host does not give; the line beneath says
/// why, once. `–` is a count the engine did not give. Once the rate has fallen, the throttle
/// warning with its cause stands beneath the rows, as the summary will give it.
enum CoresPanel {
    /// The title, the column heads and one row.
    static let minimumHeight = 3
    /// Rows sit side by side when the panel is at least this wide per column.
    static let columnWidth = 56

    /// Whether the dashboard shows the panel: a soak (its results verified) running here, not a
    /// replay, whose host is not this one.
    static func shown(_ state: DashboardState) -> Bool {
        state.snapshot.configuration.verify && state.info.replay == nil
    }

    /// The rows the panel wants, given up to `limit`; 0 when it is not shown or does not fit.
    static func height(_ state: DashboardState, width: Int, within limit: Int) -> Int {
        guard shown(state), limit >= minimumHeight else { return 0 }
        guard let host = state.host else { return min(limit, 2) }
        let columns = self.columns(width)
        let wanted = 2 + (host.rows.count + columns - 1) / columns + notes(state, host, width: width).count
        return min(limit, wanted)
    }

    /// The lines beneath the rows, wrapped to the width: the throttle warning, then why figures
    /// are n/a, at most two lines each.
    static func notes(_ state: DashboardState, _ host: HostFigures, width: Int) -> [(text: String, style: Style)] {
        func wrapped(_ text: String?, _ style: Style) -> [(text: String, style: Style)] {
            guard let text, !text.isEmpty else { return [] }
            return TextWrap.lines(text, width: max(10, width - 2)).prefix(2).map { ($0, style) }
        }
        return wrapped(state.observations.throttleLine, Style(.warn, bold: true))
            + wrapped(host.missing.joined(separator: "; "), Style(.muted))
    }

    static func columns(_ width: Int) -> Int { max(1, width / columnWidth) }

    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int, height: Int) {
        guard height > 0 else { return }
        guard let host = state.host else {
            Section.rule("Cores", note: "the first reading comes after a second", into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
            return
        }
        let columns = self.columns(width)
        // The notes give way to the rows: at least one row of figures stays.
        let notes = Array(self.notes(state, host, width: width).prefix(max(0, height - minimumHeight)))
        let rowsPerColumn = max(1, height - 2 - notes.count)
        let counts = state.snapshot.coreCounts
        let perCPU = CoreRows.counting(host.rows, verified: counts.verified, mismatches: counts.mismatches)
        let rows = CoreRows.grouped(perCPU, maxRows: rowsPerColumn * columns)
        // The columns fill evenly, top to bottom and then left to right.
        let perColumn = (rows.count + columns - 1) / columns
        var note = "\(host.rows.count) CPU\(host.rows.count == 1 ? "" : "s"), busy over the last second"
        if let rise = host.throttle {
            let total = rise.core + rise.package
            note += ", " + (total == 0 ? "not throttled" : "throttled \(total) time\(total == 1 ? "" : "s") (package \(rise.package), cores \(rise.core))")
        }
        Section.rule("Cores", note: note, into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
        // A range's worst CPU (the most mismatches, then the hottest, then the least busy) is in brackets.
        let head = rows.count < host.rows.count ? "core (worst)" : "core"
        let labelWidth = max(head.count, rows.map { label($0).count }.max() ?? 0)
        let cellWidth = width / columns
        for column in 0..<(rows.count + perColumn - 1) / max(1, perColumn) {
            let left = x + column * cellWidth
            grid.write(" " + Figures.padRight(head, labelWidth) + "  busy    MHz   temp  verified  mismatches", x: left, y: y + 1,
                       style: Style(.muted), width: cellWidth)
        }
        for (index, row) in rows.enumerated() {
            let (column, line) = (index / perColumn, index % perColumn)
            let left = x + column * cellWidth
            let top = y + 2 + line
            var at = grid.write(" " + Figures.padRight(label(row), labelWidth), x: left, y: top, width: cellWidth)
            let end = left + cellWidth
            let busy = row.utilisation.map { "\(Int(($0 * 100).rounded()))%" } ?? "n/a"
            at = grid.write("  " + Figures.padLeft(busy, 4), x: at, y: top, width: max(0, end - at))
            let mhz = row.megahertz.map { "\(Int($0.rounded()))" } ?? "n/a"
            at = grid.write("  " + Figures.padLeft(mhz, 5), x: at, y: top, width: max(0, end - at))
            let hot = row.celsius.map { "\(Int($0.rounded()))°C" } ?? "n/a"
            at = grid.write("  " + Figures.padLeft(hot, 5), x: at, y: top, width: max(0, end - at))
            at = grid.write("  " + Figures.padLeft(row.verified.map(String.init) ?? "–", 8), x: at, y: top, width: max(0, end - at))
            let mismatches = row.mismatches ?? 0
            grid.write("  " + Figures.padLeft(row.mismatches.map(String.init) ?? "–", 10), x: at, y: top,
                       style: mismatches > 0 ? Style(.bad, bold: true) : .plain, width: max(0, end - at))
        }
        for (index, note) in notes.enumerated() {
            grid.write(" " + note.text, x: x, y: y + height - notes.count + index, style: note.style, width: width)
        }
    }

    /// `3`, or `8-15 (11)` for a range and its worst CPU.
    static func label(_ row: CoreRow) -> String {
        row.isRange ? "\(row.label) (\(row.worst))" : row.label
    }
}
