public import SkyTUI

/// What reading the terminal can give: a key, a new size after a resize, or the news that the
/// terminal has gone.
public enum TerminalInput: Equatable, Sendable {
    case key(Key)
    case resize(TerminalSize)
    /// The terminal has gone away (its window closed, its connection dropped), whether or not a
    /// SIGHUP came with it: nothing more will be read from it, and what is drawn goes nowhere.
    case hangUp
}
