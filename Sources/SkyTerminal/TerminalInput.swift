public import SkyTUI

/// What reading the terminal can give: a key, or a new size after a resize.
public enum TerminalInput: Equatable, Sendable {
    case key(Key)
    case resize(TerminalSize)
}
