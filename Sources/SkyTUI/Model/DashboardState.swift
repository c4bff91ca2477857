public import SkyCore

/// The dashboard's whole state. `update(_:)` is the only way it changes, and it returns what the
/// world must do (engine controls, leaving), so every key and tick can be tested without a terminal.
public struct DashboardState: Sendable {
    public let info: RunInfo
    /// What the screen is drawn with.
    public var glyphs: Glyphs
    /// Leave by itself when the run has finished (`--exit-on-done`).
    public var exitOnDone: Bool

    public private(set) var snapshot: ScanSnapshot
    /// The run's live elapsed time at the latest frame.
    public private(set) var elapsed: Duration = .zero
    public private(set) var size: TerminalSize
    public private(set) var showingHelp = false
    public private(set) var rates = RateHistory()
    /// How far the actor's counters trail the children's own.
    public private(set) var counterLag = CounterLag()
    /// The batch asked for with + and -; the engine's snapshot catches up within a step.
    public private(set) var requestedBatch: Int
    /// Space was pressed to pause and not yet to resume.
    public private(set) var pauseRequested = false
    /// q was pressed during the run: the scans are being cancelled, then the dashboard leaves.
    public private(set) var quitRequested = false
    /// The explain panel replaces the errors panel (`e`, `--explain`).
    public private(set) var showingExplain: Bool
    /// The code panel replaces the errors or explain panel (`v`).
    public private(set) var showingCode = false
    /// The source of the run's strategy, for the code panel.
    public let source: StrategySource
    /// `c` cancelled the run and the dashboard stays to show what happened.
    public private(set) var cancelRequested = false
    /// The strategy `r` will rerun with; `s` cycles it once the run has finished.
    public private(set) var nextStrategy: ScanStrategy
    /// The latest narrated decisions, oldest first; at most `narrationLimit`.
    public private(set) var narration: [NarratedLine] = []
    public static let narrationLimit = 64
    private var narrator: Narrator
    /// The run over time, for the timeline panel.
    public private(set) var timeline: Timeline

    public init(
        snapshot: ScanSnapshot, size: TerminalSize, info: RunInfo, glyphs: Glyphs = .unicode,
        exitOnDone: Bool = false, explain: Bool = false
    ) {
        self.snapshot = snapshot
        self.size = size
        self.info = info
        self.glyphs = glyphs
        self.exitOnDone = exitOnDone
        requestedBatch = snapshot.batch
        showingExplain = explain
        nextStrategy = snapshot.configuration.strategy
        source = StrategySource.of(snapshot.configuration.strategy)
        narrator = Narrator(configuration: snapshot.configuration)
        timeline = Timeline(lanes: snapshot.slots.count)
    }

    public var isFinished: Bool { snapshot.phase.isFinished }

    /// Scans finished a second over the last five seconds, as the frames saw them, so the figure
    /// falls while no scan finishes; the engine's own before the first frame, and at the end.
    public var recentRate: Double {
        isFinished ? snapshot.recentRate : rates.recentRate(over: 5) ?? snapshot.recentRate
    }

    /// Paused as far as the user can tell: asked for, or already in force.
    public var isPaused: Bool {
        !isFinished && !isStopping && (pauseRequested || snapshot.phase == .paused)
    }

    /// `--take` in a task group: the body has returned, nothing was cancelled, and the group waits
    /// for the children still running.
    public var isWaitingForChildren: Bool {
        guard !isFinished, !quitRequested, !cancelRequested, case .stopping(.taken) = snapshot.phase else { return false }
        return snapshot.configuration.strategy.takesInGroupBody
    }

    /// `--strategy unstructured` without a task bag: the loop has returned, and the tasks it
    /// started run on, which nothing cancels.
    public var isOrphaned: Bool {
        !isFinished && snapshot.leftRunning != nil && !snapshot.configuration.taskBag
    }

    /// Cancellation asked for or under way, and the run not yet finished.
    public var isStopping: Bool {
        if isFinished { return false }
        // A replay's quit plays the rest at once: nothing is cancelled.
        if (quitRequested || cancelRequested) && info.replay == nil { return true }
        if case .stopping = snapshot.phase { return true }
        return false
    }

    public mutating func update(_ message: DashboardMessage) -> [DashboardCommand] {
        switch message {
        case .frame(let snapshot, let elapsed):
            self.snapshot = snapshot
            self.elapsed = elapsed
            let counters = snapshot.counters
            rates.observe(finished: counters.finished, at: elapsed)
            counterLag.observe(direct: snapshot.direct.finished, actor: counters.finished, at: elapsed)
            timeline.follow(snapshot, at: elapsed)
            if isFinished && (exitOnDone || quitRequested) { return [.exit] }
            return []
        case .resize(let size):
            self.size = size
            return []
        case .key(let key):
            return press(key)
        case .events(let events):
            for event in events {
                timeline.record(event)
                let text = narrator.narrate(event)
                narration.append(NarratedLine(time: event.time, text: text))
            }
            if narration.count > Self.narrationLimit { narration.removeFirst(narration.count - Self.narrationLimit) }
            return []
        }
    }

    private mutating func press(_ key: Key) -> [DashboardCommand] {
        let action = DashboardKeys.action(for: key)
        switch action {
        case .help:
            showingHelp.toggle()
            return []
        case .switchPanel:
            showingCode = false
            showingExplain.toggle()
            return []
        case .showCode:
            showingCode.toggle()
            return []
        default:
            break
        }
        // Esc closes the help overlay before it quits, as the overlay says.
        if showingHelp && key == .escape {
            showingHelp = false
            return []
        }
        if isFinished {
            switch action {
            case .chooseStrategy where info.rerunRefusal != nil, .rerun where info.rerunRefusal != nil:
                // Refused, and said so on the done screen; not a key that leaves it by surprise.
                return []
            case .chooseStrategy:
                let all = ScanStrategy.allCases
                nextStrategy = all[(all.firstIndex(of: nextStrategy)! + 1) % all.count]
                return []
            case .rerun:
                return [.rerun(nextStrategy)]
            default:
                // Any other key leaves the done screen.
                return [.exit]
            }
        }
        // A replay shows what was recorded: nothing can cancel it or change its batch.
        if info.replay != nil, action == .cancel || action == .growBatch || action == .shrinkBatch { return [] }
        switch action {
        case .quit:
            guard !quitRequested else { return [] }
            quitRequested = true
            return [.cancel]
        case .cancel:
            guard !isStopping else { return [] }
            cancelRequested = true
            return [.cancel]
        case .pauseOrResume where !isStopping:
            pauseRequested.toggle()
            return [pauseRequested ? .pause : .resume]
        case .step where isPaused:
            return [.step]
        case .growBatch:
            return changeBatch(by: 1)
        case .shrinkBatch:
            return changeBatch(by: -1)
        case .pauseOrResume, .step, .switchPanel, .showCode, .chooseStrategy, .rerun, .help, nil:
            return []
        }
    }

    private mutating func changeBatch(by step: Int) -> [DashboardCommand] {
        // Serial runs one at a time and unbounded has no bound: there is no batch to change.
        guard !isStopping, snapshot.configuration.strategy.usesBatch else { return [] }
        let range = RunConfiguration.batchRange
        let batch = min(max(requestedBatch + step, range.lowerBound), range.upperBound)
        guard batch != requestedBatch else { return [] }
        requestedBatch = batch
        return [.setBatch(batch)]
    }
}

/// One narrated decision and when it happened.
public struct NarratedLine: Equatable, Sendable {
    public var time: Duration
    public var text: String
}
