#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Puts the terminal back if Sky crashes in curses mode, then lets the crash go on as before.
///
/// A crash would otherwise leave the terminal raw, without echo, on the alternate screen, and
/// Swift's backtracer would print into that mess. The handler restores the saved terminal
/// settings with async-signal-safe calls only, reinstalls the previous handler (the
/// backtracer's, or the default) and returns: the faulting instruction runs again and the crash
/// proceeds with a usable terminal. A fatal signal sent by another process
/// (`kill -SEGV`, or `abort`) has no instruction to rerun, so it is raised again instead.
public enum TerminalRescue {
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    static func arm() {
        guard tcgetattr(0, savedSettings) == 0 else { return }
        for (index, signal) in fatalSignals.enumerated() {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { signal, info, _ in
                TerminalRescue.rescue(signal, sent: (info?.pointee.si_code ?? 0) <= 0)
            }
            action.sa_flags = SA_SIGINFO
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, previousActions + index)
        }
        armed.store(true, ordering: .relaxed)
    }

    static func disarm() {
        guard armed.exchange(false, ordering: .relaxed) else { return }
        for (index, signal) in fatalSignals.enumerated() {
            sigaction(signal, previousActions + index, nil)
        }
    }

    /// Puts the terminal back, if curses has it, as Sky ends without closing its screen (a signal
    /// that ends Sky from another thread or from its handler): async-signal-safe.
    public static func putBack() {
        guard armed.load(ordering: .relaxed) else { return }
        tcsetattr(0, TCSANOW, savedSettings)
        writeReset()
    }

    /// Leaves the alternate screen, shows the cursor, resets attributes.
    private static func writeReset() {
        let reset: StaticString = "\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m\r\n"
        _ = write(1, reset.utf8Start, reset.utf8CodeUnitCount)
    }

    /// `sent` is true when the signal came from `kill` or `raise` (si_code SI_USER, SI_TKILL...)
    /// rather than from a fault.
    private static func rescue(_ signal: Int32, sent: Bool) {
        tcsetattr(0, TCSANOW, savedSettings)
        writeReset()
        for index in fatalSignals.indices where fatalSignals[index] == signal {
            sigaction(signal, previousActions + index, nil)
        }
        if sent { raise(signal) }
    }

    // Fixed storage allocated once, before any handler is installed: a handler must not allocate
    // or trigger copy-on-write. Pointers are Sendable-unsafe, hence `nonisolated(unsafe)`.
    nonisolated(unsafe) private static let savedSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    // As above: one saved action per fatal signal, written by `arm` before its handler exists.
    nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 6)
    private static let armed = Atomic<Bool>(false)
}
