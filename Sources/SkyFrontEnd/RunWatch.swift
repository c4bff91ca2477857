import SkyCore
import SkyHost
import SkyFormat
import SkySoak
import SkyReport

/// Watches a run from its loop, headless or with the dashboard: closes the reporting intervals
/// (printed with `--report-every` when headless), rewrites the metrics file at each one, samples
/// the trace's counters, and warns once of throttling and of an events file or a trace that cannot
/// keep up. The loop calls `tick` often; it costs a clock comparison unless an interval is due.
///
/// The host's CPUs are sampled at the start, at each interval's close and at the end (and for the
/// dashboard at most once a second), never per scan: the throttle counts name the cause of a fall
/// in the rate, and soak runs report a row per core.
struct RunWatch {
    /// `--report-every`: from a tenth of a second to a day.
    static let intervalRange = Duration.milliseconds(100) ... .seconds(24 * 3600)
    /// Without `--report-every`, intervals of this length are still kept for the summary and the
    /// metrics file, but not printed.
    static let defaultInterval: Duration = .seconds(10)

    let report: RunReport
    let cores: Int
    /// Interval lines go to the output (headless runs with `--report-every`).
    let printsIntervals: Bool
    /// Warnings go to stderr at once; not under the dashboard, whose screen they would break
    /// (the summary carries them after it closes).
    let warnsAtOnce: Bool
    private var recorder: IntervalRecorder
    /// The streamed files already warned about, by name.
    private var droppedReported: Set<String> = []
    private var throttleReported = false
    private var metricsFailureReported = false
    /// The host's CPUs and sensors, found once: at the start when the run reports them, else at the
    /// first interval's close (only a throttle warning's cause needs them then, and a run's start
    /// stays as quick as it was).
    private var probe: HostProbe?
    private var host = HostWatch(missing: [])
    /// Per-core rows go to the interval lines, the metrics file and the summary: a soak (results
    /// verified), or a run asked for interval lines or a metrics file.
    let reportsHost: Bool
    private var throttleCause: ThrottleCause?
    /// The dashboard's own latest sample, and when it was read.
    private var live: (at: Duration, sample: HostSample)?
    /// Whether the host has been read for the run's end (`close`), and the figures of that reading
    /// since the one before.
    private var closed = false
    private var closingFigures: HostFigures?
    /// The host and this process at the run's start, and the load since then, read at most once
    /// a second: the dashboard says beside its figures when the machine is busy.
    private let loadAtStart = HostLoad.read()
    /// When the run ended on the wall clock, for the summary's stamp (it starts at the report's
    /// `started`): taken when the run ends (`close`), not when the dashboard's done screen is left.
    private var endedAt: UTCTime?
    private var load: (at: Duration, load: HostLoad?) = (.zero, nil)

    init(report: RunReport, cores: Int, headless: Bool, verify: Bool) {
        self.report = report
        self.cores = cores
        printsIntervals = headless && report.reportEvery != nil
        warnsAtOnce = headless
        recorder = IntervalRecorder(every: report.reportEvery ?? Self.defaultInterval, cores: cores)
        reportsHost = verify || report.reportEvery != nil || report.metricsFile != nil
        guard reportsHost else { return }
        let counts = Self.coreCounts(nil)
        observeHost(at: .zero, verified: counts.verified, mismatches: counts.mismatches)
        if printsIntervals, report.format == .text, let missing = HostLine.missingLine(host.missing) {
            report.output(missing)
        }
    }

    /// Reads the host, finding its CPUs and sensors first if this is the first time; returns the
    /// figures since the reading before.
    @discardableResult
    private mutating func observeHost(at elapsed: Duration, verified: [Int], mismatches: [Int]) -> HostFigures? {
        if probe == nil {
            let found = HostProbe()
            probe = found
            host = HostWatch(missing: found.missingReasons)
        }
        return host.observe(probe!.sample(), at: elapsed, verified: verified, mismatches: mismatches)
    }

    /// The engine's per-core counts since the start, indexed by CPU number: scans verified on each
    /// CPU, and results that did not match their recomputation. Empty arrays: not counted.
    static func coreCounts(_ snapshot: ScanSnapshot?) -> (verified: [Int], mismatches: [Int]) {
        guard let counts = snapshot?.coreCounts else { return ([], []) }
        return (counts.verified, counts.mismatches)
    }

    mutating func tick(_ snapshot: ScanSnapshot, at elapsed: Duration) {
        if elapsed - load.at >= .seconds(1) { load = (elapsed, HostLoad(from: loadAtStart, to: HostLoad.read())) }
        report.traceFile?.sample(snapshot, at: elapsed)
        report.eventsFile?.sample(snapshot, at: elapsed)
        // At once, not at the next interval: a short run would otherwise end before the warning.
        let dropped = report.dropped
        if warnsAtOnce {
            for (file, count) in [(OutputLoss.eventsFile, dropped.events), (OutputLoss.traceFile, dropped.trace ?? 0)]
            where count > 0 && !droppedReported.contains(file) {
                droppedReported.insert(file)
                StandardError.write("sky: warning: \(file) cannot keep up; events are being left out (counted at the end)\n")
            }
        }
        guard let interval = recorder.observe(snapshot, at: elapsed, residentBytes: ProcessFigures.residentBytes()) else { return }
        let counts = Self.coreCounts(snapshot)
        let figures = observeHost(at: elapsed, verified: counts.verified, mismatches: counts.mismatches)
        emit(interval, host: figures, cause: host.cause)
        writeMetrics(snapshot, at: elapsed, host: figures)
        if let throttle = recorder.throttle.warning, throttle.active, throttleCause == nil {
            // Named when the rate first falls: the counts' rise over the minute before it.
            throttleCause = host.cause
            if warnsAtOnce && !throttleReported {
                throttleReported = true
                let line = RunObservations(throttle: throttle, throttleCause: throttleCause).throttleLine ?? ""
                StandardError.write("sky: \(line)\n")
            }
        }
    }

    /// For the dashboard: the host's rows over the last second or more, sampled at most once a
    /// second; `nil` between samples (and at the first, which has nothing to compare with).
    mutating func sampleLive(_ snapshot: ScanSnapshot, at elapsed: Duration) -> HostFigures? {
        guard reportsHost else { return nil }
        if let live, elapsed - live.at < .seconds(1) { return nil }
        guard let sample = probe?.sample() else { return nil }
        defer { live = (elapsed, sample) }
        guard let live else { return nil }
        let counts = Self.coreCounts(snapshot)
        return HostFigures(
            rows: CoreRows.rows(from: live.sample, to: sample, verified: counts.verified, mismatches: counts.mismatches),
            missing: host.missing, throttle: sample.throttle.flatMap { now in host.first?.throttle.map { now.since($0) } })
    }

    /// What the loop has observed so far that bears on the verdict and the warnings: the streamed
    /// files' losses, the host's steal and the throttle warning with its cause. The dashboard
    /// judges its verdict by it, as the summary does by `finish`'s.
    func sofar() -> RunObservations {
        let dropped = report.dropped
        var observations = RunObservations(
            throttle: recorder.throttle.warning, throttleCause: throttleCause, eventsDropped: dropped.events,
            traceDropped: dropped.trace, hostSteal: reportsHost ? host.steal : nil)
        // A failed write makes the run untrustworthy now, not at its end: an 8-hour soak's
        // metrics tell it within a second.
        observations.events.failure = report.eventsFile?.failure
        observations.trace?.failure = report.traceFile?.failure
        observations.hostLoad = load.load
        return observations
    }

    /// Reads the host for the run's end, once: the dashboard calls it at its first finished frame,
    /// so that the verdict it then shows and the summary's weigh the same steal.
    mutating func close(_ snapshot: ScanSnapshot) {
        guard !closed else { return }
        closed = true
        endedAt = UTCTime.now()
        guard reportsHost else { return }
        let counts = Self.coreCounts(snapshot)
        closingFigures = observeHost(at: snapshot.elapsed, verified: counts.verified, mismatches: counts.mismatches)
    }

    /// Closes the last interval and returns what was observed, for the summary.
    mutating func finish(_ summary: RunSummary, signal: Int32?) -> RunObservations {
        let counts = Self.coreCounts(summary.snapshot)
        close(summary.snapshot)
        if let interval = recorder.finish(summary.snapshot, residentBytes: ProcessFigures.residentBytes()) {
            emit(interval, host: closingFigures, cause: reportsHost ? host.cause : nil)
        }
        let dropped = report.dropped
        var observations = RunObservations(
            intervals: recorder.intervals, throttle: recorder.throttle.warning, throttleCause: throttleCause,
            eventsDropped: dropped.events, traceDropped: dropped.trace, signal: signal,
            host: reportsHost ? host.run(verified: counts.verified, mismatches: counts.mismatches) : nil,
            hostSteal: reportsHost ? host.steal : nil,
            stamp: RunStamp(host: HostDescription.current(), started: report.started, ended: endedAt ?? UTCTime.now()), cores: cores)
        observations.hostLoad = HostLoad(from: loadAtStart, to: HostLoad.read())
        return observations
    }

    /// `cause`: what the throttle counts said over the minute before the interval's end.
    private func emit(_ interval: IntervalFigures, host figures: HostFigures?, cause: ThrottleCause?) {
        guard printsIntervals else { return }
        let number = recorder.closedCount
        let figures = reportsHost ? figures : nil
        switch report.format {
        case .text: report.output(IntervalLine.text(interval, number: number, host: figures, cause: cause))
        case .json: report.output(IntervalLine.json(interval, number: number, host: figures, cause: cause))
        }
    }

    private mutating func writeMetrics(_ snapshot: ScanSnapshot, at elapsed: Duration, host figures: HostFigures?) {
        guard let file = report.metricsFile else { return }
        var reading = Self.reading(
            snapshot, elapsed: elapsed, cores: cores, started: report.started, verdict: Verdict.sofar(snapshot, observations: sofar()).result)
        reading.throttled = recorder.throttle.warning?.active ?? false
        (reading.eventsDropped, reading.traceDropped) = report.dropped
        if reportsHost, var figures {
            // The counts since the start, as a Prometheus counter is.
            figures.throttle = host.throttleSinceStart
            reading.host = figures
            reading.hostSteal = host.steal
        }
        do {
            try file.write(reading)
            LastResort.remember(reading, in: file)
        } catch {
            guard !metricsFailureReported, warnsAtOnce else { return }
            metricsFailureReported = true
            StandardError.write("sky: warning: \(error); the run goes on\n")
        }
    }

    /// The metrics of `snapshot` as of `elapsed`, with this process's memory and descriptors.
    static func reading(
        _ snapshot: ScanSnapshot, elapsed: Duration, cores: Int = Cores.active, started: UTCTime, exitStatus: Int32? = nil,
        verdict: Verdict.Result
    ) -> MetricsReading {
        MetricsReading(
            snapshot: snapshot, elapsed: elapsed, cores: cores, residentBytes: ProcessFigures.residentBytes(),
            openDescriptors: ProcessFigures.openDescriptors(), throttled: false, eventsDropped: 0, started: started,
            exitStatus: exitStatus, verdict: verdict)
    }
}
