import SkyCore
import SkySoak
import SkyCompare
import SkyTUI
import SkyTerminal

/// `sky compare` with the dashboard: the runs one after another, each live, their timelines stacked
/// as they finish, then the table until a key is pressed; the table is printed once the terminal
/// is restored. The `FrameLoop` shows it, as it shows a single run.
struct DashboardComparison {
    let plan: ComparisonPlan
    let format: OutputFormat
    let colors: Bool
    let exitOnDone: Bool

    /// Runs every run and returns the exit status, or `nil` when the terminal cannot host the
    /// dashboard and nothing has started yet.
    func execute() -> ExitStatus? {
        guard let screen = CursesScreen(colors: colors) else { return nil }
        let comparison = plan.comparison(cores: Cores.active)
        let state = ComparisonState(
            settings: plan.settings, configuration: plan.shared, size: screen.size, info: RunInfo(cores: comparison.cores),
            glyphs: screen.glyphs, exitOnDone: exitOnDone)
        var frames = ComparisonFrames(plan: plan, state: state, comparison: comparison)
        let signal = FrameLoop(screen: screen).run(&frames).signal
        screen.close()
        if frames.state.quitRequested && signal == nil { frames.comparison.stopped = "quit with q" }
        return ComparisonReport(format: format).finish(frames.comparison, signal: signal)
    }
}

/// The comparison's dashboard, as the frame loop steps it: it starts each run as the one before
/// ends, unless the comparison was stopped.
private struct ComparisonFrames: FrameSource {
    let plan: ComparisonPlan
    var state: ComparisonState
    var comparison: Comparison
    /// The run going, the buffer of its events, and the process's CPU time when it started.
    var run: LaunchedRun?
    var events = ScanEventBuffer()
    var cpuAtStart = 0.0

    init(plan: ComparisonPlan, state: ComparisonState, comparison: Comparison) {
        self.plan = plan
        self.state = state
        self.comparison = comparison
    }

    mutating func frame(at now: ContinuousClock.Instant) -> FrameStep {
        var commands: [DashboardCommand] = []
        if let going = run {
            // Read before the events are drained: once the run has returned, every one of its
            // events is in the buffer.
            let ended = going.summary
            commands += state.update(.events(events.drain().compactMap(\.event)))
            let cpu = ProcessFigures.usage().cpuSeconds - cpuAtStart
            if let summary = ended {
                run = nil
                commands += state.update(.finish(summary.snapshot, cpuSeconds: cpu))
                comparison.runs.append(state.finished[state.finished.count - 1].figures)
            } else {
                let snapshot = going.model.snapshot()
                commands += state.update(.frame(snapshot, elapsed: snapshot.liveElapsed(at: now), cpuSeconds: cpu))
            }
        }
        // The next run starts as soon as the one before has finished, unless the comparison stopped.
        if run == nil && !state.stopRequested && comparison.runs.count < plan.runs.count {
            events = ScanEventBuffer()
            cpuAtStart = ProcessFigures.usage().cpuSeconds
            let launched = LaunchedRun(configuration: plan.runs[comparison.runs.count], sinks: [events])
            run = launched
            commands += state.update(.start(launched.model.snapshot()))
        }
        return FrameStep(commands: commands, pace: run == nil ? .idle : .busy)
    }

    mutating func update(_ input: TerminalInput) -> [DashboardCommand] {
        switch input {
        case .key(let key): state.update(.key(key))
        case .resize(let size): state.update(.resize(size))
        case .hangUp: []
        }
    }

    mutating func stop() -> [DashboardCommand] { state.update(.stop) }

    func perform(_ control: ScanControl) { run?.perform(control) }

    /// Stopped, the comparison has nothing left to show once the run going has ended.
    var hasEnded: Bool { run == nil }

    func render() -> Grid { ComparisonView.render(state) }
}
