/// A section title drawn as a rule, `── Slots  4 of 4 busy ────`, with an optional muted note.
enum Section {
    static func rule(
        _ title: String, note: String = "", into grid: inout Grid, x: Int, y: Int, width: Int, glyphs: Glyphs
    ) {
        guard width > 0 else { return }
        grid.fill(glyphs.rule, x: x, y: y, width: width, style: Style(.muted))
        let column = grid.write(" \(title) ", x: x + 2, y: y, style: Style(.accent, bold: true), width: width - 2)
        if !note.isEmpty {
            grid.write(" \(note) ", x: column, y: y, style: Style(.muted), width: x + width - column)
        }
    }
}
