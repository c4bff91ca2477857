#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SkyCore
import SkyReport
import SkyTUI
import SkyTerminal

/// `sky compare` with the dashboard: the runs one after another, each live, their timelines stacked
/// as they finish, then the table until a key is pressed; the table is printed once the terminal
/// is restored.
///
/// As `DashboardRun`, the frame loop blocks on the main thread in `wgetch` with a timeout and reads
/// the engine's lock-protected snapshot, so frames and keys keep their rhythm while scans hold
/// every pool thread.
struct DashboardComparison {
    let plan: ComparisonPlan
    let format: OutputFormat
    let colors: Bool
    let exitOnDone: Bool

    /// Runs every run and returns the exit status, or `nil` when the terminal cannot host the
    /// dashboard and nothing has started yet.
    func execute() -> ExitStatus? {
        guard let screen = CursesScreen(colors: colors) else { return nil }
        var comparison = plan.comparison(cores: Cores.active)
        var state = ComparisonState(
            settings: plan.settings, configuration: plan.shared, size: screen.size, info: RunInfo(cores: comparison.cores),
            glyphs: screen.glyphs, exitOnDone: exitOnDone)
        let clock = ContinuousClock()
        var run: LaunchedRun?
        var events = ScanEventBuffer()
        var cpuAtStart = 0.0
        var caught: Int32?
        var hungUp = false
        var leaving = false
        var nextFrame = clock.now

        func perform(_ commands: [DashboardCommand]) {
            for command in commands {
                switch command {
                case .cancel: run?.cancel()
                case .exit: leaving = true
                case .pause, .resume, .step, .setBatch, .rerun, .nextPart: break
                }
            }
        }

        func stop(by signal: Int32) {
            guard caught == nil else { return }
            caught = signal
            perform(state.update(.stop))
        }

        while !leaving {
            // A second signal ends Sky from its watchdog (`LastResort`), terminal put back.
            if let signal = SignalTrap.take(), !(hungUp && signal == SIGHUP) {
                stop(by: signal)
            }
            // The next run starts as soon as the one before has finished, unless the comparison stopped.
            if run == nil && !state.stopRequested && comparison.runs.count < plan.runs.count {
                events = ScanEventBuffer()
                cpuAtStart = ProcessFigures.usage().cpuSeconds
                let launched = LaunchedRun(configuration: plan.runs[comparison.runs.count], sinks: [events])
                run = launched
                perform(state.update(.start(launched.model.snapshot())))
            }
            let now = clock.now
            if now >= nextFrame {
                if let going = run {
                    // Read before the events are drained: once the run has returned, every one of
                    // its events is in the buffer.
                    let ended = going.summary
                    perform(state.update(.events(events.drain().compactMap(\.event))))
                    let cpu = ProcessFigures.usage().cpuSeconds - cpuAtStart
                    if let summary = ended {
                        run = nil
                        perform(state.update(.finish(summary.snapshot, cpuSeconds: cpu)))
                        comparison.runs.append(state.finished[state.finished.count - 1].figures)
                    } else {
                        let snapshot = going.model.snapshot()
                        perform(state.update(.frame(snapshot, elapsed: snapshot.liveElapsed(at: now), cpuSeconds: cpu)))
                    }
                }
                if !hungUp { screen.draw(ComparisonView.render(state)) }
                // Stopped from outside: nothing to wait for once the run going has ended.
                if caught != nil && run == nil { leaving = true }
                let interval = run == nil ? DashboardRun.idleInterval : DashboardRun.frameInterval
                nextFrame += interval
                if nextFrame <= now { nextFrame = now + interval }
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
                    // Treated as a SIGHUP, which may never come.
                    hungUp = true
                    stop(by: SIGHUP)
                    continue
                }
                screen.draw(ComparisonView.render(state))
                nextFrame = min(nextFrame, clock.now + DashboardRun.frameInterval)
            }
        }
        screen.close()
        if state.quitRequested && caught == nil { comparison.stopped = "quit with q" }
        return ComparisonReport(format: format).finish(comparison, signal: caught)
    }
}
