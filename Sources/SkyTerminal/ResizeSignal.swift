#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// SIGWINCH, owned by Sky rather than ncurses.
///
/// The kernel may deliver the signal to any thread, and the scans' pool threads do not block it.
/// ncurses' own handler would then set its flag on a pool thread while the main thread reads it
/// (a data race the thread sanitizer caught). This handler only stores to an atomic; the frame
/// loop takes it and resizes ncurses itself. Installed before `newterm`, which then leaves
/// SIGWINCH alone.
enum ResizeSignal {
    private static let pending = Atomic<Bool>(false)

    static func install() {
        // Touch the atomic now: lazy initialisation inside a signal handler would not be safe.
        _ = pending.load(ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in ResizeSignal.pending.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &action, nil)
        // A parent may hand the signal down blocked (Foundation's Process passes on its
        // thread's mask); then resizes would go unseen.
        var winch = sigset_t()
        sigemptyset(&winch)
        sigaddset(&winch, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &winch, nil)
    }

    /// Whether the terminal was resized since the last call.
    static func take() -> Bool {
        pending.exchange(false, ordering: .relaxed)
    }
}
