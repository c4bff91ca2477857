/// A key press, as the dashboard understands it. The terminal adapter translates raw input.
public enum Key: Hashable, Sendable {
    case character(Character)
    case escape
    /// Ctrl-C read as a key (in raw mode); with the usual terminal settings it arrives as SIGINT.
    case interrupt
    /// The arrows up and down, and the page keys: they scroll.
    case up, down, pageUp, pageDown
    /// Other arrows, function keys, Alt and a key, and the like: ignored, but they still dismiss
    /// the done screen.
    case other

    /// The key as the help names it.
    public var name: String {
        switch self {
        case .character(" "): "space"
        case .character("\r"), .character("\n"): "Enter"
        case .character(let character): String(character)
        case .escape: "Esc"
        case .interrupt: "^C"
        case .up: "Up"
        case .down: "Down"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .other: "another key"
        }
    }
}
