#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import SkyCore
import SkyHost

/// Everything the metrics file reports, gathered by the run's loop at one moment.
public struct MetricsReading: Sendable {
    public var snapshot: ScanSnapshot
    /// The live elapsed time (the snapshot's own may be a frame old).
    public var elapsed: Duration
    public var cores: Int
    public var residentBytes: Int
    public var openDescriptors: Int
    public var throttled: Bool
    public var eventsDropped: Int
    /// Once the run has ended: its exit status.
    public var exitStatus: Int32?
    /// Once the run has ended: the verdict (PASS or FAIL); before, the verdict so far.
    public var passing: Bool
    /// The host's CPUs: utilisation over the last interval (over the run at the end), the
    /// engine's per-core counts, and the throttle counts' rise since the start.
    public var host: HostFigures?
    /// The share of the host's CPU time stolen since the start.
    public var hostSteal: Double?

    public init(
        snapshot: ScanSnapshot, elapsed: Duration, cores: Int, residentBytes: Int, openDescriptors: Int,
        throttled: Bool, eventsDropped: Int, exitStatus: Int32?, passing: Bool
    ) {
        self.snapshot = snapshot
        self.elapsed = elapsed
        self.cores = cores
        self.residentBytes = residentBytes
        self.openDescriptors = openDescriptors
        self.throttled = throttled
        self.eventsDropped = eventsDropped
        self.exitStatus = exitStatus
        self.passing = passing
    }
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
    /// The temporary file's name before `mkstemps` fills in the X's: in the metrics file's own
    /// directory, so the rename stays on one file system; hidden and ending in `.tmp`, not
    /// `.prom`, so the collector never reads it.
    private let temporaryTemplate: String
    private static let temporarySuffix = ".tmp"

    public init(path: String) {
        self.path = path
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

    /// Writes `reading` to the file, replacing what was there in one rename.
    public func write(_ reading: MetricsReading) throws(WriteError) {
        try replace(with: Self.render(reading))
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

    /// The exposition text.
    public static func render(_ reading: MetricsReading) -> String {
        let s = reading.snapshot
        let c = s.counters
        let config = s.configuration
        var text = ""
        func metric(_ name: String, _ type: String, _ help: String, _ samples: [(labels: String, value: String)]) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            for sample in samples {
                text += name + (sample.labels.isEmpty ? "" : "{\(sample.labels)}") + " \(sample.value)\n"
            }
        }
        func number(_ value: Double) -> String { value.isFinite ? FixedPoint.fixed(value, places: 6) : "0" }
        metric("sky_scans_total", "counter", "Scans that reached their final state, by outcome.", [
            ("outcome=\"completed\"", "\(c.completed)"),
            ("outcome=\"failed\"", "\(c.failed)"),
            ("outcome=\"verification_failed\"", "\(c.verificationFailures)"),
            ("outcome=\"cancelled\"", "\(c.cancelled)"),
        ])
        metric("sky_verification_failures_total", "counter",
               "Results that differed from their independent recomputation: possible hardware faults.",
               [("", "\(c.verificationFailures)")])
        metric("sky_scans_per_second", "gauge", "Scans finished per second over the last 5 seconds.", [("", number(s.recentRate))])
        metric("sky_scans_per_second_mean", "gauge", "Scans finished per second since the start of the run.", [("", number(s.meanRate))])
        metric("sky_running", "gauge", "1 while the run goes, 0 once it has ended.", [("", s.phase.isFinished || reading.exitStatus != nil ? "0" : "1")])
        metric("sky_scans_running", "gauge", "Scans running now.", [("", "\(c.running)")])
        metric("sky_batch", "gauge", "Scans allowed to run at once.", [("", "\(s.batch)")])
        metric("sky_cores", "gauge", "Cores the run may use.", [("", "\(reading.cores)")])
        metric("sky_elapsed_seconds", "gauge", "Time since the run started.", [("", number(reading.elapsed.seconds))])
        if let remaining = s.remaining(at: reading.elapsed) {
            metric("sky_duration_seconds", "gauge", "The run's --duration.", [("", number(config.duration?.seconds ?? 0))])
            metric("sky_remaining_seconds", "gauge", "Time left before scans stop starting.", [("", number(remaining.seconds))])
        }
        metric("sky_verification_enabled", "gauge", "1 if every result is checked against a recomputation.", [("", config.verify ? "1" : "0")])
        metric("sky_throttled", "gauge", "1 while the recent rate is more than 10% below the first minute's.", [("", reading.throttled ? "1" : "0")])
        metric("sky_pass", "gauge", "1 while the verdict is PASS (so far, or final once sky_running is 0).", [("", reading.passing ? "1" : "0")])
        metric("sky_resident_memory_bytes", "gauge", "Resident memory of the sky process.", [("", "\(reading.residentBytes)")])
        metric("sky_open_fds", "gauge", "Open file descriptors of the sky process.", [("", "\(reading.openDescriptors)")])
        metric("sky_events_dropped_total", "counter", "Events the --events file could not keep up with.", [("", "\(reading.eventsDropped)")])
        if let host = reading.host { renderHost(host, steal: reading.hostSteal, metric: metric, number: number) }
        if let status = reading.exitStatus {
            metric("sky_exit_status", "gauge", "The exit status of the finished run.", [("", "\(status)")])
        }
        return text
    }

    /// `sky_core_…{core="N"}` for each figure the host gives, the throttle counts and the steal.
    private static func renderHost(
        _ host: HostFigures, steal: Double?, metric: (String, String, String, [(labels: String, value: String)]) -> Void,
        number: (Double) -> String
    ) {
        func perCore(_ name: String, _ type: String, _ help: String, _ value: (CoreRow) -> String?) {
            let samples = host.rows.compactMap { row in value(row).map { (labels: "core=\"\(row.first)\"", value: $0) } }
            if !samples.isEmpty { metric(name, type, help, samples) }
        }
        perCore("sky_core_utilisation", "gauge", "Share of the last interval the CPU was busy (/proc/stat).") { $0.utilisation.map(number) }
        perCore("sky_core_mhz", "gauge", "The CPU's current clock in MHz.") { $0.megahertz.map(number) }
        perCore("sky_core_celsius", "gauge", "The CPU's temperature, where the host has a sensor.") { $0.celsius.map(number) }
        perCore("sky_core_verified_total", "counter", "Scans verified on the CPU.") { $0.verified.map { "\($0)" } }
        perCore("sky_core_mismatches_total", "counter", "Results computed on the CPU that differed from their recomputation.") {
            $0.mismatches.map { "\($0)" }
        }
        if let rise = host.throttle {
            metric("sky_throttle_events_total", "counter", "Thermal throttling events since the run started (thermal_throttle counts).", [
                ("scope=\"core\"", "\(rise.core)"), ("scope=\"package\"", "\(rise.package)"),
            ])
        }
        if let steal {
            metric("sky_host_steal_ratio", "gauge", "Share of the host's CPU time stolen by the hypervisor since the run started.", [("", number(steal))])
        }
    }
}
