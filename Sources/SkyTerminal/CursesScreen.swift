#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcurses
public import SkyTUI

/// The one place Sky touches ncurses: it opens the terminal, draws grids (only the cells that
/// changed since the last frame), reads keys and resizes, and puts the terminal back.
///
/// ncurses is not thread-safe, so a screen belongs to the thread that opened it (the main
/// thread); it is deliberately not `Sendable`.
public final class CursesScreen {
    /// The characters this terminal can show: Unicode when the locale is UTF-8, else ASCII.
    public let glyphs: Glyphs
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    /// Where keys come from, looked at directly to tell a terminal that has gone from a quiet one.
    private let inputDescriptor: Int32
    private let colors: Bool
    /// What the terminal shows now; `nil` forces a full redraw.
    private var shown: Grid?
    private var isOpen = true
    private let ownsTerminal: Bool
    /// Tells an Esc from the sequences it begins.
    private var keys = KeyDecoder()

    /// How long ncurses waits after an Esc for the rest of a sequence. Short, so Esc alone quits
    /// promptly (the default is a second); long enough for a local terminal's sequences, which
    /// arrive in one write.
    private static let escapeDelay: Int32 = 25

    /// Opens the terminal on stdin and stdout; `nil` if the terminal type is unknown or unusable.
    public convenience init?(colors wantColors: Bool) {
        if let term = getenv("TERM").map({ String(cString: $0) }), term == "dumb" { return nil }
        self.init(colors: wantColors, type: nil, output: sky_stdout(), input: sky_stdin(), ownsTerminal: true)
    }

    /// Opens a screen on a pseudo-terminal, as a terminal of `type` (e.g. `xterm-256color`);
    /// `nil` if this system has no description of that type. Used by `sky bench` to draw where
    /// nobody sees; the user's terminal, its signals and its crash rescue are left alone.
    public convenience init?(colors wantColors: Bool, on terminal: PseudoTerminal, type: String) {
        self.init(colors: wantColors, type: type, output: terminal.output, input: terminal.input, ownsTerminal: false)
    }

    /// `ownsTerminal`: this is the user's terminal, so resizes are followed and a crash restores it.
    private init?(
        colors wantColors: Bool, type: String?, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>,
        ownsTerminal: Bool
    ) {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        glyphs = codeset == "UTF-8" ? .unicode : .ascii
        self.ownsTerminal = ownsTerminal
        if ownsTerminal {
            // Saved before curses changes anything, so a crash can put it back (see `TerminalRescue`).
            TerminalRescue.arm()
            ResizeSignal.install()
        }
        // newterm, unlike initscr, returns nil for an unknown terminal instead of exiting.
        guard let screen = newterm(type, output, input), let window = sky_stdscr() else {
            if ownsTerminal { TerminalRescue.disarm() }
            return nil
        }
        self.screen = screen
        self.window = window
        inputDescriptor = fileno(input)
        cbreak()
        noecho()
        nonl()
        if ownsTerminal { Self.disableQuitKey(inputDescriptor) }
        intrflush(window, false)
        keypad(window, true)
        curs_set(0)
        set_escdelay(Self.escapeDelay)
        colors = wantColors && has_colors()
        if colors {
            start_color()
            use_default_colors()
            for tint in Tint.allCases where tint != .plain {
                init_pair(Int16(tint.rawValue), Self.colour(of: tint), -1)
            }
        }
    }

    deinit { close() }

    /// Ctrl-\ is a key like any other while the dashboard has the terminal: the terminal would send
    /// SIGQUIT, whose crash report (and its 30-second prompt) would draw over the dashboard. Ctrl-C
    /// still stops the run. Recorded as curses's program mode, so a resize keeps it; `endwin`
    /// brings the shell's mode back, Ctrl-\ with it.
    private static func disableQuitKey(_ descriptor: Int32) {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else { return }
        withUnsafeMutableBytes(of: &settings.c_cc) { $0[Int(VQUIT)] = 0 }  // _POSIX_VDISABLE on Linux
        tcsetattr(descriptor, TCSANOW, &settings)
        def_prog_mode()
    }

    public var size: TerminalSize {
        TerminalSize(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
    }

    /// Draws `grid`, sending only the cells that differ from what is on the terminal.
    public func draw(_ grid: Grid) {
        let previous = shown?.size == grid.size ? shown : nil
        if previous == nil { werase(window) }
        for y in 0..<grid.size.height {
            let row = grid.row(y)
            let old = previous?.row(y)
            var x = 0
            while x < grid.size.width {
                let cell = row[row.startIndex + x]
                if let old, old[old.startIndex + x] == cell {
                    x += 1
                    continue
                }
                // A run of changed cells in one style goes out as one string.
                var text = String(cell.glyph)
                var end = x + 1
                while end < grid.size.width {
                    let next = row[row.startIndex + end]
                    if next.style != cell.style { break }
                    if let old, old[old.startIndex + end] == next { break }
                    text.append(next.glyph)
                    end += 1
                }
                apply(cell.style)
                _ = sky_put(window, Int32(y), Int32(x), text)
                x = end
            }
        }
        apply(.plain)
        wrefresh(window)
        shown = grid
    }

    /// Waits up to `timeout` for a key or a resize; `nil` when the time ran out. A resize is
    /// seen at the latest when the timeout ends (the signal may land on another thread).
    /// `.hangUp` once the terminal has gone (end of file, EIO, POLLHUP): every later read would
    /// fail at once, so the caller must stop reading.
    public func read(timeout: Duration) -> TerminalInput? {
        if let resized = takeResize() { return resized }
        let milliseconds = max(0, Int32(clamping: Int(timeout / .milliseconds(1))))
        while true {
            // After an Esc, ncurses has already waited the escape delay for what follows (keypad
            // mode), so anything sent with the Esc is there to read without waiting.
            wtimeout(window, keys.isAwaitingSequence ? 0 : milliseconds)
            var character: wint_t = 0
            let input: KeyDecoder.Input
            switch wget_wch(window, &character) {
            case sky_key_code_yes():
                let code = Int32(character)
                if code == sky_key_resize() {
                    shown = nil
                    return .resize(size)
                }
                input = Self.scrollKeys.first { $0.code == code }.map { .key($0.key) } ?? .otherKey
            case OK:
                input = Unicode.Scalar(UInt32(character)).map { .character(Character($0)) } ?? .otherKey
            default:
                if HangUpProbe.isHungUp(inputDescriptor) { return .hangUp }
                guard keys.isAwaitingSequence else { return takeResize() }
                input = .nothingMore
            }
            if let key = keys.feed(input) { return .key(key) }
        }
    }

    /// The key codes ncurses decodes for the keys that scroll.
    private static let scrollKeys: [(code: Int32, key: Key)] = [
        (sky_key_up(), .up), (sky_key_down(), .down), (sky_key_page_up(), .pageUp), (sky_key_page_down(), .pageDown),
    ]

    /// After a SIGWINCH: tells ncurses the new size and forces a full redraw.
    private func takeResize() -> TerminalInput? {
        // A pseudo-terminal keeps its size; the user's terminal resizing is not its business.
        guard ownsTerminal, ResizeSignal.take() else { return nil }
        var rows: Int32 = 0
        var columns: Int32 = 0
        if sky_window_size(1, &rows, &columns) == 0, rows > 0, columns > 0 {
            resizeterm(rows, columns)
        }
        shown = nil
        return .resize(size)
    }

    /// Puts the terminal back as it was: cursor, echo, line mode, the normal screen.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        endwin()
        delscreen(screen)
        if ownsTerminal { TerminalRescue.disarm() }
    }

    private func apply(_ style: Style) {
        var attributes = sky_attr_normal()
        if style.bold { attributes |= sky_attr_bold() }
        if style.reverse { attributes |= sky_attr_reverse() }
        if style.tint == .muted { attributes |= sky_attr_dim() }
        let pair = colors && style.tint != .muted ? Int16(style.tint.rawValue) : 0
        sky_set_attributes(window, attributes, pair)
    }

    private static func colour(of tint: Tint) -> Int16 {
        switch tint {
        case .plain, .muted: -1
        case .title: Int16(COLOR_BLUE)
        case .accent: Int16(COLOR_CYAN)
        case .good: Int16(COLOR_GREEN)
        case .bad: Int16(COLOR_RED)
        case .warn: Int16(COLOR_YELLOW)
        case .high: Int16(COLOR_MAGENTA)
        case .medium: Int16(COLOR_YELLOW)
        case .low: Int16(COLOR_BLUE)
        }
    }
}
