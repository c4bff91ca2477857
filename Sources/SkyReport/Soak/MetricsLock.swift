#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--metrics-file`'s hold against a second `sky` writing the same file. The metrics file is
/// replaced at every write (a rename), so a lock on it would leave with the old file; the lock is
/// on a file of its own beside it, `.NAME.lock`, hidden, which node_exporter's textfile collector
/// never reads (it reads `*.prom`). A lock file left by a `sky` that was killed holds no lock, and
/// the next run takes it.
public final class MetricsLock: Sendable {
    public let path: String
    private let descriptor: Int32
    /// The lock created the file: nothing was there before, so nothing is left after.
    private let created: Bool

    /// Takes the lock, or says why not: `taken` while another process holds it.
    public init(metricsFile: String) throws(StreamedFile.OpenError) {
        path = MetricsFile.hidden(beside: metricsFile, ending: ".lock")
        // A lock taken on a file that its holder has just removed would hold nothing: the file
        // at the path is checked to be the one locked, and the lock taken again if it is not.
        for _ in 0..<8 {
            var created = true
            var descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor < 0 && errno == EEXIST {
                created = false
                descriptor = open(path, O_RDWR | O_CLOEXEC)
                // Removed by its holder between the two opens.
                if descriptor < 0 && errno == ENOENT { continue }
            }
            // The lock's folder is the metrics file's: what stops one stops the other.
            guard descriptor >= 0 else { throw .cannotWrite(path: metricsFile, reason: String(cString: strerror(errno))) }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let busy = errno == EWOULDBLOCK
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw busy ? .taken(path: metricsFile, file: "metrics") : .cannotWrite(path: metricsFile, reason: "its lock '\(path)': \(reason)")
            }
            var held = stat()
            var named = stat()
            guard fstat(descriptor, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev else {
                close(descriptor)
                continue
            }
            self.descriptor = descriptor
            self.created = created
            return
        }
        throw .cannotWrite(path: metricsFile, reason: "its lock '\(path)' keeps being replaced by another process")
    }

    /// Gives the lock up, removing the lock file if this lock made it: before the lock goes, so
    /// that a run waiting for the path finds it gone, or new.
    public func release() {
        if created { unlink(path) }
        close(descriptor)
    }
}
