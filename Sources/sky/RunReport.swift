#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SkyCore
import SkyReport

/// The end of every run, with or without the dashboard: complete the events file, write the final
/// metrics, print the summary, choose the exit status.
struct RunReport {
    let format: OutputFormat
    let eventsFile: EventsFile?
    let replay: String
    var metricsFile: MetricsFile? = nil
    /// `--report-every`, if given.
    var reportEvery: Duration? = nil

    func finish(
        _ summary: RunSummary, signal: Int32?, dashboard: FrameFigures? = nil, observations: RunObservations = RunObservations()
    ) -> ExitStatus {
        var status = Self.status(summary, signal: signal)
        var observations = observations
        if let eventsFile {
            if summary.notStarted > 0 {
                eventsFile.write(EventLine.notStarted(
                    count: summary.notStarted, firstScan: summary.counters.scheduled, time: summary.snapshot.elapsed))
            }
            if let failure = eventsFile.close() {
                StandardError.write("sky: error: could not write the events file: \(failure)\n")
                if status == .success { status = .outputIncomplete }
            }
            observations.eventsDropped = eventsFile.dropped
            if eventsFile.dropped > 0 && status == .success { status = .outputIncomplete }
        }
        if let metricsFile {
            let verdict = Verdict(summary, signal: signal)
            var reading = RunWatch.reading(summary.snapshot, elapsed: summary.snapshot.elapsed, exitStatus: status.code, passing: verdict.passed)
            reading.throttled = observations.throttle?.active ?? false
            reading.eventsDropped = observations.eventsDropped
            do {
                try metricsFile.write(reading)
            } catch {
                StandardError.write("sky: error: could not write the metrics file: \(error)\n")
                if status == .success { status = .outputIncomplete }
            }
        }
        switch format {
        case .text: print(TextSummary.format(summary, replay: replay, dashboard: dashboard, observations: observations))
        case .json: print(JSONSummary(summary, exitStatus: status.code, dashboard: dashboard, observations: observations).encoded())
        }
        return status
    }

    /// A verification failure (a possible hardware fault) outranks everything; then a signal, then
    /// a failure that stopped the run.
    static func status(_ summary: RunSummary, signal: Int32?) -> ExitStatus {
        if summary.counters.verificationFailures > 0 { return .verificationFailure }
        if let signal { return ExitStatus(stoppedBy: signal) }
        return summary.ending.isFailure ? .failure : .success
    }

    /// Progress lines go to stdout in text mode; in JSON mode stdout carries only the summary.
    func progress(_ line: String) {
        switch format {
        case .text:
            print(line)
            fflush(nil)
        case .json:
            StandardError.write(line + "\n")
        }
    }

    /// Interval lines go to stdout in either format: in JSON mode, stdout is then JSON Lines, the
    /// intervals and then the summary.
    func output(_ line: String) {
        print(line)
        fflush(nil)
    }
}
