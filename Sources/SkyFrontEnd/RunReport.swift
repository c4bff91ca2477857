#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SkyCore
import SkyFormat
import SkySoak
import SkyReport

/// The end of every run, with or without the dashboard: complete the events file and the trace,
/// write the final metrics, print the summary, choose the exit status.
struct RunReport {
    let format: OutputFormat
    let eventsFile: EventsFile?
    let replay: String
    var metricsFile: MetricsFile? = nil
    /// `--report-every`, if given.
    var reportEvery: Duration? = nil
    var traceFile: TraceFile? = nil
    /// A lesson's own record of the run's events, from which it answers (`sky lesson`).
    var lessonRecord: ScanEventBuffer? = nil
    /// Whether a verdict chooses the exit status: not in a lesson, whose runs are cancelled and
    /// thrown on purpose, and whose answers say what each run did instead.
    var verdict = true
    /// Whom the text summary is for (`TextSummary.format`): `nil` for the summary's own choice,
    /// which follows `--verify`.
    var view: SummaryView? = nil
    /// When the run started on the wall clock, as the summary's stamp and the metrics file say it
    /// (a comparison's runs share a report, but its table has no stamp).
    var started = UTCTime.now()

    /// The sinks that keep the run's events: its files, and a lesson's record.
    var sinks: [any ScanEventSink] {
        var sinks: [any ScanEventSink] = []
        if let eventsFile { sinks.append(eventsFile) }
        if let traceFile { sinks.append(traceFile) }
        if let lessonRecord { sinks.append(lessonRecord) }
        return sinks
    }

    /// Records the files streamed so far have had to leave out, as the observations count them.
    var dropped: (events: Int, trace: Int?) { (eventsFile?.dropped ?? 0, traceFile?.dropped) }

    /// Completes the files, prints the summary and returns the exit status. Each output that lost
    /// something says so in one line on stderr and makes the verdict UNTRUSTWORTHY; a run that
    /// otherwise passed then exits 74, or 141 if stdout's reader went away (as a pipeline expects).
    func finish(
        _ summary: RunSummary, signal: Int32?, dashboard: FrameFigures? = nil, observations: RunObservations = RunObservations()
    ) -> ExitStatus {
        let ended = observations.stamp?.ended ?? .now()
        var observations = observations
        // Should closing the files hang (an events FIFO whose reader never reads), a signal's last
        // words give the metrics file the run's final counts.
        if let metricsFile {
            let sofar = Verdict.sofar(summary.snapshot, observations: observations).result
            LastResort.remember(
                RunWatch.reading(summary.snapshot, elapsed: summary.snapshot.elapsed, started: started, verdict: sofar), in: metricsFile)
        }
        if let eventsFile {
            if summary.notStarted > 0 {
                eventsFile.write(EventLine.notStarted(
                    count: summary.notStarted, firstScan: summary.counters.scheduled, time: summary.snapshot.elapsed))
            }
            observations.events.failure = eventsFile.close()
            observations.events.dropped = eventsFile.dropped
        }
        if let traceFile {
            let failure = traceFile.close(at: summary.snapshot.elapsed)
            observations.trace = OutputLoss(file: OutputLoss.traceFile, dropped: traceFile.dropped, failure: failure)
        }
        // Known before the summary is written, so the summary tells the verdict and the status.
        // stdout's own line on stderr waits until the summary's write shows what was lost.
        let stdoutLoss = StandardOutput.failure.map { "stdout lost output (\($0))" }
        if let stdoutLoss { observations.otherLosses.append(stdoutLoss) }
        var judged = Verdict(summary, observations: observations)
        var status = Self.status(summary, verdict: verdict ? judged : nil, signal: signal, outputLost: !observations.lossLines.isEmpty)
        var statusInMetrics: ExitStatus?
        func writeMetrics() -> Bool {
            guard let metricsFile else { return true }
            var reading = RunWatch.reading(
                summary.snapshot, elapsed: summary.snapshot.elapsed, started: started, exitStatus: status.code,
                verdict: judged.result.told(by: status))
            reading.ended = ended
            reading.throttled = observations.throttle?.active ?? false
            reading.eventsDropped = observations.events.dropped
            reading.traceDropped = observations.trace?.dropped
            reading.host = observations.host
            reading.hostSteal = observations.hostSteal
            do {
                try metricsFile.write(reading)
                LastResort.remember(reading, in: metricsFile)
                statusInMetrics = status
                return true
            } catch {
                observations.otherLosses.append("could not write the metrics file: \(error)")
                return false
            }
        }
        if !writeMetrics() {
            judged = Verdict(summary, observations: observations)
            status = Self.status(summary, verdict: verdict ? judged : nil, signal: signal, outputLost: true)
        }
        for line in observations.lossLines where line != stdoutLoss { StandardError.write("sky: error: \(line)\n") }
        var text = switch format {
        case .text: TextSummary.format(summary, replay: replay, dashboard: dashboard, observations: observations, view: view)
        case .json: JSONSummary(summary, exitStatus: status.code, dashboard: dashboard, observations: observations).encoded()
        }
        // A teaching run prints no verdict, so the one thing a verdict would have said of a
        // cancelled run, that it is no finished one, goes with its status.
        if format == .text, !(view ?? .of(summary.configuration)).judges, status == .untrustworthy, summary.ending == .cancelled {
            text += "\n  exit status \(status.code): the run was cancelled before its end, so it counts as no finished run"
        }
        let written = StandardOutput.write(text + "\n")
        if let failure = StandardOutput.failure {
            let lost = written ? "some progress lines are lost" : "the summary is lost"
            StandardError.write("sky: error: could not write to stdout (\(failure)): \(lost)\n")
            if status == .success || status == .untrustworthy { status = .outputIncomplete }
        } else if !written && signal == nil && status != .verificationFailure {
            // stdout's reader went away: a broken pipe, which outranks a verdict as a signal does.
            status = .brokenPipe
        }
        // The metrics file must tell the status sky exits with.
        if let statusInMetrics, statusInMetrics != status { _ = writeMetrics() }
        return status
    }

    /// A verification failure (a possible hardware fault) outranks everything; then a signal, then
    /// what failed the run, then an output that lost something, then any other doubt. `verdict` is
    /// `nil` for a lesson's runs, which are cancelled and thrown on purpose and judge nothing.
    static func status(_ summary: RunSummary, verdict: Verdict?, signal: Int32?, outputLost: Bool) -> ExitStatus {
        if summary.counters.verificationFailures > 0 { return .verificationFailure }
        if let signal { return ExitStatus(stoppedBy: signal) }
        guard let verdict else {
            if summary.ending.isFailure { return .failure }
            return outputLost ? .outputIncomplete : .success
        }
        switch verdict.result {
        case .fail: return .failure
        case .untrustworthy: return outputLost ? .outputIncomplete : .untrustworthy
        case .pass: return .success
        }
    }

    /// Progress lines go to stdout in text mode; in JSON mode stdout carries only the summary.
    func progress(_ line: String) {
        switch format {
        case .text:
            StandardOutput.write(line + "\n")
        case .json:
            StandardError.write(line + "\n")
        }
    }

    /// Interval lines go to stdout in either format: in JSON mode, stdout is then JSON Lines, the
    /// intervals and then the summary.
    func output(_ line: String) {
        StandardOutput.write(line + "\n")
    }
}
