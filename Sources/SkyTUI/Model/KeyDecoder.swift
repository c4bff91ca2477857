/// Turns what the terminal sends into keys, telling the Esc key from the sequences that begin with
/// an Esc.
///
/// An Esc is the Esc key only when nothing follows it within the terminal's escape delay (about
/// 25 ms). What follows sooner was sent with it: Alt and a key (Esc x), or a key the terminal
/// writes as an escape sequence (an arrow: Esc [ A) that ncurses did not turn into a key code.
/// Either is a key of its own, not a quit: the arrows up and down and the page keys are the keys
/// that scroll, any other is `.other`. The terminal adapter feeds what each read gave, and
/// `.nothingMore` when a read after an Esc found nothing waiting, so the decoder needs no clock.
public struct KeyDecoder: Sendable {
    /// What one read of the terminal gave.
    public enum Input: Equatable, Sendable {
        case character(Character)
        /// A key ncurses decoded from its sequence that the dashboard names: an arrow up or
        /// down, a page key.
        case key(Key)
        /// Any other key that is not a character: one ncurses decoded from its sequence (another
        /// arrow, a function key), or input it could not decode.
        case otherKey
        /// Nothing more was waiting after an Esc: the escape delay has passed.
        case nothingMore
    }

    private enum State: Equatable {
        case idle
        /// An Esc, and nothing after it yet.
        case escape
        /// Esc [ and the parameter bytes so far: a control sequence, which ends at its final byte.
        case controlSequence(String)
        /// Esc O: one more character (F1 to F4, and the arrows on some terminals).
        case singleShift
    }

    private var state = State.idle

    public init() {}

    /// An Esc has been read and what it begins is not yet known: the next read should not wait.
    public var isAwaitingSequence: Bool { state != .idle }

    /// The key `input` completes, if it completes one.
    public mutating func feed(_ input: Input) -> Key? {
        switch (state, input) {
        case (.idle, .character(Self.escape)):
            state = .escape
            return nil
        case (.idle, .character(Self.controlC)):
            return .interrupt
        case (.idle, .character(let character)):
            return .character(character)
        case (.idle, .key(let key)):
            return key
        case (.idle, .otherKey):
            return .other
        case (.idle, .nothingMore):
            return nil
        case (.escape, .nothingMore):
            state = .idle
            return .escape
        case (.escape, .character("[")):
            state = .controlSequence("")
            return nil
        case (.escape, .character("O")):
            state = .singleShift
            return nil
        case (.controlSequence(let parameters), .character(let character)) where Self.continuesControlSequence(character):
            // Only short parameters name a key the dashboard knows; a longer one is kept short.
            state = .controlSequence(parameters.count < 4 ? parameters + String(character) : parameters)
            return nil
        case (.controlSequence(let parameters), .character(let final)):
            state = .idle
            return Self.controlKeys[parameters + String(final)] ?? .other
        case (.singleShift, .character(let final)):
            state = .idle
            return Self.singleShiftKeys[final] ?? .other
        case (.escape, _), (.controlSequence, _), (.singleShift, _):
            // Alt and a key, a whole sequence, or one cut short: a key no row of the dashboard names.
            state = .idle
            return .other
        }
    }

    /// The keys that scroll, as terminals write them after Esc [ (VT100 and xterm).
    private static let controlKeys: [String: Key] = ["A": .up, "B": .down, "5~": .pageUp, "6~": .pageDown]
    /// The arrows up and down after Esc O (a terminal in application cursor mode).
    private static let singleShiftKeys: [Character: Key] = ["A": .up, "B": .down]

    private static let escape: Character = "\u{1B}"
    /// Ctrl-C, read as a character when the terminal does not turn it into SIGINT.
    private static let controlC: Character = "\u{03}"

    /// A control sequence's parameter and intermediate bytes (ECMA-48: 0x20 to 0x3F); any other
    /// character is its final byte, or ends it.
    private static func continuesControlSequence(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
        return (0x20...0x3F).contains(scalar.value)
    }
}
