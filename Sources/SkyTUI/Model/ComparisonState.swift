public import SkyCore
public import SkyCompare

/// `sky compare`'s dashboard: the runs that have finished, each with its figures and its timeline,
/// and the run going. `update(_:)` is the only way it changes; it returns what the world must do.
public struct ComparisonState: Sendable {
    /// A run on the dashboard: its timeline and its figures, final once it has finished.
    public struct Run: Sendable {
        public var figures: ComparedRun
        public var timeline: Timeline
    }

    /// The settings compared, in the order they run.
    public let settings: [ComparedSetting]
    /// What every run shares.
    public let configuration: RunConfiguration
    public let info: RunInfo
    public var glyphs: Glyphs
    /// Leave by itself when every run has finished (`--exit-on-done`).
    public var exitOnDone: Bool
    public private(set) var size: TerminalSize
    public private(set) var finished: [Run] = []
    /// The run going, and its latest snapshot.
    public private(set) var current: Run?
    public private(set) var snapshot: ScanSnapshot?
    /// q, a signal or a hang-up: the run going is being cancelled, and no other will start.
    public private(set) var stopRequested = false
    /// q was pressed: the dashboard leaves once the run going has stopped.
    public private(set) var quitRequested = false

    public init(
        settings: [ComparedSetting], configuration: RunConfiguration, size: TerminalSize, info: RunInfo, glyphs: Glyphs = .unicode,
        exitOnDone: Bool = false
    ) {
        self.settings = settings
        self.configuration = configuration
        self.size = size
        self.info = info
        self.glyphs = glyphs
        self.exitOnDone = exitOnDone
    }

    /// No run is going and none will start: every run has finished, or the rest were stopped.
    public var isDone: Bool { current == nil && (finished.count == settings.count || stopRequested) }

    /// The runs to show, in order: those finished, then the one going.
    public var runs: [Run] { finished + (current.map { [$0] } ?? []) }

    public mutating func update(_ message: ComparisonMessage) -> [DashboardCommand] {
        switch message {
        case .start(let snapshot):
            let name = settings[finished.count].name
            self.snapshot = snapshot
            current = Run(
                figures: ComparedRun(name: name, snapshot: snapshot, cpuSeconds: 0, cores: info.cores),
                timeline: Timeline(lanes: snapshot.slots.count))
            return []
        case .frame(let snapshot, let elapsed, let cpuSeconds):
            guard var run = current else { return [] }
            self.snapshot = snapshot
            run.timeline.follow(snapshot, at: elapsed)
            run.figures = ComparedRun(name: run.figures.name, snapshot: snapshot, elapsed: elapsed, cpuSeconds: cpuSeconds, cores: info.cores)
            current = run
            return []
        case .events(let events):
            for event in events { current?.timeline.record(event) }
            return []
        case .finish(let snapshot, let cpuSeconds):
            guard var run = current else { return [] }
            run.timeline.follow(snapshot, at: snapshot.elapsed)
            run.figures = ComparedRun(name: run.figures.name, snapshot: snapshot, cpuSeconds: cpuSeconds, cores: info.cores)
            finished.append(run)
            current = nil
            self.snapshot = nil
            return isDone && (exitOnDone || quitRequested) ? [.exit] : []
        case .resize(let size):
            self.size = size
            return []
        case .stop:
            return stop()
        case .key(let key):
            if isDone { return DashboardKeys.action(for: key)?.leavesDoneScreen == true ? [.exit] : [] }
            guard DashboardKeys.action(for: key) == .quit else { return [] }
            quitRequested = true
            return stop()
        }
    }

    private mutating func stop() -> [DashboardCommand] {
        guard !stopRequested else { return [] }
        stopRequested = true
        return current == nil ? [.exit] : [.control(.cancel)]
    }
}

extension ComparisonState {
    /// The comparison of the runs finished so far, as the table and the JSON have it.
    public var comparison: Comparison {
        Comparison(settings: settings, configuration: configuration, cores: info.cores, runs: finished.map(\.figures), replay: "")
    }
}
