#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// SIGINT, SIGTERM and SIGHUP, caught so a run can stop cooperatively and still complete its files;
/// and the rule that a signal always ends Sky, whatever its main thread is doing.
///
/// The handler only stores the signal in atomics and posts a semaphore (both async-signal-safe);
/// the run's loop takes the signal (`take()`) and stops the run. A blocked write, a stuck writer or
/// a starved pool may keep that loop from ever looking again, so a watchdog thread, started before
/// any other, ends Sky itself (`LastResort`): at a second signal at once, and after the first once
/// the loop has not looked for `grace`. A loop that goes on looking is finishing the run (orphaned
/// tasks running to their end, files being completed) and is left to it. A command with nothing
/// to finish (`nothingToFinish()`) ends at the first signal.
///
/// SIGPIPE is ignored: a write to a pipe whose reader has gone fails with EPIPE instead, and the
/// writer knows whose pipe it was: stdout's ends the run as a broken pipe would (141), a reader of
/// the events file going away is a failed write of that file (74), and the run goes on. A signal
/// ignored when Sky starts (`nohup`, a background job of a script) stays ignored.
enum SignalTrap {
    static let handled = ExitStatus.allCases.compactMap { $0.signal?.number }.filter { $0 != SIGPIPE }
    /// How long, after the first signal, the run's loop may go without looking before Sky ends:
    /// under 2 s with the time to end, since two signals sent at once reach Sky as one (the kernel
    /// merges a standard signal still pending) and must still end it within 2 s.
    static let grace: Duration = .milliseconds(1_500)

    private static let pending = Atomic<Int32>(0)
    private static let first = Atomic<Int32>(0)
    private static let received = Atomic<Int>(0)
    private static let watched = Atomic<Bool>(false)
    private static let atOnce = Atomic<Bool>(false)
    /// How many times the run's loop has looked (`take()`): its heartbeat.
    private static let looks = Atomic<Int>(0)
    // Allocated once, before any handler exists: a handler must not allocate. A pointer is not
    // Sendable; the semaphore is made for use from any thread and from a handler.
    nonisolated(unsafe) private static let wake = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    static func install() {
        // Touch the atomics now: lazy initialisation inside a signal handler would not be safe.
        _ = (pending.load(ordering: .relaxed), first.load(ordering: .relaxed), received.load(ordering: .relaxed))
        _ = (watched.load(ordering: .relaxed), atOnce.load(ordering: .relaxed))
        sem_init(wake, 0, 0)
        Glibc.signal(SIGPIPE, SIG_IGN)
        // A file past `ulimit -f` then fails its write with EFBIG, reported like a full disk,
        // instead of killing sky with its files half written.
        Glibc.signal(SIGXFSZ, SIG_IGN)
        for signal in handled {
            var inherited = sigaction()
            sigaction(signal, nil, &inherited)
            if isIgnore(inherited.__sigaction_handler.sa_handler) { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in SignalTrap.caught(number) }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        // Started before the runtime's threads; with too few threads to start it, the handler
        // itself ends Sky at a second signal.
        watched.store(LastResort.startWatching(), ordering: .relaxed)
        // A parent may hand us these signals blocked (Foundation's `Process` passes on its
        // thread's mask): then Ctrl-C would stay pending forever. Unblock them on this thread;
        // threads started later inherit the mask.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in handled { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    private static func isIgnore(_ handler: (@convention(c) (Int32) -> Void)?) -> Bool {
        guard let handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Async-signal-safe: atomics, `sem_post`, and at worst `LastResort.endInHandler`.
    private static func caught(_ number: Int32) {
        pending.store(number, ordering: .relaxed)
        let count = received.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        if count == 1 { first.store(number, ordering: .sequentiallyConsistent) }
        if watched.load(ordering: .relaxed) {
            sem_post(wake)
        } else if count >= 2 || atOnce.load(ordering: .relaxed) {
            LastResort.endInHandler(first.load(ordering: .sequentiallyConsistent))
        }
    }

    /// Whether the watchdog thread runs: it does unless no thread could be had for it.
    static var isWatched: Bool { watched.load(ordering: .relaxed) }

    /// The signal caught since the last call, if any.
    static func take() -> Int32? {
        looks.wrappingAdd(1, ordering: .relaxed)
        let signal = pending.exchange(0, ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    /// For a command that has no files to finish: the first signal ends Sky at once.
    static func nothingToFinish() {
        atOnce.store(true, ordering: .relaxed)
        if received.load(ordering: .sequentiallyConsistent) > 0 && watched.load(ordering: .relaxed) { sem_post(wake) }
    }

    /// The watchdog's side: waits for the first signal, then for a second one, or for a grace in
    /// which the run's loop did not look; answers the signal to end with (the first one).
    static func waitUntilSignalsEndSky() -> Int32 {
        while received.load(ordering: .sequentiallyConsistent) == 0 || first.load(ordering: .sequentiallyConsistent) == 0 {
            _ = sem_wait(wake)
        }
        var seen = looks.load(ordering: .relaxed)
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        advance(&deadline)
        while received.load(ordering: .sequentiallyConsistent) < 2 && !atOnce.load(ordering: .relaxed) {
            guard sem_timedwait(wake, &deadline) != 0 && errno == ETIMEDOUT else { continue }
            let now = looks.load(ordering: .relaxed)
            if now == seen { break }
            seen = now
            advance(&deadline)
        }
        return first.load(ordering: .sequentiallyConsistent)
    }

    /// Moves `deadline` on by `grace`.
    private static func advance(_ deadline: inout timespec) {
        let nanoseconds = Int(deadline.tv_nsec) + Int(grace.components.attoseconds / 1_000_000_000)
        deadline.tv_sec += Int(grace.components.seconds) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
    }
}
