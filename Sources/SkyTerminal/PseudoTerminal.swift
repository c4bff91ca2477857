#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcurses

/// A pseudo-terminal of a fixed size, for drawing the dashboard where nobody sees it: `sky bench`
/// measures what drawing costs through the same ncurses path as a real terminal.
///
/// A thread reads and discards everything written to it, as a terminal emulator would read it;
/// without a reader, ncurses would block once the pseudo-terminal's buffer filled.
public final class PseudoTerminal {
    public let width: Int
    public let height: Int
    /// The terminal side ncurses writes to and reads keys from (none ever come).
    let output: UnsafeMutablePointer<FILE>
    let input: UnsafeMutablePointer<FILE>
    private var isOpen = true

    /// Opens a `width`×`height` pseudo-terminal; `nil` if the system has none to give.
    public init?(width: Int, height: Int) {
        self.width = width
        self.height = height
        var path = [CChar](repeating: 0, count: 64)
        let controller = sky_open_pseudo_terminal(&path, Int32(path.count))
        guard controller >= 0 else { return nil }
        let terminal = open(path, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else {
            Glibc.close(controller)
            return nil
        }
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
        let second = dup(terminal)
        guard second >= 0, let output = fdopen(terminal, "w"), let input = fdopen(second, "r") else {
            Glibc.close(controller)
            Glibc.close(terminal)
            if second >= 0 { Glibc.close(second) }
            return nil
        }
        self.output = output
        self.input = input
        // The reader owns the controller side from here on: it closes it when the terminal side
        // is closed and reads fail, so no other thread ever closes a descriptor it is reading.
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let controller = Int32(Int(bitPattern: context) - 1)
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
                if count > 0 || (count < 0 && errno == EINTR) { continue }
                break
            }
            Glibc.close(controller)
            return nil
        }, UnsafeMutableRawPointer(bitPattern: Int(controller) + 1))
        guard started == 0 else {
            // With nobody reading, the first full buffer would block the dashboard for good.
            Glibc.close(controller)
            isOpen = false
            fclose(output)
            fclose(input)
            return nil
        }
        pthread_detach(thread)
    }

    deinit { close() }

    /// Closes the terminal side; the reader then sees the end and closes the controller side.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        fclose(output)
        fclose(input)
    }
}
