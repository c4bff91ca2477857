/// A key press, as the dashboard understands it. The terminal adapter translates raw input.
public enum Key: Hashable, Sendable {
    case character(Character)
    case escape
    /// Ctrl-C read as a key (in raw mode); with the usual terminal settings it arrives as SIGINT.
    case interrupt
    /// Arrows, function keys, Alt and a key, and the like: ignored, but they still dismiss the done
    /// screen.
    case other
}
