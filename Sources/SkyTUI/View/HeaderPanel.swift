import SkyCore
import SkyReport

/// The title bar with the run's state, then the run's facts: total, batch, seed, cores, priority
/// mix, strategy, elapsed time and ETA.
enum HeaderPanel {
    static let height = 3

    static func draw(_ state: DashboardState, into grid: inout Grid) {
        let width = grid.size.width
        let snapshot = state.snapshot
        let config = snapshot.configuration
        grid.fill(" ", x: 0, y: 0, width: width, style: Style(.title, reverse: true))
        let title = state.info.replay ?? state.info.lesson?.title ?? "deep-space scan"
        grid.write(" SKY  " + title, x: 0, y: 0, style: Style(.title, bold: true, reverse: true))
        let badge = self.badge(state)
        grid.write(" \(badge.text) ", x: width - badge.text.count - 3, y: 0, style: badge.style)

        let mix = config.priorityMix
        let batch = switch config.strategy {
        case .serial: "one at a time"
        case .asyncLet: "two at a time"
        case .unbounded, .reduce, .waitForAll: "no batch"
        case .batched, .discarding, .stream, .unstructured, .own: "batch \(snapshot.batch)"
        case .actorQueue, .actorReentrant: "\(snapshot.batch) senders"
        }
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
        if verdicts.isEmpty { facts = factsChoices[0] }
        grid.write(" " + facts, x: 0, y: 1)
        if let verdict { grid.write(verdict.text, x: max(facts.count + 4, width - verdict.text.count - 1), y: 1, style: verdict.style) }

        var column = grid.write(" strategy ", x: 0, y: 2, style: Style(.muted))
        // The strategy's few words go first when the line is short of room.
        let clockRoom = 11 + Figures.clock(state.elapsed).count + 7 + eta(state).count
        let detailed = "\(config.strategy.rawValue) (\(config.strategy.summary))"
        column = grid.write(column + detailed.count + clockRoom <= width ? detailed : config.strategy.rawValue, x: column, y: 2)
        if config.errors.throwsFailures {
            column = grid.write("   errors ", x: column, y: 2, style: Style(.muted))
            column = grid.write(config.errors.rawValue, x: column, y: 2, style: Style(.warn))
        }
        if config.speed < 1 {
            column = grid.write("   speed ", x: column, y: 2, style: Style(.muted))
            column = grid.write("×\(FixedPoint.fixed(config.speed, places: 2))", x: column, y: 2, style: Style(.warn))
        }
        column = grid.write("   elapsed ", x: column, y: 2, style: Style(.muted))
        column = grid.write(Figures.clock(state.elapsed), x: column, y: 2, style: Style(.accent, bold: true))
        if let remaining = TimedRun.remaining(state) {
            column = grid.write("   remaining ", x: column, y: 2, style: Style(.muted))
            grid.write(remaining, x: column, y: 2, style: Style(.accent, bold: true))
        } else {
            column = grid.write("   ETA ", x: column, y: 2, style: Style(.muted))
            grid.write(eta(state), x: column, y: 2, style: Style(.accent))
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
