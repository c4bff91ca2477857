/// A terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var description: String { "\(width)×\(height)" }
}

/// One character cell: a glyph and its style.
public struct Cell: Equatable, Sendable {
    /// Every glyph Sky draws is one column wide; text from outside (error names) is ASCII.
    public var glyph: Character
    public var style: Style

    public init(_ glyph: Character, _ style: Style = .plain) {
        self.glyph = glyph
        self.style = style
    }

    public static let blank = Cell(" ")
}

/// A frame: the whole screen as styled cells. Panels draw into it; the terminal adapter draws
/// only the cells that differ from the previous frame, and tests compare it as lines of text.
public struct Grid: Equatable, Sendable {
    public let size: TerminalSize
    private var cells: [Cell]

    public init(size: TerminalSize) {
        self.size = size
        cells = Array(repeating: .blank, count: size.width * size.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
            cells[y * size.width + x] = newValue
        }
    }

    /// Writes `text` from column `x` of row `y`, clipped to `width` columns and to the grid.
    /// Returns the column after the last one written, so writes can be chained along a row.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain, width: Int? = nil) -> Int {
        guard y >= 0, y < size.height else { return x }
        let limit = min(size.width, width.map { x + max(0, $0) } ?? size.width)
        var column = x
        for glyph in text {
            guard column < limit else { break }
            self[column, y] = Cell(glyph, style)
            column += 1
        }
        return column
    }

    /// Fills `width` cells of row `y` from column `x` with one glyph.
    public mutating func fill(_ glyph: Character, x: Int, y: Int, width: Int, style: Style = .plain) {
        guard width > 0 else { return }
        for column in x..<(x + width) { self[column, y] = Cell(glyph, style) }
    }

    /// The cells of one row.
    public func row(_ y: Int) -> ArraySlice<Cell> {
        cells[(y * size.width)..<((y + 1) * size.width)]
    }

    /// The frame as text, one line a row, trailing blanks trimmed: what golden tests compare.
    public var text: String {
        (0..<size.height).map { y in
            var line = String(row(y).map(\.glyph))
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
