public import SkyCore
import SkyFormat
public import SkySoak

/// The final summary of a run, for people.
public enum TextSummary {
    /// At most this many errors are listed; the rest are counted.
    public static let listedErrors = 20

    /// The summary of `summary`'s run, for `view`'s reader (by default, `SummaryView.of` the run's
    /// configuration).
    public static func format(
        _ summary: RunSummary, replay: String, dashboard: FrameFigures? = nil, observations: RunObservations = RunObservations(),
        view: SummaryView? = nil
    ) -> String {
        let view = view ?? .of(summary.configuration)
        if view == .soak { return SoakSummary.format(summary, replay: replay, dashboard: dashboard, observations: observations) }
        let operatorView = view == .verified
        let s = summary.snapshot
        let c = s.counters
        let config = summary.configuration
        var lines = [headline(summary)]
        if let line = cancelTimerLine(summary) { lines.append(line) }
        if let rule = summary.brokenRule {
            lines.append("  the strategy broke a rule, which stopped the run: \(rule) (docs/strategies.md)")
        }
        if config.strategy != RunConfiguration.defaultStrategy || config.errors != RunConfiguration.defaultErrors {
            lines.append("  strategy \(config.strategy.rawValue) (\(config.strategy.summary))  errors \(config.errors.rawValue)")
        }
        lines.append("  seed \(config.seed)  batch \(s.batch)  work \(config.work) lines  priorities \(config.priorityMix)")
        lines.append("  completed \(c.completed)  failed \(c.failed)  cancelled \(c.cancelled)  (scheduled \(c.scheduled), at most \(s.maxRunning) \(s.configuration.strategy.holder) at once)")
        if operatorView { lines.append(verificationLine(summary)) }
        lines += verificationFailureLines(summary)
        if let stoppedIn = s.stoppedIn {
            let milliseconds = FixedPoint.milliseconds(stoppedIn)
            let cause = summary.ending == .taken ? "the loop stopped taking" : "the cancellation"
            var line = switch summary.ending {
            case _ where s.stoppedInGap && config.strategy == .actorQueue:
                "  the actor's queue's sleep between two jobs ended \(milliseconds) ms after \(cause)"
            case _ where s.stoppedInGap: "  the serial loop's sleep between two scans ended \(milliseconds) ms after \(cause)"
            case _ where s.leftRunning != nil && config.taskBag:
                "  the loop returned, and its task bag, torn down, cancelled its tasks: they stopped \(milliseconds) ms after \(cause)"
            case _ where s.leftRunning != nil:
                "  the loop returned at once; its unstructured tasks, which nothing cancelled, ran on for \(milliseconds) ms"
            case .taken where config.strategy.takesInGroupBody:
                "  the group waited \(milliseconds) ms for its running children after its body returned"
            case .taken where config.strategy == .stream: "  the running scans stopped \(milliseconds) ms after the consumer went"
            default: "  the running scans stopped \(milliseconds) ms after \(cause)"
            }
            if let checking = s.checkingStoppedIn {
                line += "; those that check for cancellation, \(FixedPoint.milliseconds(checking)) ms"
            }
            lines.append(line)
        }
        if let tally = s.catalogue {
            var line = "  catalogue (\(tally.mode.rawValue)): expected \(tally.expected), got \(tally.counted)"
            if tally.counted < tally.expected {
                line += ": \(tally.staleWrites) writes came back across an await with a stale count, losing \(tally.expected - tally.counted) updates"
            }
            lines.append(line)
        }
        if let fold = s.fold {
            lines.append("  group.reduce returned its fold of \(fold.outcomes) outcomes: \(fold.completed) results, \(fold.signals) signals")
        }
        if s.discarded > 0 && summary.ending == .taken {
            lines.append("  \(s.discarded) result\(s.discarded == 1 ? "" : "s") finished after the body returned, which the group dropped, errors and all")
        } else if s.discarded > 0 {
            let with = config.errors == .collect ? "the body's array and the group" : "the group"
            lines.append("  \(s.discarded) finished result\(s.discarded == 1 ? " was" : "s were") discarded with \(with) when the error was thrown")
        }
        lines.append("  throughput \(FixedPoint.fixed(s.meanRate, places: 2)) scans/s mean, \(FixedPoint.fixed(s.recentRate, places: 2)) over the last 5 s")
        if let load = observations.hostLoad, load.isBusy {
            // Beside the figures it slows: the rates here, the times below.
            lines.append("  busy machine: \(load.description) during the run, so the rates and times here are slower than this machine gives alone")
        }
        // Each figure says who measured it: a child times its own sweep, so no wait for the actor
        // is in a run time; a wait runs between two moments of the actor's book.
        lines.append("  run time  ms  " + percentiles(s.runLatency, none: "no scan ran to its end") + "  (each scan's child, first line to last)")
        lines.append("  wait time ms  " + percentiles(s.waitLatency, none: "no scan started") + "  (the actor, scheduled to started)")
        let byPriority = ScanPriority.allCases.map { p in
            let counts = s.byPriority[p]
            return "\(p) \(counts.finished)/\(counts.scheduled)"
        }
        lines.append("  finished by priority: " + byPriority.joined(separator: "  "))
        if let runtime = runtimePriorityLine(s.priorityReadings, strategy: config.strategy) { lines.append("  " + runtime) }
        lines.append("  checksum \(Hex.format(s.checksum))")
        lines += errorLines(summary, title: "errors")
        if operatorView, let dashboard { lines.append("  " + dashboard.line) }
        if let intervals = intervalsLine(observations.intervals) { lines.append("  " + intervals) }
        if let host = observations.host { lines += hostLines(host, steal: observations.hostSteal).map { "  " + $0 } }
        if let throttle = observations.throttleLine { lines.append("  " + throttle) }
        if let counts = observations.throttleCountsLine { lines.append("  " + counts) }
        for loss in observations.lossLines { lines.append("  " + loss) }
        lines.append("  replay: \(replay)")
        if operatorView { lines.append(Verdict(summary, observations: observations).line) }
        return lines.joined(separator: "\n")
    }

    /// The first line: how the run ended, and the scans it finished in how long.
    static func headline(_ summary: RunSummary) -> String {
        let s = summary.snapshot
        let c = s.counters
        let config = summary.configuration
        let elapsed = FixedPoint.fixed(s.elapsed.seconds, places: 2)
        let ofTotal = config.total.map { " of \($0)" } ?? ""
        switch summary.ending {
        case .drained where c.cancelled > 0 && config.errors == .cancel:
            return "sky: finished \(c.finished) scans in \(elapsed) s; \(c.cancelled) cancelled by their group, which its body cancelled at a failure"
        case .drained where c.cancelled > 0:
            // `async-let`: the second scans of pairs whose first failed, left unawaited.
            return "sky: finished \(c.finished) scans in \(elapsed) s; \(c.cancelled) cancelled as their pair's scope was left without awaiting them"
        case .drained:
            return "sky: finished \(c.finished) scans in \(elapsed) s"
        case .timeUp:
            let duration = FixedPoint.fixed(config.duration?.seconds ?? 0, places: 1)
            return "sky: ran scans for \(duration) s (--duration), then let the running ones finish: \(c.finished) scans in \(elapsed) s"
        case .cancelled:
            return "sky: cancelled after \(elapsed) s; \(c.finished)\(ofTotal) scans finished"
        case .failFast(let scan):
            return "sky: scan \(scan) failed and --fail-fast cancelled the rest after \(elapsed) s"
        case .thrown(let scan):
            let thrown = "sky: scan \(scan) failed and its error, thrown out of \(config.strategy.throwsOutOf ?? "the run"),"
            // Out of the serial loop, the error cancels no running scan: none but the failed one
            // ran. Out of a pair's scope, it cancels the one beside it.
            let line = switch config.strategy {
            case .serial: "\(thrown) stopped the run after \(elapsed) s: no scan started after it"
            case .asyncLet: "\(thrown) ended the run after \(elapsed) s: the scope cancelled and awaited its pair's other scan, and no scan started after it"
            case .waitForAll: "\(thrown) ended the run after \(elapsed) s, once every other child had ended: it cancelled none"
            default: "\(thrown) cancelled the rest after \(elapsed) s"
            }
            return line
        case .taken:
            let results = "\(config.take ?? 0) result\(config.take == 1 ? "" : "s")"
            let taker = switch config.strategy {
            case .stream: "the stream's consumer took \(results) and went"
            case .serial, .asyncLet, .awaited: "the loop took \(results) and stopped"
            case .batched, .unbounded: "the group's body took \(results) and returned"
            case .unstructured, .discarding, .reduce, .waitForAll, .unlessCancelled, .own: "the loop took \(results) and returned"
            case .actorQueue, .actorReentrant: "the actor took \(results) and stopped"
            }
            return "sky: \(taker); \(c.finished)\(ofTotal) scans finished in \(elapsed) s"
        }
    }

    /// Each result that did not match its recomputation, where it was computed, up to `listedErrors`.
    static func verificationFailureLines(_ summary: RunSummary) -> [String] {
        var lines: [String] = []
        for record in summary.verificationFailures.prefix(listedErrors) {
            let f = record.failure
            lines.append("    \(FixedPoint.fixed(record.time.seconds, places: 2)) s  scan \(record.scan) (\(record.priority)) on core \(f.core), thread \(f.thread): "
                + "checksum \(Hex.format(f.found.checksum)), signals \(f.found.signals); recomputed \(Hex.format(f.expected.checksum)), signals \(f.expected.signals)")
        }
        let count = summary.counters.verificationFailures
        if count > listedErrors { lines.append("    … and \(count - listedErrors) more (--events records every one)") }
        return lines
    }

    /// `  errors (3):` and each failed scan, up to `listedErrors`; none without failures.
    static func errorLines(_ summary: RunSummary, title: String) -> [String] {
        guard summary.errorCount > 0 else { return [] }
        var lines = ["  \(title) (\(summary.errorCount)):"]
        for error in summary.errors.prefix(listedErrors) {
            lines.append("    \(FixedPoint.fixed(error.time.seconds, places: 2)) s  scan \(error.scan) (\(error.priority)): \(error.failure)")
        }
        if summary.errorCount > listedErrors {
            lines.append("    … and \(summary.errorCount - listedErrors) more (--events records every one; --format json lists the last 1000)")
        }
        return lines
    }

    /// `--cancel-after`: when the cancel reached the run, against when it was asked for. Its timer
    /// is a task of the run like the scans, so it is late when scans that never yield hold every
    /// thread of the pool.
    static func cancelTimerLine(_ summary: RunSummary) -> String? {
        guard summary.ending == .cancelled, let asked = summary.configuration.cancelAfter,
              let reached = summary.snapshot.stoppingAt, reached >= asked else { return nil }
        var line = "  --cancel-after \(FixedPoint.fixed(asked.seconds, places: 2)) s: the cancel reached the run at \(FixedPoint.fixed(reached.seconds, places: 2)) s"
        let late = reached - asked
        if late >= .milliseconds(100) {
            line += ", \(FixedPoint.fixed(late.seconds, places: 2)) s late: its timer is a task like the scans, and waited for a thread they held"
        }
        return line
    }

    static func verificationLine(_ summary: RunSummary) -> String {
        let c = summary.counters
        guard summary.configuration.verify else {
            return "  verification off: results were not checked (sky soak and --verify check every one)"
        }
        var line = "  verification: \(c.completed + c.verificationFailures) results checked against an independent recomputation, "
        line += c.verificationFailures == 0
            ? "all matched"
            : "\(c.verificationFailures) did not: possible hardware fault"
        if summary.configuration.corruptionRate > 0 {
            line += " (--inject-corruption \(summary.configuration.corruptionRate))"
        }
        return line
    }

    /// What the runtime made of the scans' priorities, as the scans read it:
    /// `runtime priority: 30 of 30 child tasks kept their scan's priority as base (Task.basePriority); all 30 ran at medium (Task.currentPriority)`,
    /// or, for scans with no task of their own (a serial run's),
    /// `runtime priority: none reached it; the 8 scans ran inline in the loop's task, at medium (Task.currentPriority)`.
    static func runtimePriorityLine(_ readings: PriorityReadings, strategy: ScanStrategy = .batched) -> String? {
        guard readings.scans > 0 else { return nil }
        let levels = ScanPriority.allCases.map { ($0.description, readings.ranAt[$0]) } + [("other", readings.otherRanAt)]
        let seen = levels.filter { $0.1 > 0 }
        let ranAt = seen.count == 1 ? seen[0].0 : seen.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        let scans = "\(readings.scans) scan\(readings.scans == 1 ? "" : "s")"
        guard readings.ownTasks > 0 else {
            return "runtime priority: none reached it; the \(scans) ran inline in the loop's task, at \(ranAt) (Task.currentPriority)"
        }
        let ran = seen.count > 1 ? "they ran at \(ranAt)" : readings.scans == 1 ? "it ran at \(ranAt)" : "all \(readings.scans) ran at \(ranAt)"
        if strategy == .asyncLet {
            // `async let` has no priority to ask for: a child's base is its parent's, and matches
            // its scan's only where the scan asked for that.
            return "runtime priority: an async let takes none; \(readings.baseAsAsked) of \(readings.ownTasks) child tasks had their scan's "
                + "as base all the same (Task.basePriority); \(ran) (Task.currentPriority)"
        }
        let tasks = readings.ownTasks == 1 ? "child task kept its" : "child tasks kept their"
        return "runtime priority: \(readings.baseAsAsked) of \(readings.ownTasks) \(tasks) scan's priority as base (Task.basePriority); "
            + "\(ran) (Task.currentPriority)"
    }

    /// `cores over the run: 97-100% busy, 2596 MHz, temperature n/a, …`, the host's steal, and why
    /// some figures are n/a.
    static func hostLines(_ host: HostFigures, steal: Double?) -> [String] {
        var line = "cores over the run: " + HostLine.parts(host, throttle: false).joined(separator: ", ")
        if let steal { line += "; host steal \(FixedPoint.fixed(steal * 100, places: 1))%" }
        return [line] + (HostLine.missingLine(host.missing).map { [$0] } ?? [])
    }

    /// `intervals: 6 of 10 s, 4.02 to 4.31 scans/s (median 4.20)`
    static func intervalsLine(_ intervals: [IntervalFigures]) -> String? {
        // A run shorter than one interval has no rates to compare. The last interval is usually
        // cut short by the end of the run; it is left out of the range.
        guard intervals.count > 1 else { return nil }
        let whole = Array(intervals.dropLast())
        let first = whole[0]
        let rates = whole.map(\.scansPerSecond).sorted()
        // Whole seconds hide a --report-every under ten seconds ("about 0 s" for 200ms).
        let length = FixedPoint.fixed(first.seconds, places: first.seconds < 10 ? 1 : 0)
        return "intervals: \(intervals.count) of about \(length) s, \(FixedPoint.fixed(rates[0], places: 2)) to "
            + "\(FixedPoint.fixed(rates[rates.count - 1], places: 2)) scans/s (median \(FixedPoint.fixed(rates[rates.count / 2], places: 2)))"
    }

    /// The percentiles, or `none` when nothing was measured: a p50 of 0.0 would be a figure.
    static func percentiles(_ p: LatencyPercentiles, none: String) -> String {
        guard p.count > 0 else { return "none: \(none)" }
        return "p50 \(FixedPoint.fixed(p.p50, places: 1))  p95 \(FixedPoint.fixed(p.p95, places: 1))  p99 \(FixedPoint.fixed(p.p99, places: 1))"
    }
}
