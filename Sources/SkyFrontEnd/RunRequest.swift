import ArgumentParser
import SkyCore
import SkyHost
import SkyFormat
import SkySoak
import SkyReport
import SkyTUI

/// A run as the command line asks for it: the options given, with `sky`'s or `sky soak`'s
/// defaults for the ones left out. It runs with the dashboard when stdin and stdout are a
/// terminal that can show it, and headless otherwise.
struct RunRequest {
    let scans: RunOptions
    let output: ReportOptions
    let single: SingleRunOptions
    /// `sky`'s or `sky soak`'s.
    let defaults: RunDefaults

    /// Runs to the end, then throws the exit status.
    func execute() throws {
        throw try perform().status.exitCode
    }

    /// Runs to the end and returns the exit status, whether to go on (a headless run always does;
    /// on the dashboard, a lesson's part goes on when the user asks for the next part), and the
    /// configuration that ran. `lesson` and `record`: the run is that part of a lesson, which
    /// answers from `record`.
    func perform(
        lesson: LessonStage? = nil, record: ScanEventBuffer? = nil
    ) throws -> (status: ExitStatus, goesOn: Bool, configuration: RunConfiguration) {
        let configuration = try makeConfiguration()
        if let problem = configuration.problem { throw ValidationError(problem.description) }
        if let problem = RunResources.problem(
            streamedOutputs: [single.events, single.trace].compactMap { $0 }.count, metricsFile: single.metricsFile != nil) {
            StandardError.write("sky: error: \(problem)\n")
            throw ExitStatus.noResources.exitCode
        }
        // Every output is opened before the run, so a bad path is a usage error rather than a lost
        // run; and none is emptied until all have opened, so a refused run leaves each as it was.
        let eventsClaim = try Self.claim("--events", single.events, file: "events")
        let traceClaim: OutputClaim?
        do {
            traceClaim = try Self.claim("--trace", single.trace, file: "trace")
        } catch {
            eventsClaim?.release()
            throw error
        }
        // The metrics file is replaced at each write, so its hold on the path is a lock beside it.
        let metricsLock: MetricsLock?
        do {
            metricsLock = try single.metricsFile.map { path throws(StreamedFile.OpenError) in try MetricsLock(metricsFile: path) }
        } catch {
            eventsClaim?.release()
            traceClaim?.release()
            throw ValidationError("--metrics-file: \(error)")
        }
        defer { metricsLock?.release() }
        let started = UTCTime.now()
        let metrics = single.metricsFile.map { MetricsFile(path: $0, host: .current()) }
        if let metrics {
            // Written once before the run, for the same reason: the last thing that may refuse it.
            do {
                let before = ScanSnapshot(configuration: configuration)
                let reading = RunWatch.reading(
                    before, elapsed: .zero, started: started, verdict: Verdict.sofar(before, observations: RunObservations()).result)
                try metrics.write(reading)
                LastResort.remember(reading, in: metrics)
            } catch {
                eventsClaim?.release()
                traceClaim?.release()
                throw ValidationError("--metrics-file: \(error)")
            }
        }
        let eventsFile = eventsClaim.map { EventsFile(claim: $0, configuration: configuration, cores: Cores.active) }
        let traceFile = traceClaim.map { TraceFile(claim: $0, configuration: configuration) }
        var report = RunReport(
            format: output.format, eventsFile: eventsFile, replay: configuration.replayCommand, metricsFile: metrics,
            reportEvery: single.reportEvery, traceFile: traceFile)
        report.lessonRecord = record
        report.started = started
        report.verdict = lesson == nil
        // A soak is the operator's run, even with --no-verify; a lesson never is.
        report.view = lesson != nil ? .teaching : defaults.verify ? .soak : nil
        if !output.noTUI && Terminal.stdinIsTerminal && Terminal.stdoutIsTerminal {
            let info = RunInfo(
                cores: Cores.active, counters: single.counters, rerunRefusal: single.rerunRefusal(format: output.format), lesson: lesson,
                soak: report.view == .soak ? SoakInfo(host: HostDescription.currentName) : nil)
            let dashboard = DashboardRun(
                configuration: configuration, report: report, info: info,
                colors: !output.noColor && !Terminal.noColorRequested, exitOnDone: output.exitOnDone, explain: single.explain,
                projector: single.projector)
            if let outcome = dashboard.execute() { return (outcome.status, outcome.goesOn, configuration) }
            StandardError.write("sky: this terminal cannot show the dashboard (TERM=\(Terminal.type)); running headless\n")
        }
        return (HeadlessRun(configuration: configuration, report: report).execute(), true, configuration)
    }

    /// Claims the streamed file `flag` names, if it names one. A path that cannot be opened is bad
    /// input; a signal while a FIFO waited for its reader stops sky with the signal's status.
    private static func claim(_ flag: String, _ path: String?, file: String) throws -> OutputClaim? {
        guard let path else { return nil }
        do {
            return try OutputClaim(path: path, file: file, stopWaiting: SignalTrap.take)
        } catch {
            if case .stopped(_, let signal, _) = error {
                // Not bad input: stopped while a FIFO waited for its reader, before anything ran.
                StandardError.write("sky: \(error)\n")
                throw ExitStatus(stoppedBy: signal).exitCode
            }
            throw ValidationError("\(flag): \(error)")
        }
    }

    /// The run asked for, with the defaults for the options left out; whether it can run is
    /// `RunConfiguration.problem`'s to say.
    func makeConfiguration() throws -> RunConfiguration {
        var total = scans.total
        var duration = scans.duration
        if total == nil && duration == nil {
            switch defaults.bound {
            case .scans(let count): total = count
            case .time(let time): duration = time
            }
        }
        return RunConfiguration(
            total: total, duration: duration, batch: (scans.batch ?? defaults.batch).resolved(),
            seed: scans.seed ?? UInt64.random(in: 0...UInt64(UInt32.max)), failureRate: scans.failureRate ?? defaults.failureRate,
            priorityMix: scans.priorities, work: scans.work, failFast: scans.failFast, strategy: scans.strategy, errors: scans.errors,
            speed: scans.speed, spacing: scans.spacing, yields: !scans.noYield, verify: scans.verify ?? defaults.verify,
            corruptionRate: scans.injectCorruption, cancelAfter: scans.cancelAfter, ignoreCancellationRate: scans.ignoreCancellation,
            take: scans.take, taskBag: scans.taskBag, catalogue: scans.catalogue, cancelCheck: scans.cancelCheck, detached: scans.detached)
    }
}
