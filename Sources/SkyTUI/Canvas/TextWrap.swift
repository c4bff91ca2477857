/// Text broken into lines for a width: prose (the help overlay's, a lesson's answers), and the
/// code panel's lines of code.
public enum TextWrap {
    /// Greedy word wrap; a word longer than the width is cut.
    public static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word.prefix(width))
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word.prefix(width))
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// A line of code broken into rows of `width`, so that none of it is cut: at the last space
    /// that fits, else mid-word. Each further row is indented as a wrapped argument list is, four
    /// past the line's own indent, or a comment's under its words (at most half the width). A tab
    /// is four spaces.
    public static func code(_ line: String, width: Int) -> [String] {
        let text = Array(line.replacing("\t", with: "    "))
        guard width > 0, text.count > width else { return [String(text)] }
        let indent = text.prefix { $0 == " " }.count
        let slashes = text.dropFirst(indent).prefix { $0 == "/" }.count
        let hang = String(repeating: " ", count: min(slashes >= 2 ? indent + slashes + 1 : indent + 4, width / 2))
        var rows: [String] = []
        var rest = text[...]
        var lead = ""
        var blank = indent
        while !rest.isEmpty {
            let room = width - lead.count
            guard rest.count > room else {
                rows.append(lead + String(rest))
                break
            }
            // A space at `room` ends a full row; one inside the indent is no place to break.
            let space = rest.prefix(room + 1).lastIndex(of: " ").map { $0 - rest.startIndex }
            let cut = space.flatMap { $0 > blank ? $0 : nil } ?? room
            rows.append(lead + String(rest.prefix(cut)))
            rest = rest.dropFirst(cut).drop { $0 == " " }
            lead = hang
            blank = 0
        }
        return rows
    }
}
