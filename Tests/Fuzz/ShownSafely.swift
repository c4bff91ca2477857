/// The oracle both targets share besides "no crash": whatever Sky prints from a file reaches the
/// terminal as text. A control character other than a newline would be the file commanding the
/// reader's terminal (an escape that clears it, a carriage return that hides a line).
enum ShownSafely {
    static func check(_ text: String, _ what: String) {
        guard let bad = text.unicodeScalars.first(where: isControl) else { return }
        fatalError("\(what) holds the control character U+\(String(bad.value, radix: 16)): \(text.debugDescription)")
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
    }
}
