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
    /// A timeline lane while a scan runs, by priority (high, medium, low): shapes, not colour
    /// alone, so they still differ with `NO_COLOR`.
    public var spans: [Character]
    /// How a scan ended, where it ended on the timeline.
    public var completed: Character
    public var failed: Character
    public var cancelled: Character
    /// A timeline row standing for several slots, by the share of them busy, in quarters.
    public var shades: [Character]
    /// Begins a further row of a line of code too long for the panel, which wraps.
    public var wrapped: Character
    /// Ends text cut to fit.
    public var ellipsis: String

    public static let unicode = Glyphs(
        barFull: "█", barEmpty: "░", levels: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"], rule: "─",
        vertical: "│", corners: ["┌", "┐", "┘", "└"], running: "▶", dash: "—", times: "×", dot: "·",
        spans: ["▆", "▄", "▂"], completed: "✓", failed: "✗", cancelled: "⊘",
        shades: ["░", "▒", "▓", "█"], wrapped: "↪", ellipsis: "…")

    public static let ascii = Glyphs(
        barFull: "#", barEmpty: ".", levels: ["_", ".", ",", "-", "~", "=", "+", "#"], rule: "-",
        vertical: "|", corners: ["+", "+", "+", "+"], running: ">", dash: "-", times: "x", dot: "|",
        spans: ["H", "M", "L"], completed: ".", failed: "x", cancelled: "-",
        shades: [":", "+", "*", "#"], wrapped: "+", ellipsis: "...")
}
