import SkyCore
import SkyFormat
import SkySoak

/// The text summary of a soak (`sky soak`), for the operator of a burn-in: which run it was (sky's
/// version, the host, its kernel and CPU, the times in UTC), whether every result was verified,
/// the scans in an operator's words, the rate and its trend, the cores over the run, what any
/// output lost, and the verdict. The teaching figures (priorities, the actor's wait, what the
/// runtime made of each task's priority) are `TextSummary`'s.
enum SoakSummary {
    static func format(_ summary: RunSummary, replay: String, dashboard: FrameFigures?, observations: RunObservations) -> String {
        let s = summary.snapshot
        let config = summary.configuration
        var lines = [TextSummary.headline(summary)]
        if let stamp = observations.stamp { lines.append("  " + stamp.line) }
        if let rule = summary.brokenRule {
            lines.append("  the strategy broke a rule, which stopped the run: \(rule) (docs/strategies.md)")
        }
        lines.append(TextSummary.verificationLine(summary))
        lines += TextSummary.verificationFailureLines(summary)
        lines.append("  scans: " + scans(summary))
        let cores = observations.cores.map { "  cores \($0)" } ?? ""
        lines.append("  batch \(s.batch)\(cores)  work \(config.work) lines  seed \(config.seed)")
        var throughput = "  throughput \(FixedPoint.fixed(s.meanRate, places: 2)) scans/s mean"
        if let cores = observations.cores, cores > 0 { throughput += " (\(FixedPoint.fixed(s.meanRate / Double(cores), places: 2)) a core)" }
        lines.append(throughput + ", \(FixedPoint.fixed(s.recentRate, places: 2)) over the last 5 s")
        if let intervals = TextSummary.intervalsLine(observations.intervals) { lines.append("  " + intervals) }
        if let throttle = observations.throttleLine { lines.append("  " + throttle) }
        if let load = observations.hostLoad, load.isBusy {
            lines.append("  busy machine: \(load.description) during the run, so the rates and times here are slower than this machine gives alone")
        }
        lines.append("  scan time ms  " + TextSummary.percentiles(s.runLatency, none: "no scan ran to its end") + "  (each scan and its verification)")
        if let host = observations.host { lines += TextSummary.hostLines(host, steal: observations.hostSteal).map { "  " + $0 } }
        if let counts = observations.throttleCountsLine { lines.append("  " + counts) }
        lines += TextSummary.errorLines(summary, title: "simulated failures (--failure-rate)")
        if let dashboard { lines.append("  " + dashboard.line) }
        for loss in observations.lossLines { lines.append("  " + loss) }
        lines.append("  replay: \(replay)")
        lines.append(Verdict(summary, observations: observations).line)
        return lines.joined(separator: "\n")
    }

    /// `86 completed, 2 left in the queue at the time limit (88 scheduled)`: the scans in an
    /// operator's words. The scans a timed soak leaves in its queue when the time is up are how it
    /// ends, not a fault.
    static func scans(_ summary: RunSummary) -> String {
        let c = summary.counters
        var parts = ["\(c.completed) completed"]
        if c.verificationFailures > 0 { parts.append("\(c.verificationFailures) failed verification") }
        if c.failed > 0 || summary.configuration.failureRate > 0 { parts.append("\(c.failed) failed on purpose (--failure-rate)") }
        if c.cancelled > 0 { parts.append("\(c.cancelled) \(summary.ending.cancelledScans)") }
        return parts.joined(separator: ", ") + " (\(c.scheduled) scheduled)"
    }
}
