/// Prose broken into lines for a width: the help overlay's, and a lesson's answers.
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
}
