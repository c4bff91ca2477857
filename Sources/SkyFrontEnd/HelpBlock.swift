/// A block at the end of a command's `--help` ("Exit status:", "Dashboard keys …"): a term and its
/// meaning a row, the meanings aligned, each wrapped under itself.
enum HelpBlock {
    struct Row {
        var term: String
        var text: String
    }

    /// Narrow enough that ArgumentParser, which wraps help to 80 columns, leaves the lines whole.
    static let width = 78

    static func render(title: String, _ rows: [Row]) -> String {
        let column = 2 + (rows.map(\.term.count).max() ?? 0) + 2
        var lines = [title]
        for row in rows {
            let indent = String(repeating: " ", count: column)
            var line = "  " + row.term + String(repeating: " ", count: column - 2 - row.term.count)
            var lineIsEmpty = true
            for word in row.text.split(separator: " ") {
                if !lineIsEmpty && line.count + 1 + word.count > width {
                    lines.append(line)
                    line = indent
                    lineIsEmpty = true
                }
                line += (lineIsEmpty ? "" : " ") + word
                lineIsEmpty = false
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
