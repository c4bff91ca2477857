#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SkyCore
import SkySoak
import SkyReport
import SkyTerminal

/// How Sky ends when a signal's orderly stop cannot: a second signal, or the first one's grace run
/// out (`SignalTrap`), whatever the main thread is doing. A watchdog thread of its own, so that a
/// blocked write, a stuck writer thread or a starved cooperative pool cannot hold it up.
///
/// Its last words: the terminal put back, the metrics file rewritten to say the run ended with
/// 128 + the signal (`remember`), one line on stderr if stderr would take it without blocking;
/// then `_exit`, since the threads that hold Sky up would hold up `exit`'s handlers too. The
/// events file and the trace end where their last write did.
enum LastResort {
    /// The metrics file's last reading, for the last words to end.
    private static let metrics = Locked<(file: MetricsFile, reading: MetricsReading)?>(nil)

    /// Notes the reading the metrics file now holds.
    static func remember(_ reading: MetricsReading, in file: MetricsFile) {
        metrics.withLock { $0 = (file, reading) }
    }

    /// Starts the watchdog; `false` if no thread could be had for it.
    static func startWatching() -> Bool {
        var thread = pthread_t()
        return pthread_create(&thread, nil, { _ in
            LastResort.end(by: SignalTrap.waitUntilSignalsEndSky())
        }, nil) == 0
    }

    private static func end(by signal: Int32) -> Never {
        let status = ExitStatus(stoppedBy: signal).code
        // Should the last words block too, SIGALRM's default action ends Sky instead.
        alarm(2)
        TerminalRescue.putBack()
        if let (file, reading) = metrics.withLock({ $0 }) {
            var ended = reading
            ended.exitStatus = status
            ended.ended = .now()
            ended.verdict = ended.verdict.told(by: ExitStatus(stoppedBy: signal))
            try? file.write(ended)
        }
        if writesWithoutBlocking(2) {
            StandardError.write("sky: stopped by \(Verdict.signalName(signal)) before the run could finish its files\n")
        }
        _exit(status)
    }

    /// The handler's own way out, with no watchdog to turn to: async-signal-safe calls only.
    static func endInHandler(_ signal: Int32) {
        TerminalRescue.putBack()
        _exit(128 + signal)
    }

    private static func writesWithoutBlocking(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLOUT) != 0
    }
}
