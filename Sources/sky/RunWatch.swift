import SkyCore
import SkyReport

/// Watches a run from its loop, headless or with the dashboard: closes the reporting intervals
/// (printed with `--report-every` when headless), rewrites the metrics file at each one, samples
/// the trace's counters, and warns once of throttling and of an events file or a trace that cannot
/// keep up. The loop calls `tick` often; it costs a clock comparison unless an interval is due.
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

    init(report: RunReport, cores: Int, headless: Bool) {
        self.report = report
        self.cores = cores
        printsIntervals = headless && report.reportEvery != nil
        warnsAtOnce = headless
        recorder = IntervalRecorder(every: report.reportEvery ?? Self.defaultInterval, cores: cores)
    }

    mutating func tick(_ snapshot: ScanSnapshot, at elapsed: Duration) {
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
        emit(interval)
        writeMetrics(snapshot, at: elapsed)
        if let throttle = recorder.throttle.warning, throttle.active, !throttleReported, warnsAtOnce {
            throttleReported = true
            let line = RunObservations(throttle: throttle).throttleLine ?? ""
            StandardError.write("sky: \(line)\n")
        }
    }

    /// Closes the last interval and returns what was observed, for the summary.
    mutating func finish(_ summary: RunSummary, signal: Int32?) -> RunObservations {
        if let interval = recorder.finish(summary.snapshot, residentBytes: ProcessFigures.residentBytes()) { emit(interval) }
        let dropped = report.dropped
        return RunObservations(
            intervals: recorder.intervals, throttle: recorder.throttle.warning, eventsDropped: dropped.events, traceDropped: dropped.trace,
            signal: signal, hostName: HostName.current, cores: cores)
    }

    private func emit(_ interval: IntervalFigures) {
        guard printsIntervals else { return }
        let number = recorder.closedCount
        switch report.format {
        case .text: report.output(IntervalLine.text(interval, number: number))
        case .json: report.output(IntervalLine.json(interval, number: number))
        }
    }

    private mutating func writeMetrics(_ snapshot: ScanSnapshot, at elapsed: Duration) {
        guard let file = report.metricsFile else { return }
        var reading = Self.reading(snapshot, elapsed: elapsed, cores: cores)
        reading.throttled = recorder.throttle.warning?.active ?? false
        reading.eventsDropped = report.eventsFile?.dropped ?? 0
        do {
            try file.write(reading)
        } catch {
            guard !metricsFailureReported, warnsAtOnce else { return }
            metricsFailureReported = true
            StandardError.write("sky: warning: \(error); the run goes on\n")
        }
    }

    /// The metrics of `snapshot` as of `elapsed`, with this process's memory and descriptors.
    static func reading(_ snapshot: ScanSnapshot, elapsed: Duration, cores: Int = Cores.active, exitStatus: Int32? = nil, passing: Bool? = nil) -> MetricsReading {
        MetricsReading(
            snapshot: snapshot, elapsed: elapsed, cores: cores, residentBytes: ProcessFigures.residentBytes(),
            openDescriptors: ProcessFigures.openDescriptors(), throttled: false, eventsDropped: 0, exitStatus: exitStatus,
            passing: passing ?? Verdict.sofar(snapshot).passed)
    }
}
