import SkyCore
import SkyHost
import SkyFormat
import SkySoak

/// The exposition text, in Prometheus's idioms: base units named as suffixes (`_seconds`,
/// `_bytes`, `_hertz`, `_celsius`, `_ratio`), `_total` on counters, an `_info` metric of 1 for
/// what identifies the run, the batch job's `_timestamp_seconds`, and per-CPU figures labelled
/// `cpu` as node_exporter's `node_cpu_seconds_total{cpu="0"}` is, so the two join on
/// `instance` and `cpu`.
extension MetricsFile {
    /// `carrying`: the last success of the file it replaces, written unless `reading` is a success.
    public func render(_ reading: MetricsReading, carrying lastSuccess: Int64? = nil) -> String {
        var text = MetricsText()
        identify(reading, carrying: lastSuccess, into: &text)
        Self.count(reading, into: &text)
        Self.describeRun(reading, into: &text)
        if let host = reading.host { Self.describe(host, steal: reading.hostSteal, into: &text) }
        return text.text
    }

    /// Which sky, on which host, when, and with what verdict.
    private func identify(_ reading: MetricsReading, carrying previousSuccess: Int64?, into text: inout MetricsText) {
        text.metric("sky_build_info", "gauge", "Always 1: the labels say which sky wrote the file.", [
            ([("version", SkyVersion.current)], "1"),
        ])
        let labels = [("host", host.name), ("kernel", host.kernel), ("cpu_model", host.cpuModel)].compactMap { name, value in
            value.map { (name, $0) }
        }
        text.metric("sky_host_info", "gauge", "Always 1: the labels say which machine the run is on, as its summary does.", [(labels, "1")])
        text.metric("sky_run_start_timestamp_seconds", "gauge", "When the run started, in seconds since the epoch.", [
            ([], "\(reading.started.secondsSinceEpoch)"),
        ])
        if let ended = reading.ended {
            text.metric("sky_run_end_timestamp_seconds", "gauge", "When the run ended, in seconds since the epoch.", [
                ([], "\(ended.secondsSinceEpoch)"),
            ])
        }
        if let lastSuccess = reading.succeeded ? reading.ended?.secondsSinceEpoch : previousSuccess {
            text.metric(LastSuccess.metric, "gauge", "When a run on this file last passed, in seconds since the epoch (kept by the runs after it).", [
                ([], "\(lastSuccess)"),
            ])
        }
        text.metric("sky_verdict", "gauge", "1 for the verdict so far (final once sky_running is 0), 0 for the others.",
                    Verdict.Result.allCases.map { ([("verdict", $0.rawValue)], $0 == reading.verdict ? "1" : "0") })
        text.metric("sky_running", "gauge", "1 while the run goes, 0 once it has ended.", [
            ([], reading.snapshot.phase.isFinished || reading.exitStatus != nil ? "0" : "1"),
        ])
        if let status = reading.exitStatus {
            text.metric("sky_exit_status", "gauge", "The exit status of the finished run.", [([], "\(status)")])
        }
    }

    /// The scans: by outcome, their run times, their rates.
    private static func count(_ reading: MetricsReading, into text: inout MetricsText) {
        let s = reading.snapshot
        let c = s.counters
        text.metric("sky_scans_total", "counter", "Scans that reached their final state, by outcome.", [
            ("completed", c.completed), ("failed", c.failed), ("verification_failed", c.verificationFailures), ("cancelled", c.cancelled),
        ].map { ([("outcome", $0)], "\($1)") })
        text.metric("sky_verification_failures_total", "counter",
                    "Results that differed from their independent recomputation: possible hardware faults.",
                    [([], "\(c.verificationFailures)")])
        text.histogram("sky_scan_duration_seconds", "Each finished scan's run time, its child's first line to its last.", s.runBuckets)
        text.metric("sky_scans_per_second", "gauge", "Scans finished per second over the last 5 seconds.", [([], MetricsText.number(s.recentRate))])
        text.metric("sky_scans_per_second_mean", "gauge", "Scans finished per second since the start of the run.", [([], MetricsText.number(s.meanRate))])
        text.metric("sky_scans_running", "gauge", "Scans running now.", [([], "\(c.running)")])
    }

    /// The run's settings and its process.
    private static func describeRun(_ reading: MetricsReading, into text: inout MetricsText) {
        let s = reading.snapshot
        text.metric("sky_batch", "gauge", "Scans allowed to run at once.", [([], "\(s.batch)")])
        text.metric("sky_cores", "gauge", "Cores the run may use.", [([], "\(reading.cores)")])
        text.metric("sky_elapsed_seconds", "gauge", "Time since the run started.", [([], MetricsText.number(reading.elapsed.seconds))])
        if let remaining = s.remaining(at: reading.elapsed) {
            text.metric("sky_duration_seconds", "gauge", "The run's --duration.", [([], MetricsText.number(s.configuration.duration?.seconds ?? 0))])
            text.metric("sky_remaining_seconds", "gauge", "Time left before scans stop starting.", [([], MetricsText.number(remaining.seconds))])
        }
        text.metric("sky_verification_enabled", "gauge", "1 if every result is checked against a recomputation.", [
            ([], s.configuration.verify ? "1" : "0"),
        ])
        text.metric("sky_throttled", "gauge", "1 while the recent rate is more than 10% below the first minute's.", [
            ([], reading.throttled ? "1" : "0"),
        ])
        text.metric("sky_resident_memory_bytes", "gauge", "Resident memory of the sky process.", [([], "\(reading.residentBytes)")])
        text.metric("sky_open_fds", "gauge", "Open file descriptors of the sky process.", [([], "\(reading.openDescriptors)")])
        let dropped = [("events", reading.eventsDropped), reading.traceDropped.map { ("trace", $0) }].compactMap { $0 }
        text.metric("sky_dropped_events_total", "counter", "Events the --events file (and the --trace file, with one) could not keep up with.",
                    dropped.map { ([("file", $0)], "\($1)") })
    }

    /// `sky_cpu_…{cpu="N"}` for each figure the host gives, the throttle counts and the steal.
    private static func describe(_ host: HostFigures, steal: Double?, into text: inout MetricsText) {
        func perCPU(_ name: String, _ type: String, _ help: String, _ value: (CoreRow) -> String?) {
            let samples = host.rows.compactMap { row in value(row).map { ([("cpu", "\(row.first)")], $0) } }
            if !samples.isEmpty { text.metric(name, type, help, samples) }
        }
        let number = MetricsText.number
        perCPU("sky_cpu_utilisation_ratio", "gauge", "Share of the last interval the CPU was busy (/proc/stat).") { $0.utilisation.map(number) }
        perCPU("sky_cpu_frequency_hertz", "gauge", "The CPU's current clock.") { $0.megahertz.map { "\(Int(($0 * 1e6).rounded()))" } }
        perCPU("sky_cpu_temperature_celsius", "gauge", "The CPU's temperature, where the host has a sensor.") { $0.celsius.map(number) }
        perCPU("sky_cpu_verified_scans_total", "counter", "Scans verified on the CPU.") { $0.verified.map { "\($0)" } }
        perCPU("sky_cpu_verification_failures_total", "counter", "Results computed on the CPU that differed from their recomputation.") {
            $0.mismatches.map { "\($0)" }
        }
        if let rise = host.throttle {
            text.metric("sky_throttle_events_total", "counter", "Thermal throttling events since the run started (thermal_throttle counts).", [
                ([("scope", "core")], "\(rise.core)"), ([("scope", "package")], "\(rise.package)"),
            ])
        }
        if let steal {
            text.metric("sky_host_steal_ratio", "gauge", "Share of the host's CPU time stolen by the hypervisor since the run started.", [
                ([], number(steal)),
            ])
        }
    }
}

/// Prometheus text (format 0.0.4) as it is built: each metric's HELP and TYPE, then its samples.
struct MetricsText {
    typealias Sample = (labels: [(String, String)], value: String)
    private(set) var text = ""

    mutating func metric(_ name: String, _ type: String, _ help: String, _ samples: [Sample]) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        for sample in samples { line(name, sample) }
    }

    /// `NAME_bucket{le="…"}` for each bound and `+Inf`, then `NAME_sum` and `NAME_count`.
    mutating func histogram(_ name: String, _ help: String, _ buckets: RunTimeBuckets) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) histogram\n"
        for (bound, count) in zip(RunTimeBuckets.bounds, buckets.atMost) {
            line(name + "_bucket", ([("le", Self.bound(bound))], "\(count)"))
        }
        line(name + "_bucket", ([("le", "+Inf")], "\(buckets.count)"))
        line(name + "_sum", ([], Self.number(buckets.sum.seconds)))
        line(name + "_count", ([], "\(buckets.count)"))
    }

    private mutating func line(_ name: String, _ sample: Sample) {
        text += name
        if !sample.labels.isEmpty {
            text += "{" + sample.labels.map { "\($0)=\"\(Self.escaped($1))\"" }.joined(separator: ",") + "}"
        }
        text += " \(sample.value)\n"
    }

    static func number(_ value: Double) -> String { value.isFinite ? FixedPoint.fixed(value, places: 6) : "0" }

    /// A bound as the client libraries write `le`: `0.005`, `1`, `100`.
    static func bound(_ bound: Duration) -> String {
        let text = String(bound.seconds)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A label value with its backslashes, double quotes and line feeds escaped, as the format
    /// asks: a host's name or CPU model may hold any of them.
    static func escaped(_ value: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\".unicodeScalars
            case "\"": escaped += "\\\"".unicodeScalars
            case "\n": escaped += "\\n".unicodeScalars
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
