/// `v`: the strategy's whole file, in place of the errors panel, so a student can hold what the
/// lanes do against the code that does it. It opens at the lines the lesson's part is about, or
/// else at those the strategy is there to show (`StrategySource.focus`); the scroll keys move it,
/// and its title says which lines are shown. A line too long for the panel wraps, each further row
/// marked, so no line is ever cut without a mark; a lesson's lines carry a mark of their own.
enum CodePanel {
    /// The page the panel shows in a `width` by `height` area, title row included.
    static func page(_ state: DashboardState, width: Int, height: Int) -> CodePage {
        CodePage(state.source, textWidth: width - gutterWidth(state.source), height: height - 1)
    }

    /// A lesson's mark, the line's number, and two spaces.
    private static func gutterWidth(_ source: StrategySource) -> Int {
        1 + String(source.lines.count).count + 2
    }

    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int, height: Int) {
        let page = page(state, width: width, height: height)
        draw(
            state.source, page: page, top: state.codeTop ?? page.opening(at: state.codeFocus), marked: state.lessonLines,
            glyphs: state.glyphs, into: &grid, x: x, y: y, width: width, height: height)
    }

    /// Draws `page` of `source` from the line at `top`, with a mark beside each line in `marked`.
    static func draw(
        _ source: StrategySource, page: CodePage, top: Int, marked: [ClosedRange<Int>], glyphs: Glyphs,
        into grid: inout Grid, x: Int, y: Int, width: Int, height: Int
    ) {
        guard !source.lines.isEmpty else {
            Section.rule("Code", note: source.path, into: &grid, x: x, y: y, width: width, glyphs: glyphs)
            return
        }
        let shown = page.shown(from: page.clamped(top))
        rule(source, shown: shown, glyphs: glyphs, into: &grid, x: x, y: y, width: width)
        let numberWidth = String(source.lines.count).count
        let textX = x + gutterWidth(source)
        var row = y + 1
        for index in shown {
            let isMarked = marked.contains { $0.contains(index) }
            let rows = page.rows[index]
            for (part, text) in rows.enumerated() where row < y + height {
                let number = part == 0 ? String(source.lines[index].number) : String(glyphs.wrapped)
                grid.write(isMarked ? String(glyphs.running) : " ", x: x, y: row, style: Style(.accent, bold: true))
                grid.write(Figures.padLeft(number, numberWidth) + "  ", x: x + 1, y: row, style: Style(isMarked ? .accent : .muted))
                // Only a line taller than the whole panel runs out of rows: its last says so.
                let cut = row == y + height - 1 && part < rows.count - 1
                let room = x + width - textX
                let line = cut ? String(text.prefix(room - glyphs.ellipsis.count)) + glyphs.ellipsis : text
                grid.write(line, x: textX, y: row, style: Style(bold: isMarked), width: room)
                row += 1
            }
        }
    }

    /// `── Code  Sources/SkyCore/Strategies/BatchedWindow.swift ── lines 16-27 of 37 · Up Down PgUp PgDn ─`:
    /// the file and its idea, as much as fits and cut only with a mark, the lines shown, and the
    /// keys that show the rest while there is a rest to show.
    private static func rule(_ source: StrategySource, shown: Range<Int>, glyphs: Glyphs, into grid: inout Grid, x: Int, y: Int, width: Int) {
        let lines = source.lines
        let position = " lines \(lines[shown.lowerBound].number)-\(lines[shown.upperBound - 1].number) of \(lines.count) "
        let keys = "\(glyphs.dot) \(DashboardKeys.label(of: .lineDown)) \(DashboardKeys.label(of: .pageDown)) "
        let file = String(source.path.split(separator: "/").last ?? "")
        // The rule's first two cells, the title, the note's spaces, and a rule's cell either side
        // of the position.
        let room = { (right: String) in width - 2 - " Code ".count - 2 - right.count - 2 }
        let right = shown.count < lines.count && room(position + keys) >= file.count ? position + keys : position
        let space = room(right)
        // Cut, the idea keeps a few words or goes: three letters of it say nothing.
        let ideaRoom = space - file.count - 2 - glyphs.ellipsis.count
        // Where the file is outranks its idea, which the header's strategy names too.
        let note =
            [source.path + ": " + source.idea, source.path, file + ": " + source.idea].first { $0.count <= space }
            ?? (ideaRoom >= 12 ? file + ": " + source.idea.prefix(ideaRoom) + glyphs.ellipsis : nil)
            ?? (file.count <= space ? file : String(file.prefix(max(0, space - glyphs.ellipsis.count))) + glyphs.ellipsis)
        Section.rule("Code", note: note, into: &grid, x: x, y: y, width: width, glyphs: glyphs)
        grid.write(right, x: x + width - 1 - right.count, y: y, style: Style(.muted))
    }
}
