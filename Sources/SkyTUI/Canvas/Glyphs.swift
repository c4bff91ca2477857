/// The characters panels draw with: Unicode block and box glyphs, or plain ASCII when the locale
/// is not UTF-8 (a terminal that cannot show them would print garbage).
public struct Glyphs: Equatable, Sendable {
    public var barFull: Character
    public var barEmpty: Character
    /// Sparkline levels from lowest to highest.
    public var levels: [Character]
    public var rule: Character
    public var vertical: Character
    /// Corners of a box, clockwise from the top left.
    public var corners: [Character]
    public var running: Character
    public var dash: Character
    public var times: Character
    public var dot: Character
    /// Beside a priority the runtime raised or lowered.
    public var up: Character
    public var down: Character

    public static let unicode = Glyphs(
        barFull: "█", barEmpty: "░", levels: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"], rule: "─",
        vertical: "│", corners: ["┌", "┐", "┘", "└"], running: "▶", dash: "—", times: "×", dot: "·",
        up: "↑", down: "↓")

    public static let ascii = Glyphs(
        barFull: "#", barEmpty: ".", levels: ["_", ".", ",", "-", "~", "=", "+", "#"], rule: "-",
        vertical: "|", corners: ["+", "+", "+", "+"], running: ">", dash: "-", times: "x", dot: "|",
        up: "^", down: "v")
}
