/// A horizontal bar for a fraction, drawn in eighths of a cell where the glyphs allow, so one
/// failure in a thousand still shows as a sliver rather than nothing.
enum Bar {
    private static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    static func draw(
        _ fraction: Double, into grid: inout Grid, x: Int, y: Int, width: Int, style: Style, glyphs: Glyphs
    ) {
        guard width > 0 else { return }
        let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        let fine = glyphs == .unicode
        let units = Int((clamped * Double(width * 8)).rounded(.down))
        let whole = fine ? units / 8 : Int((clamped * Double(width)).rounded(.down))
        grid.fill(glyphs.barFull, x: x, y: y, width: whole, style: style)
        var column = x + whole
        if fine, units % 8 > 0, column < x + width {
            grid[column, y] = Cell(eighths[units % 8 - 1], style)
            column += 1
        }
        grid.fill(glyphs.barEmpty, x: column, y: y, width: x + width - column, style: Style(.muted))
    }
}
