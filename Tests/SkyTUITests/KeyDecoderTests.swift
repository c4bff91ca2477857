import SkyTUI
import Testing

@Suite("Key decoding: Esc alone, and the sequences that begin with it")
struct KeyDecoderTests {
    /// The keys that feeding `inputs` in order completes.
    func keys(_ inputs: [KeyDecoder.Input]) -> [Key] {
        var decoder = KeyDecoder()
        return inputs.compactMap { decoder.feed($0) }
    }

    /// Characters as the terminal sends them.
    func typed(_ text: String) -> [KeyDecoder.Input] {
        text.map { .character($0) }
    }

    @Test("Characters are keys; Ctrl-C is the interrupt; a decoded key code is another key")
    func plain() {
        #expect(keys(typed("q +")) == [.character("q"), .character(" "), .character("+")])
        #expect(keys(typed("\u{03}")) == [.interrupt])
        #expect(keys([.otherKey]) == [.other])
    }

    @Test("An Esc with nothing after it is the Esc key, once nothing more is waiting")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(.character("\u{1B}")) == nil)
        #expect(decoder.isAwaitingSequence)
        #expect(decoder.feed(.nothingMore) == .escape)
        #expect(!decoder.isAwaitingSequence)
        #expect(decoder.feed(.character("q")) == .character("q"))
    }

    @Test("Alt and a key is one other key, not a quit", arguments: ["x", "q", "\u{1B}", "[", "O"])
    func alt(character: Character) {
        let sent = typed("\u{1B}") + [.character(character)]
        #expect(keys(sent + [.nothingMore]) == [.other])
    }

    @Test("Alt and a decoded key (Alt-arrow) is one other key")
    func altKeyCode() {
        #expect(keys(typed("\u{1B}") + [.otherKey]) == [.other])
    }

    @Test("An escape sequence ncurses did not decode is one other key, ended by its final byte", arguments: [
        "\u{1B}[C", "\u{1B}[1;5A", "\u{1B}[200~", "\u{1B}[?25h", "\u{1B}OP", "\u{1B}[55555~",
    ])
    func sequence(sequence: String) {
        var decoder = KeyDecoder()
        let inputs = typed(sequence)
        for input in inputs.dropLast() {
            #expect(decoder.feed(input) == nil)
            #expect(decoder.isAwaitingSequence)
        }
        #expect(decoder.feed(inputs.last!) == .other)
        #expect(!decoder.isAwaitingSequence)
        #expect(decoder.feed(.character("q")) == .character("q"), "the key after the sequence is read as itself")
    }

    @Test("A sequence cut short is still one other key")
    func cutShort() {
        #expect(keys(typed("\u{1B}[1;") + [.nothingMore]) == [.other])
        #expect(keys(typed("\u{1B}O") + [.nothingMore]) == [.other])
    }

    @Test("The keys after a sequence are their own: an arrow, then q, then Esc")
    func stream() {
        #expect(keys(typed("\u{1B}[Aq\u{1B}") + [.nothingMore]) == [.up, .character("q"), .escape])
        #expect(keys(typed("\u{1B}[Cq\u{1B}") + [.nothingMore]) == [.other, .character("q"), .escape])
    }

    @Test("The keys that scroll: the arrows up and down and the page keys, decoded by ncurses or sent as sequences", arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
    ])
    func scrollKeys(sequence: String, key: Key) {
        #expect(keys(typed(sequence)) == [key])
        #expect(keys([.key(key)]) == [key])
        // Alt and one of them is not a scroll.
        #expect(keys(typed("\u{1B}") + [.key(key)]) == [.other])
    }
}
