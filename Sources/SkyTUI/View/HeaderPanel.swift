import SkyCore
import SkyFormat

/// The title bar with the run's state, then the run's facts: total, batch, seed, cores, priority
/// mix, strategy, elapsed time and ETA.
enum HeaderPanel {
    static let height = 3

    static func draw(_ state: DashboardState, into grid: inout Grid) {
        let width = grid.size.width
        let snapshot = state.snapshot
        let config = snapshot.configuration
        drawTitleBar(state, into: &grid)

        let mix = config.priorityMix
        let batch = batchWords(state)
        let run = TimedRun.bounds(config) + "   \(batch)   seed \(config.seed)   cores \(state.info.cores)"
        let priorities = "   priorities \(mix.high):\(mix.medium):\(mix.low)"
        // The verdict, when shown, keeps its place at the right; the priority legend, then the
        // priorities, then the verdict's detail give way to it in that order.
        let factsChoices = [run + priorities + " (high:medium:low)", run + priorities, run]
        let verdicts = TimedRun.verdict(state)
        var facts = factsChoices[factsChoices.count - 1]
        var verdict = verdicts.last
        search: for candidate in verdicts {
            for choice in factsChoices where 1 + choice.count + 3 + candidate.text.count + 1 <= width {
                (facts, verdict) = (choice, candidate)
                break search
            }
        }
        if verdicts.isEmpty { facts = factsChoices.first { 1 + $0.count <= width } ?? run }
        grid.write(" " + facts, x: 0, y: 1)
        if let verdict { grid.write(verdict.text, x: max(facts.count + 4, width - verdict.text.count - 1), y: 1, style: verdict.style) }

        // The line's parts after the strategy, each a muted label and its value.
        var parts: [(label: String, value: String, style: Style)] = []
        if config.errors != .result { parts.append(("   errors ", config.errors.rawValue, Style(.warn))) }
        if config.speed < 1 { parts.append(("   speed ", "×\(FixedPoint.fixed(config.speed, places: 2))", Style(.warn))) }
        parts.append(("   elapsed ", Figures.clock(state.elapsed), Style(.accent, bold: true)))
        if let remaining = TimedRun.remaining(state) {
            parts.append(("   remaining ", remaining, Style(.accent, bold: true)))
        } else {
            parts.append(("   ETA ", eta(state), Style(.accent)))
        }
        // The strategy's few words go first when the line is short of room, then the time left:
        // what is left is whole words.
        let detailed = "\(config.strategy.rawValue) (\(config.strategy.summary))"
        let partsWidth = parts.map { $0.label.count + $0.value.count }.reduce(0, +)
        let strategy = 11 + detailed.count + partsWidth <= width ? detailed : config.strategy.rawValue
        if 11 + strategy.count + partsWidth > width { parts.removeLast() }
        var column = grid.write(" strategy ", x: 0, y: 2, style: Style(.muted))
        column = grid.write(strategy, x: column, y: 2)
        for part in parts {
            column = grid.write(part.label, x: column, y: 2, style: Style(.muted))
            column = grid.write(part.value, x: column, y: 2, style: part.style)
        }
    }

    /// ` SKY  lesson 9, part 1 of 2: the task group ... RUNNING`: the title as many whole words of
    /// it as leave the badge its place.
    static func drawTitleBar(_ state: DashboardState, into grid: inout Grid) {
        let width = grid.size.width
        grid.fill(" ", x: 0, y: 0, width: width, style: Style(.title, reverse: true))
        let badge = self.badge(state)
        let soak = state.info.soak.map { "soak test" + ($0.host.map { " of " + ShownText.escaped($0) } ?? "") }
        let title = state.info.replay ?? state.info.lesson?.title ?? soak ?? "deep-space scan"
        let room = width - badge.text.count - 3 - 6 - 1
        grid.write(" SKY  " + Section.fit(title, room: room, dot: state.glyphs.dot), x: 0, y: 0, style: Style(.title, bold: true, reverse: true))
        grid.write(" \(badge.text) ", x: width - badge.text.count - 3, y: 0, style: badge.style)
    }

    /// How many scans the strategy runs at once, in its words: `batch 4`, `one at a time`.
    static func batchWords(_ state: DashboardState) -> String {
        let batch = state.snapshot.batch
        return switch state.snapshot.configuration.strategy {
        case .serial, .awaited: "one at a time"
        case .asyncLet: "two at a time"
        case .unbounded, .reduce, .waitForAll: "no batch"
        case .batched, .discarding, .stream, .unstructured, .unlessCancelled, .own: "batch \(batch)"
        case .actorQueue, .actorReentrant: "\(batch) senders"
        }
    }

    /// The run's state in one word, coloured so it reads at a glance.
    static func badge(_ state: DashboardState) -> (text: String, style: Style) {
        switch state.snapshot.phase {
        case .finished(.drained): return ("DONE", Style(.good, bold: true, reverse: true))
        case .finished(.timeUp): return ("DONE: TIME UP", Style(.good, bold: true, reverse: true))
        case .finished(.cancelled): return ("CANCELLED", Style(.warn, bold: true, reverse: true))
        case .finished(.failFast): return ("STOPPED: FAIL-FAST", Style(.bad, bold: true, reverse: true))
        case .finished(.thrown): return ("STOPPED: THROWN", Style(.bad, bold: true, reverse: true))
        case .finished(.taken): return ("DONE: TAKEN", Style(.good, bold: true, reverse: true))
        default: break
        }
        if state.isOrphaned { return ("ORPHANS RUN ON", Style(.warn, bold: true, reverse: true)) }
        if state.isWaitingForAll { return ("ERROR HELD", Style(.warn, bold: true, reverse: true)) }
        if state.isWaitingForChildren { return ("BODY RETURNED", Style(.warn, bold: true, reverse: true)) }
        if state.isStopping { return ("CANCELLING", Style(.warn, bold: true, reverse: true)) }
        if state.isPaused { return ("PAUSED", Style(.warn, bold: true, reverse: true)) }
        if state.snapshot.phase == .ready { return ("STARTING", Style(.muted, bold: true, reverse: true)) }
        return ("RUNNING", Style(.good, bold: true, reverse: true))
    }

    /// Time left at the recent rate (the mean early on); a word when there is no honest figure.
    static func eta(_ state: DashboardState) -> String {
        let snapshot = state.snapshot
        if state.isFinished { return "none left" }
        if state.isStopping { return "stopping" }
        if state.isPaused { return "paused" }
        guard let total = snapshot.configuration.total else { return "none" }
        let remaining = total - snapshot.counters.ended
        let recent = state.recentRate.perSecond
        let rate = recent > 0 ? recent : snapshot.meanRate
        guard rate > 0 else { return "after the first scan" }
        return Figures.countdown(seconds: Double(remaining) / rate)
    }
}
