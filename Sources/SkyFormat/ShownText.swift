/// Text read from a file, made safe to print: a control character (an escape that clears the
/// reader's terminal, a newline that splits a table's row) is shown as its `\u{…}` escape, so what
/// a file says reaches the screen as text, never as a command to the terminal.
public enum ShownText {
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// C0 and C1 controls and DEL.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
