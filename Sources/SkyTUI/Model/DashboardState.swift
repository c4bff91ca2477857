public import SkyCore
public import SkySoak

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
    /// The highest rate the throughput panel has shown, over its own window: a column, the rate
    /// over the last five seconds, or the mean. So no rate on screen reads above it.
    public private(set) var peakRate: ScanRate?
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
    /// The projector's view in place of the whole dashboard (`p`, `--projector`).
    public private(set) var projecting: Bool
    /// The source of the run's strategy, for the code panel.
    public let source: StrategySource
    /// The lines of `source` the lesson's part is about (its `Code:` texts), which the code panel
    /// marks; none outside a lesson.
    public let lessonLines: [ClosedRange<Int>]
    /// The code panel's top line, as an index into `source.lines`, once a scroll key has moved
    /// it; `nil` while it is where it opens.
    public private(set) var codeTop: Int?
    /// `c` cancelled the run and the dashboard stays to show what happened.
    public private(set) var cancelRequested = false
    /// The strategy `r` will rerun with; `s` cycles it once the run has finished.
    public private(set) var nextStrategy: ScanStrategy
    /// The explain panel's story, grouped and bounded, with the cause of a stop pinned.
    public private(set) var explain: ExplainLog
    /// How far the explain panel is scrolled back from its newest line, in lines.
    public private(set) var explainScroll = 0
    /// How far the help overlay is scrolled down, in lines.
    public private(set) var helpScroll = 0
    /// The run over time, for the timeline panel.
    public private(set) var timeline: Timeline
    /// The host's CPUs over the last second or so (a soak's cores panel); `nil` before the first.
    public private(set) var host: HostFigures?
    /// What the run's loop has observed beside the engine so far; empty before its first tick.
    public private(set) var observations = RunObservations()

    public init(
        snapshot: ScanSnapshot, size: TerminalSize, info: RunInfo, glyphs: Glyphs = .unicode,
        exitOnDone: Bool = false, explain: Bool = false, projector: Bool = false
    ) {
        self.snapshot = snapshot
        self.size = size
        self.info = info
        self.glyphs = glyphs
        self.exitOnDone = exitOnDone
        requestedBatch = snapshot.batch
        showingExplain = explain
        projecting = projector
        nextStrategy = snapshot.configuration.strategy
        source = StrategySource.of(snapshot.configuration)
        lessonLines = source.regions(about: info.lesson?.code ?? [])
        self.explain = ExplainLog(configuration: snapshot.configuration)
        timeline = Timeline(lanes: snapshot.slots.count)
    }

    public var isFinished: Bool { snapshot.phase.isFinished }

    /// The lines the code panel opens at: the first of the lesson's, else those the strategy is
    /// there to show.
    public var codeFocus: ClosedRange<Int> { lessonLines.first ?? source.focus }

    /// Scans finished a second over the last five seconds (the run so far, while it is younger),
    /// as the frames saw them, so the figure falls while no scan finishes; the engine's own before
    /// the first frame, and at the end, where the summary prints it too.
    public var recentRate: ScanRate {
        let window = RunProgress.recentRateWindow
        if !isFinished, let seen = rates.recentRate(over: window) { return seen }
        return ScanRate(perSecond: snapshot.recentRate, over: min(snapshot.elapsed, window))
    }

    /// Scans finished a second since the start, at the frame's live elapsed time: the engine's
    /// figure is refreshed only when scans finish, and would stand still between long scans.
    public var meanRate: ScanRate {
        ScanRate(finishes: Double(snapshot.counters.finished), over: elapsed)
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

    /// `--strategy wait-for-all --errors throw`: a child has thrown, and `waitForAll()` holds the
    /// error while it waits for every other child, cancelling none.
    public var isWaitingForAll: Bool {
        guard !isFinished, !quitRequested, !cancelRequested, case .stopping(.thrown) = snapshot.phase else { return false }
        return snapshot.configuration.strategy == .waitForAll
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
            notePeak()
            counterLag.observe(direct: snapshot.direct.finished, actor: counters.finished, at: elapsed)
            timeline.follow(snapshot, at: elapsed)
            if isFinished && (exitOnDone || quitRequested) { return [.exit] }
            return []
        case .resize(let size):
            self.size = size
            return []
        case .host(let figures):
            host = figures
            return []
        case .observed(let observed):
            observations = observed
            return []
        case .key(let key):
            return press(key)
        case .events(let held):
            for case .event(let event) in held { timeline.record(event) }
            let added = explain.added
            explain.take(held)
            // Scrolled back, the panel stays on the lines it shows while newer ones come.
            if explainScroll > 0 { explainScroll = min(explainScroll + explain.added - added, max(0, explain.lines.count - 1)) }
            return []
        }
    }

    /// Raises the peak to any rate the throughput panel now shows above it, over a whole second
    /// at least: a few scans that end in a part of a second (a short run, the run's last column)
    /// make a rate no second of the run reached.
    private mutating func notePeak() {
        var shown = [recentRate, meanRate]
        if let highest = rates.highestColumn { shown.append(ScanRate(perSecond: highest, over: RateHistory.interval)) }
        if isFinished, let closing = rates.closingColumns(last: 0).closing { shown.append(closing) }
        for rate in shown where rate.window >= RateHistory.interval && rate.perSecond > (peakRate?.perSecond ?? 0) { peakRate = rate }
    }

    private mutating func press(_ key: Key) -> [DashboardCommand] {
        // A key no row names, or one whose row does nothing in this state, is ignored.
        guard let action = DashboardKeys.action(for: key), DashboardKeys.isEnabled(action, in: self) else { return [] }
        switch action {
        case .help:
            showingHelp.toggle()
            helpScroll = 0
            return []
        case .switchPanel:
            showingCode = false
            showingExplain.toggle()
            return []
        case .showCode:
            showingCode.toggle()
            codeTop = nil
            return []
        case .projector:
            projecting.toggle()
            return []
        case let scrolling where scrolling.scrolls:
            // Scrolling reads what is there, so it works on the done screen too.
            scroll(scrolling)
            return []
        default:
            break
        }
        // Esc closes the help overlay before it quits, as the overlay says.
        if showingHelp && key == .escape {
            showingHelp = false
            helpScroll = 0
            return []
        }
        if isFinished, info.lesson != nil {
            // A lesson's done screen: one key goes on, q ends the lesson, and a stray key does
            // neither (the done screen says which is which).
            switch action {
            case .nextPart: return [.nextPart]
            case .quit: return [.exit]
            default: return []
            }
        }
        if isFinished {
            switch action {
            case .chooseStrategy:
                let all = ScanStrategy.allCases
                nextStrategy = all[(all.firstIndex(of: nextStrategy)! + 1) % all.count]
                return []
            case .rerun:
                return [.rerun(nextStrategy)]
            case let action where action.leavesDoneScreen:
                return [.exit]
            default:
                return []
            }
        }
        switch action {
        case .quit:
            guard !quitRequested else { return [] }
            // A replay's quit plays the rest of the record: the cancel in it, if any, was not this key.
            if !isStopping && info.replay == nil { explain.noteCancel(by: key.name) }
            quitRequested = true
            return [.control(.cancel)]
        case .cancel:
            explain.noteCancel(by: key.name)
            cancelRequested = true
            return [.control(.cancel)]
        case .pauseOrResume:
            pauseRequested.toggle()
            return [.control(pauseRequested ? .pause : .resume)]
        case .step:
            return [.control(.step)]
        case .growBatch:
            return changeBatch(by: 1)
        case .shrinkBatch:
            return changeBatch(by: -1)
        case .switchPanel, .showCode, .projector, .chooseStrategy, .rerun, .help, .lineDown, .lineUp, .pageDown, .pageUp, .nextPart:
            return []
        }
    }

    /// Scrolls the help overlay when it is open, else the code or the explain panel, whichever is
    /// shown: a line or a page, no further than the last page.
    private mutating func scroll(_ action: KeyAction) {
        let page: Int
        let most: Int
        if !showingHelp && showingCode {
            if let code = DashboardView.codePage(self) { codeTop = code.scrolled(from: codeTop ?? code.opening(at: codeFocus), by: action) }
            return
        } else if showingHelp {
            page = HelpOverlay.rows(self, size: size)
            most = HelpOverlay.lines(self, size: size).count - page
        } else if showingExplain && !showingCode {
            page = DashboardView.explainRows(self)
            most = explain.lines.count - page
        } else {
            return
        }
        let step =
            switch action {
            case .lineDown: 1
            case .lineUp: -1
            case .pageDown: max(1, page)
            default: -max(1, page)
            }
        if showingHelp {
            helpScroll = min(max(0, helpScroll + step), max(0, most))
        } else {
            explainScroll = min(max(0, explainScroll + step), max(0, most))
        }
    }

    private mutating func changeBatch(by step: Int) -> [DashboardCommand] {
        let range = RunConfiguration.batchRange
        let batch = min(max(requestedBatch + step, range.lowerBound), range.upperBound)
        guard batch != requestedBatch else { return [] }
        requestedBatch = batch
        return [.control(.setBatch(batch))]
    }
}

extension DashboardState {
    /// This run as it would be in `phase`, with no key's request pending: for what the help says
    /// of a kind of run (a key that does something at some point of it), whatever this moment is.
    func at(_ phase: RunPhase) -> DashboardState {
        var state = self
        state.snapshot.progress.phase = phase
        state.pauseRequested = false
        state.quitRequested = false
        state.cancelRequested = false
        return state
    }
}
