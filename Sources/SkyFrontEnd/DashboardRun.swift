#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SkyCore
import SkyReport
import SkyTUI
import SkyTerminal

/// A run with the live dashboard.
///
/// The frame loop blocks on the main thread, in `wgetch` with a timeout, and reads the engine's
/// lock-protected snapshot. It never waits for a turn on the cooperative pool, so frames and keys
/// keep their rhythm while every pool thread is busy with scans. Keys become engine controls
/// through the dashboard's pure `update`.
struct DashboardRun {
    /// About 30 frames a second while scans run.
    static let frameInterval: Duration = .milliseconds(33)
    /// Nothing moves when paused with no scan running, or when done; keys still wake the loop.
    static let idleInterval: Duration = .milliseconds(250)

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
        tick: (ScanSnapshot, Duration) -> [DashboardMessage] = { _, _ in [] }
    ) -> (summary: RunSummary, figures: FrameFigures, signal: Int32?, rerun: ScanStrategy?, goesOn: Bool) {
        let clock = ContinuousClock()
        var state = DashboardState(
            snapshot: run.frame(at: clock.now).snapshot, size: screen.size, info: info, glyphs: screen.glyphs,
            exitOnDone: exitOnDone, explain: explain || projector, projector: projector)
        var gaps = FrameGaps()
        var caught: Int32?
        // The terminal has gone: nothing to read from it or draw on it any more.
        var hungUp = false
        var leaving = false
        var rerun: ScanStrategy?
        var goesOn = false
        var nextFrame = clock.now

        func perform(_ commands: [DashboardCommand]) {
            for command in commands {
                switch command {
                case .exit: leaving = true
                case .nextPart:
                    goesOn = true
                    leaving = true
                case .rerun(let strategy):
                    rerun = strategy
                    leaving = true
                default: run.perform(command)
                }
            }
        }

        while !leaving {
            // A SIGHUP after the hang-up was seen is news of that hang-up, not a second signal.
            // A second signal ends Sky from its watchdog (`LastResort`), terminal put back.
            if let signal = SignalTrap.take(), !(hungUp && signal == SIGHUP), caught == nil {
                caught = signal
                run.perform(.cancel)
            }
            let now = clock.now
            if now >= nextFrame {
                // Events first, then the snapshot: no event is then newer than the frame's time.
                run.advance(to: now)
                // Read before the events are drained: once the run has returned, every one of its
                // events is in the buffer.
                let returned = run.summary != nil
                perform(state.update(.events(events.drain())))
                let (snapshot, elapsed) = run.frame(at: now)
                if snapshot.phase.isFinished && !returned {
                    // The book has closed, but the run hands a transition's events on after the
                    // book's lock, so the last of them may not be in the buffer yet: the finished
                    // frame waits a frame for them, and shows them all.
                    nextFrame = now + Self.frameInterval
                    continue
                }
                perform(state.update(.frame(snapshot, elapsed: elapsed)))
                for observed in tick(snapshot, elapsed) { perform(state.update(observed)) }
                if !hungUp { screen.draw(DashboardView.render(state)) }
                let busy = !state.isFinished && !(state.isPaused && snapshot.counters.running == 0)
                gaps.frame(at: now, measured: busy && !state.isPaused)
                let interval = busy ? Self.frameInterval : Self.idleInterval
                nextFrame += interval
                if nextFrame <= now { nextFrame = now + interval }
                if caught != nil && state.isFinished { leaving = true }
                continue
            }
            if hungUp {
                usleep(UInt32((nextFrame - now) / .microseconds(1)))
                continue
            }
            // Keys are answered at once, with a fresh frame, not at the next tick.
            if let input = screen.read(timeout: nextFrame - now) {
                switch input {
                case .key(let key): perform(state.update(.key(key)))
                case .resize(let size): perform(state.update(.resize(size)))
                case .hangUp:
                    // Treated as a SIGHUP, which may never come (a parent that ignores it keeps
                    // it from us): the run is cancelled, and the loop leaves once it has ended.
                    hungUp = true
                    if caught == nil {
                        caught = SIGHUP
                        run.perform(.cancel)
                    }
                    continue
                }
                screen.draw(DashboardView.render(state))
                nextFrame = min(nextFrame, clock.now + Self.frameInterval)
            }
        }
        // The run has finished (the dashboard leaves only then); its summary follows at once.
        var summary = run.summary
        while summary == nil {
            usleep(1000)
            summary = run.summary
        }
        let figures = gaps.figures(wall: summary!.snapshot.elapsed, cores: info.cores, counterLag: state.counterLag.worst)
        return (summary!, figures, caught, rerun, goesOn)
    }
}
