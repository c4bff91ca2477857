/// A section title drawn as a rule, `── Slots  4 of 4 busy ────`, with an optional muted note.
enum Section {
    static func rule(
        _ title: String, note: String = "", into grid: inout Grid, x: Int, y: Int, width: Int, glyphs: Glyphs
    ) {
        guard width > 0 else { return }
        grid.fill(glyphs.rule, x: x, y: y, width: width, style: Style(.muted))
        let column = grid.write(" \(title) ", x: x + 2, y: y, style: Style(.accent, bold: true), width: width - 2)
        let fitted = fit(note, room: x + width - column - 2, dot: glyphs.dot)
        if !fitted.isEmpty {
            grid.write(" \(fitted) ", x: column, y: y, style: Style(.muted), width: x + width - column)
        }
    }

    /// `note` in `room` columns: whole, else its first parts between dots that fit, else its first
    /// words that fit; never a word cut short, which would read as another word.
    static func fit(_ note: String, room: Int, dot: Character) -> String {
        guard note.count > room else { return note }
        let parts = note.components(separatedBy: " \(dot) ")
        if let kept = (1..<max(1, parts.count)).reversed().lazy.map({ parts.prefix($0).joined(separator: " \(dot) ") }).first(where: { $0.count <= room }) {
            return kept
        }
        var kept = ""
        for word in note.split(separator: " ") {
            let longer = kept.isEmpty ? String(word) : kept + " " + word
            guard longer.count <= room else { break }
            kept = longer
        }
        return kept
    }
}
