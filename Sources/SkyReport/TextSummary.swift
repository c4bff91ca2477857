public import SkyCore

/// The final summary of a run, for people.
public enum TextSummary {
    /// At most this many errors are listed; the rest are counted.
    public static let listedErrors = 20

    public static func format(_ summary: RunSummary, replay: String, dashboard: FrameFigures? = nil) -> String {
        let s = summary.snapshot
        let c = s.counters
        let config = summary.configuration
        var lines: [String] = []
        let elapsed = FixedPoint.fixed(s.elapsed.seconds, places: 2)
        switch summary.ending {
        case .drained:
            lines.append("sky: finished \(config.total) scans in \(elapsed) s")
        case .cancelled:
            lines.append("sky: cancelled after \(elapsed) s; \(c.completed + c.failed) of \(config.total) scans finished")
        case .failFast(let scan):
            lines.append("sky: scan \(scan) failed and --fail-fast cancelled the rest after \(elapsed) s")
        case .thrown(let scan):
            lines.append("sky: scan \(scan) failed and its error, thrown out of the task group, cancelled the rest after \(elapsed) s")
        }
        if config.strategy != .batched || config.errors != .result {
            lines.append("  strategy \(config.strategy.rawValue) (\(config.strategy.summary))  errors \(config.errors.rawValue)")
        }
        lines.append("  seed \(config.seed)  batch \(s.batch)  work \(config.work) lines  priorities \(config.priorityMix)")
        lines.append("  completed \(c.completed)  failed \(c.failed)  cancelled \(c.cancelled)  (scheduled \(c.scheduled), max running \(s.maxRunning))")
        if let stoppedIn = s.stoppedIn {
            lines.append("  the running scans stopped \(FixedPoint.fixed(stoppedIn.seconds * 1000, places: 1)) ms after the cancellation")
        }
        if s.discarded > 0 {
            lines.append("  \(s.discarded) finished result\(s.discarded == 1 ? " was" : "s were") discarded with the group when the error was thrown")
        }
        lines.append("  throughput \(FixedPoint.fixed(s.meanRate, places: 2)) scans/s mean, \(FixedPoint.fixed(s.recentRate, places: 2)) over the last 5 s")
        lines.append("  run time  ms  " + percentiles(s.runLatency))
        lines.append("  wait time ms  " + percentiles(s.waitLatency))
        let byPriority = ScanPriority.allCases.map { p in
            let counts = s.byPriority[p]
            return "\(p) \(counts.completed + counts.failed)/\(counts.scheduled)"
        }
        lines.append("  finished by priority: " + byPriority.joined(separator: "  "))
        let shift = s.priorityShift
        if shift.raised + shift.lowered > 0 {
            lines.append("  runtime priority: \(shift.raised) scan\(shift.raised == 1 ? "" : "s") ran above and \(shift.lowered) below what they asked for (Task.currentPriority)")
        }
        lines.append("  checksum \(Hex.format(s.checksum))")
        if summary.errorCount > 0 {
            lines.append("  errors (\(summary.errorCount)):")
            for error in summary.errors.prefix(listedErrors) {
                lines.append("    \(FixedPoint.fixed(error.time.seconds, places: 2)) s  scan \(error.scan) (\(error.priority)): \(error.failure)")
            }
            if summary.errorCount > listedErrors {
                lines.append("    … and \(summary.errorCount - listedErrors) more (--events records every one; --format json lists the last 1000)")
            }
        }
        if let dashboard { lines.append("  " + dashboard.line) }
        lines.append("  replay: \(replay)")
        return lines.joined(separator: "\n")
    }

    private static func percentiles(_ p: LatencyPercentiles) -> String {
        "p50 \(FixedPoint.fixed(p.p50, places: 1))  p95 \(FixedPoint.fixed(p.p95, places: 1))  p99 \(FixedPoint.fixed(p.p99, places: 1))"
    }
}
