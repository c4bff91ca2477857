/// The lines of a strategy's file the code panel shows from a top line, and where the scroll keys
/// take it. Each line takes the rows its wrapping needs (`TextWrap.code`), and a page holds only
/// whole lines, so none is cut; only a line taller than the whole panel is, with a mark.
struct CodePage {
    /// Each line's rows, wrapped to the panel's text width.
    let rows: [[String]]
    /// Rows the panel gives the code.
    let height: Int

    init(_ source: StrategySource, textWidth: Int, height: Int) {
        rows = source.lines.map { TextWrap.code($0.text, width: textWidth) }
        self.height = max(1, height)
    }

    /// The lines shown whole from `top`, and the top line always, even one taller than the panel.
    func shown(from top: Int) -> Range<Int> {
        var used = 0
        var end = top
        while end < rows.count, end == top || used + rows[end].count <= height {
            used += rows[end].count
            end += 1
        }
        return top..<end
    }

    /// The top line of the page that opens at `focus`: with some of the lines above it too when
    /// the page has room to spare (a third of it), for what leads up to it.
    func opening(at focus: ClosedRange<Int>) -> Int {
        guard !rows.isEmpty else { return 0 }
        let focusRows = rows[min(focus.lowerBound, rows.count - 1)...min(focus.upperBound, rows.count - 1)].reduce(0) { $0 + $1.count }
        let spare = max(0, height - focusRows) / 3
        var used = 0
        var top = focus.lowerBound
        while top > 0, used + rows[top - 1].count <= spare {
            used += rows[top - 1].count
            top -= 1
        }
        return clamped(top)
    }

    /// The furthest a page goes down: the top line of the page that ends with the file's end.
    var lastTop: Int { max(0, min(top(ofPageEndingBefore: rows.count), rows.count - 1)) }

    /// `top` within the file: the first line at least, and never past the last page.
    func clamped(_ top: Int) -> Int { min(max(0, top), lastTop) }

    /// Where a scroll key takes a page at `top`: a line, or a page, the lines it showed last just
    /// out of sight.
    func scrolled(from top: Int, by action: KeyAction) -> Int {
        let top = clamped(top)
        return switch action {
        case .lineDown: clamped(top + 1)
        case .lineUp: clamped(top - 1)
        case .pageDown: clamped(max(top + 1, shown(from: top).upperBound))
        default: clamped(min(top - 1, self.top(ofPageEndingBefore: top)))
        }
    }

    /// The top line of the fullest page that ends just above `line`.
    private func top(ofPageEndingBefore line: Int) -> Int {
        var used = 0
        var top = line
        while top > 0, used + rows[top - 1].count <= height {
            used += rows[top - 1].count
            top -= 1
        }
        return top
    }
}
