#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import SkyCore
public import SkyHost
public import SkyFormat
public import SkySoak

/// Everything the metrics file reports that changes as the run goes, gathered by the run's loop at
/// one moment.
public struct MetricsReading: Sendable {
    public var snapshot: ScanSnapshot
    /// The live elapsed time (the snapshot's own may be a frame old).
    public var elapsed: Duration
    public var cores: Int
    public var residentBytes: Int
    public var openDescriptors: Int
    public var throttled: Bool
    public var eventsDropped: Int
    /// What the trace left out; `nil` without `--trace`.
    public var traceDropped: Int?
    /// When the run started, on the wall clock.
    public var started: UTCTime
    /// Once the run has ended: its exit status.
    public var exitStatus: Int32?
    /// Once the run has ended: when.
    public var ended: UTCTime?
    /// Once the run has ended: the verdict its exit status tells; before, the verdict so far.
    public var verdict: Verdict.Result
    /// The host's CPUs: utilisation over the last interval (over the run at the end), the
    /// engine's per-core counts, and the throttle counts' rise since the start.
    public var host: HostFigures?
    /// The share of the host's CPU time stolen since the start.
    public var hostSteal: Double?

    public init(
        snapshot: ScanSnapshot, elapsed: Duration, cores: Int, residentBytes: Int, openDescriptors: Int,
        throttled: Bool, eventsDropped: Int, started: UTCTime, exitStatus: Int32?, verdict: Verdict.Result
    ) {
        self.snapshot = snapshot
        self.elapsed = elapsed
        self.cores = cores
        self.residentBytes = residentBytes
        self.openDescriptors = openDescriptors
        self.throttled = throttled
        self.eventsDropped = eventsDropped
        self.started = started
        self.exitStatus = exitStatus
        self.verdict = verdict
    }

    /// Whether the run has ended and passed: what sets the last success.
    var succeeded: Bool { exitStatus == 0 && verdict == .pass && ended != nil }
}

/// `--metrics-file`: Prometheus exposition text for node_exporter's textfile collector, replaced
/// atomically (written to a temporary file beside it, then renamed over it), so a scrape never
/// sees half a file.
///
/// The text is written here rather than through swift-prometheus: its counters only count up
/// from the process's own increments, while these values are copies of the engine's counters,
/// which are the truth. The format is a few fixed lines.
public struct MetricsFile: Sendable {
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write '\(path)': \(reason)" }
    }

    public let path: String
    /// The host the runs are on.
    public let host: HostDescription
    /// The temporary file's name before `mkstemps` fills in the X's: in the metrics file's own
    /// directory, so the rename stays on one file system; hidden and ending in `.tmp`, not
    /// `.prom`, so the collector never reads it.
    private let temporaryTemplate: String
    private static let temporarySuffix = ".tmp"

    public init(path: String, host: HostDescription) {
        self.path = path
        self.host = host
        temporaryTemplate = Self.hidden(beside: path, ending: ".XXXXXX" + Self.temporarySuffix)
    }

    /// A hidden name in `path`'s directory: `.`, the file's name, and `ending`. The name is cut to
    /// fit the file system's longest (255 bytes) with what is added, so that a legal name of any
    /// length has its companions.
    static func hidden(beside path: String, ending: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        var name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        while name.utf8.count > 255 - ".".utf8.count - ending.utf8.count { name.removeLast() }
        return directory + "." + name + ending
    }

    /// Writes `reading` to the file, replacing what was there in one rename, and carrying the last
    /// success of what was there unless `reading` is one (`LastSuccess`). The caller holds
    /// `MetricsLock`, so what was there is this run's own file, or the one a run before it left.
    public func write(_ reading: MetricsReading) throws(WriteError) {
        try replace(with: render(reading, carrying: LastSuccess.read(from: path)))
    }

    /// Writes `text` to a file of its own, created under a fresh name that no other file had
    /// (`mkstemps` opens it with O_EXCL), so whatever else is in the directory is never touched;
    /// then renames it over `path`, unless `path` has become something a rename must not replace.
    private func replace(with text: String) throws(WriteError) {
        var template = Array(temporaryTemplate.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer {
            mkstemps($0.baseAddress!, Int32(Self.temporarySuffix.utf8.count))
        }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: Self.lastError) }
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // What O_CLOEXEC gives the other files sky opens; mkostemps, which takes it, is GNU-only.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var failure: String?
        // mkstemps creates it 0600; the collector may run as another user.
        if fchmod(descriptor, 0o644) != 0 { failure = Self.lastError }
        var text = text
        if failure == nil { failure = text.withUTF8 { WholeWrite.write(descriptor, UnsafeRawBufferPointer($0)) } }
        if close(descriptor) != 0 && failure == nil { failure = Self.lastError }
        if failure == nil {
            do {
                try OutputPath.checkReplaceable(path)
            } catch {
                failure = "it \(error.problem)"
            }
        }
        if failure == nil && rename(temporaryPath, path) != 0 { failure = Self.lastError }
        if let failure {
            unlink(temporaryPath)
            throw WriteError(path: path, reason: failure)
        }
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
