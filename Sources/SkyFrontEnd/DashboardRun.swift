import SkyCore
import SkySoak
import SkyReport
import SkyTUI
import SkyTerminal

/// A run with the live dashboard, shown by the `FrameLoop`. Keys become engine controls through
/// the dashboard's pure `update`.
struct DashboardRun {
    let configuration: RunConfiguration
    let report: RunReport
    let info: RunInfo
    let colors: Bool
    let exitOnDone: Bool
    let explain: Bool
    /// `--projector`: open in the projector's view, with the explain panel its lesson reads.
    var projector = false

    /// Runs to the end and returns the exit status, and whether the user asked to go on to a
    /// lesson's next part; `nil` when the terminal cannot host the dashboard (an unknown terminal
    /// type) and nothing has started yet.
    func execute() -> (status: ExitStatus, goesOn: Bool)? {
        guard let screen = CursesScreen(colors: colors) else { return nil }
        var configuration = self.configuration
        var report = self.report
        var finished: [(summary: RunSummary, report: RunReport, figures: FrameFigures, signal: Int32?, observations: RunObservations)] = []
        var goesOn = false
        while true {
            let watched = watch(configuration, report: report, on: screen)
            finished.append((watched.summary, report, watched.figures, watched.signal, watched.observations))
            goesOn = watched.goesOn
            guard watched.signal == nil, let strategy = watched.rerun else { break }
            // `r` after a run: the same scans again with another strategy. It is offered only
            // without an events file, a trace or a JSON summary
            // (`SingleRunOptions.rerunRefusal`), which hold one run; the metrics file goes on to
            // describe the run now going.
            configuration = configuration.rerun(with: strategy)
            report = RunReport(
                format: report.format, eventsFile: nil, replay: configuration.replayCommand,
                metricsFile: report.metricsFile, reportEvery: report.reportEvery, verdict: report.verdict, view: report.view)
        }
        screen.close()
        // Every run of the session is reported, in order; the last one decides the exit status.
        var status = ExitStatus.success
        for run in finished {
            status = run.report.finish(run.summary, signal: run.signal, dashboard: run.figures, observations: run.observations)
        }
        return (status, goesOn)
    }

    /// Shows one run from start to end (`sky bench` calls it too, with a pseudo-terminal's screen).
    func watch(
        _ configuration: RunConfiguration, report: RunReport, on screen: CursesScreen
    ) -> (summary: RunSummary, figures: FrameFigures, signal: Int32?, rerun: ScanStrategy?, goesOn: Bool, observations: RunObservations) {
        // The explain panel narrates events; the buffer keeps the newest, so it costs the scans a
        // short lock per event and never blocks them.
        let events = ScanEventBuffer()
        let run = LaunchedRun(configuration: configuration, sinks: report.sinks + [events])
        var runWatch = RunWatch(report: report, cores: info.cores, headless: false, verify: configuration.verify)
        let watched = watch(run, events: events, on: screen) { snapshot, elapsed in
            runWatch.tick(snapshot, at: elapsed)
            if snapshot.phase.isFinished { runWatch.close(snapshot) }
            let host = runWatch.sampleLive(snapshot, at: elapsed).map { DashboardMessage.host($0) }
            return [host, .observed(runWatch.sofar())].compactMap { $0 }
        }
        return (
            watched.summary, watched.figures, watched.signal, watched.rerun, watched.goesOn,
            runWatch.finish(watched.summary, signal: watched.signal)
        )
    }

    /// Shows `run` from start to end, reading its events from `events`; `tick` sees every frame's
    /// snapshot, and returns what the run's loop observed beside it (the host's CPUs when read
    /// anew, the observations the verdict weighs). `goesOn`: the user asked for a lesson's next part.
    func watch(
        _ run: some WatchedRun, events: ScanEventBuffer, on screen: CursesScreen,
        tick: @escaping (ScanSnapshot, Duration) -> [DashboardMessage] = { _, _ in [] }
    ) -> (summary: RunSummary, figures: FrameFigures, signal: Int32?, rerun: ScanStrategy?, goesOn: Bool) {
        let state = DashboardState(
            snapshot: run.frame(at: .now).snapshot, size: screen.size, info: info, glyphs: screen.glyphs,
            exitOnDone: exitOnDone, explain: explain || projector, projector: projector)
        var frames = RunFrames(run: run, events: events, state: state, tick: tick)
        let ending = FrameLoop(screen: screen).run(&frames)
        // The run has finished: the dashboard leaves only then.
        let summary = run.returnedSummary()
        let figures = frames.gaps.figures(wall: summary.snapshot.elapsed, cores: info.cores, counterLag: frames.state.counterLag.worst)
        return (summary, figures, ending.signal, ending.rerun, ending.goesOn)
    }
}

/// A run's dashboard, as the frame loop steps it.
private struct RunFrames<Run: WatchedRun>: FrameSource {
    let run: Run
    let events: ScanEventBuffer
    var state: DashboardState
    let tick: (ScanSnapshot, Duration) -> [DashboardMessage]
    var gaps = FrameGaps()

    mutating func frame(at now: ContinuousClock.Instant) -> FrameStep {
        // Events first, then the snapshot: no event is then newer than the frame's time.
        run.advance(to: now)
        // Read before the events are drained: once the run has returned, every one of its events
        // is in the buffer.
        let returned = run.summary != nil
        var commands = state.update(.events(events.drain()))
        let (snapshot, elapsed) = run.frame(at: now)
        if snapshot.phase.isFinished && !returned {
            // The book has closed, but the run hands a transition's events on after the book's
            // lock, so the last of them may not be in the buffer yet: the finished frame waits a
            // frame for them, and shows them all.
            return FrameStep(commands: commands, pace: .notReady)
        }
        commands += state.update(.frame(snapshot, elapsed: elapsed))
        for observed in tick(snapshot, elapsed) { commands += state.update(observed) }
        let busy = !state.isFinished && !(state.isPaused && snapshot.counters.running == 0)
        gaps.frame(at: now, measured: busy && !state.isPaused)
        return FrameStep(commands: commands, pace: busy ? .busy : .idle)
    }

    mutating func update(_ input: TerminalInput) -> [DashboardCommand] {
        switch input {
        case .key(let key): state.update(.key(key))
        case .resize(let size): state.update(.resize(size))
        case .hangUp: []
        }
    }

    /// A signal cancels the run; the dashboard shows it ending.
    func stop() -> [DashboardCommand] { [.control(.cancel)] }

    func perform(_ control: ScanControl) { run.perform(control) }

    var hasEnded: Bool { state.isFinished }

    func render() -> Grid { DashboardView.render(state) }
}
