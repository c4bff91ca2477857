#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A streamed output's path, opened for writing without touching what it holds, and held against a
/// second `sky` (an advisory `flock`), until the run is sure to go ahead.
///
/// A run opens every output before it starts, so that a bad path is refused before anything runs;
/// and a refused run must leave every path as it was. So nothing is truncated when a path is
/// claimed: `keep()` truncates it, once every output has been claimed; `release()` gives it up,
/// removing the file only if the claim created it.
public final class OutputClaim: Sendable {
    public let path: String
    let descriptor: Int32
    /// The claim created the file: nothing was there before.
    private let created: Bool

    /// Opens `path` for writing, creating it if it is not there, and locks a regular file.
    /// Opening a FIFO waits for a reader, as `cat > fifo` would. A caught signal interrupts the
    /// wait: if `stopWaiting` then returns a signal, the claim gives up with it; if not (the signal
    /// was not one to stop for), it waits on. For a FIFO it is asked once before the wait as well:
    /// a signal that came just before would not interrupt it. `file` names the output in messages.
    public init(path: String, file: String, stopWaiting: () -> Int32? = { nil }) throws(StreamedFile.OpenError) {
        var info = stat()
        let waits = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
        var descriptor: Int32
        var created = false
        repeat {
            if waits, let signal = stopWaiting() { throw .stopped(path: path, signal: signal, file: file) }
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                created = true
            } else if errno == EEXIST {
                descriptor = open(path, O_WRONLY | O_CLOEXEC)
            }
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw busy ? .taken(path: path, file: file) : .cannotWrite(path: path, reason: reason)
        }
        self.path = path
        self.descriptor = descriptor
        self.created = created
    }

    /// The run goes ahead: the file is emptied for it (a FIFO or a device has nothing to empty).
    func keep() {
        _ = ftruncate(descriptor, 0)
    }

    /// The run does not go ahead: the path is left as it was.
    public func release() {
        if created { unlink(path) }
        Glibc.close(descriptor)
    }
}
