#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SkyCore
import SkyReport

/// stdout, written with `write(2)` rather than stdio, so that no failure is lost in a buffer.
///
/// stdout carries the summary that harnesses read. A failed write is remembered, and the run's
/// end reports it (`RunReport.finish`): one line on stderr and exit 74. A reader that went away is
/// not an error but the end of a pipeline (`sky … | head -1`): the run stops as on SIGPIPE, with
/// its files complete, and no line is printed.
enum StandardOutput {
    /// Why stdout lost output, once it has; a reader that went away is not counted here.
    static var failure: String? { state.withLock { $0.failure } }

    /// A write found no reader (EPIPE).
    static var lostReader: Bool { state.withLock { $0.lostReader } }

    /// Writes all of `text`; `false` if some of it was lost.
    @discardableResult
    static func write(_ text: String) -> Bool {
        var text = text
        let code = text.withUTF8 { WholeWrite.failure(writing: UnsafeRawBufferPointer($0), to: 1) }
        // Written to /dev/null in place of a closed stdout is lost all the same.
        guard let code else { return !state.withLock { $0.closedAtStart } }
        state.withLock { state in
            if code == EPIPE {
                state.lostReader = true
            } else if state.failure == nil {
                state.failure = String(cString: strerror(code))
            }
        }
        return false
    }

    /// stdout is a pipe or socket whose reader has closed its end: `poll` reports an error on it
    /// before any write fails, so a run whose output is only the summary still stops at once.
    static var readerGone: Bool {
        var entry = pollfd(fd: 1, events: 0, revents: 0)
        guard poll(&entry, 1, 0) == 1, entry.revents & Int16(POLLERR | POLLHUP) != 0 else { return false }
        var status = stat()
        guard fstat(1, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFSOCK
    }

    /// Run first, before anything opens a file: a standard descriptor handed over closed is opened
    /// on /dev/null, so that no file sky opens takes its number (the events file would otherwise
    /// receive the summary). A closed stdout counts as a failure: what sky prints there is lost.
    static func reserveClosedDescriptors() {
        for descriptor: Int32 in [0, 1, 2] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // The lowest free number is this one, as the ones below it are open.
            let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            guard opened == descriptor else { continue }
            if descriptor == 1 {
                state.withLock { state in
                    state.failure = "it was closed when sky started"
                    state.closedAtStart = true
                }
            }
        }
    }

    private struct State: Sendable {
        var failure: String?
        var lostReader = false
        var closedAtStart = false
    }

    private static let state = Locked(State())
}

/// Unbuffered writes to stderr. (Glibc's `stderr` global is not concurrency-safe in Swift 6.)
/// Errors are ignored: there is nowhere left to report them.
enum StandardError {
    static func write(_ text: String) {
        var text = text
        _ = text.withUTF8 { WholeWrite.failure(writing: UnsafeRawBufferPointer($0), to: 2) }
    }
}
