#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// SIGINT, SIGTERM, SIGHUP and SIGPIPE, caught so a run can stop cooperatively and still complete
/// its files.
///
/// The handler only stores the signal number in an atomic (async-signal-safe); the run loop polls
/// it. After the first signal the default action is restored, so a second Ctrl-C ends sky at once;
/// SIGPIPE is then ignored instead, as its default would kill sky at the next write to a pipe
/// whose reader has gone, before the files are complete.
enum SignalTrap {
    static let handled = ExitStatus.allCases.compactMap { $0.signal?.number }
    private static let pending = Atomic<Int32>(0)

    static func install() {
        // Touch the atomic now: lazy initialisation inside a signal handler would not be safe.
        _ = pending.load(ordering: .relaxed)
        for signal in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                SignalTrap.pending.store(number, ordering: .relaxed)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        // A file past `ulimit -f` then fails its write with EFBIG, reported like a full disk,
        // instead of killing sky with its files half written.
        Glibc.signal(SIGXFSZ, SIG_IGN)
        // A parent may hand us these signals blocked (Foundation's `Process` passes on its
        // thread's mask): then Ctrl-C would stay pending forever. Unblock them on this thread;
        // threads started later inherit the mask.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in handled { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The signal caught since the last call, if any.
    static func take() -> Int32? {
        let signal = pending.exchange(0, ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    static func restoreDefaults() {
        for signal in handled { Glibc.signal(signal, signal == SIGPIPE ? SIG_IGN : SIG_DFL) }
    }
}
