import SkyCore
import SkySoak

/// What the header shows for soak runs: the run's bounds (a total, a duration or both), the time
/// left, and the verdict so far.
enum TimedRun {
    /// `total 20`, `duration 1:00` or `total 500 within 1:00`.
    static func bounds(_ config: RunConfiguration) -> String {
        switch (config.total, config.duration) {
        case (let total?, let duration?): "total \(total) within \(Figures.countdown(seconds: duration.seconds))"
        case (let total?, nil): "total \(total)"
        case (nil, let duration?): "duration \(Figures.countdown(seconds: duration.seconds))"
        case (nil, nil): "unbounded"
        }
    }

    /// Time left before scans stop starting; `draining` once it has run out and scans still run.
    static func remaining(_ state: DashboardState) -> String? {
        guard let left = state.snapshot.remaining(at: state.elapsed) else { return nil }
        if left == .zero && !state.isFinished && state.snapshot.counters.running > 0 { return "0:00 (draining)" }
        return Figures.countdown(seconds: left.seconds)
    }

    /// `verdict PASS so far`, the failure in red, or the doubt in amber, longest first (the header
    /// takes the first that fits); shown where the summary will end with a verdict (`sky soak`,
    /// `--verify`), and whenever a verification has failed: a plain run or a lesson, timed or not,
    /// is no burn-in to pass. It weighs what the summary's verdict will: the engine's counts and
    /// what the run's loop has observed beside them (a file that fell short, heavy steal).
    static func verdict(_ state: DashboardState) -> [(text: String, style: Style)] {
        let snapshot = state.snapshot
        let config = snapshot.configuration
        let judged = state.info.soak != nil || SummaryView.of(config).judges
        guard judged || snapshot.counters.verificationFailures > 0 else { return [] }
        let faults = snapshot.counters.verificationFailures
        if faults > 0 {
            let style = Style(.bad, bold: true, reverse: true)
            let text = "FAIL: \(faults) verification failure\(faults == 1 ? "" : "s")"
            guard let last = snapshot.lastVerificationFailure else { return [(text, style)] }
            return [(text + ", latest on core \(last.failure.core)", style), (text, style), ("FAIL: \(faults) fault\(faults == 1 ? "" : "s")", style)]
        }
        let verdict = Verdict.sofar(snapshot, observations: state.observations)
        let tone: Tint = switch verdict.result {
        case .pass: .good
        case .fail: .bad
        case .untrustworthy: .warn
        }
        let style = Style(tone, bold: true)
        let word = state.isFinished ? verdict.word : "\(verdict.word) so far"
        guard verdict.result != .pass, let why = verdict.reasons.first else { return [("verdict \(word)", style), (word, style)] }
        return [("verdict \(word): \(why)", style), ("verdict \(word)", style), (word, style)]
    }
}

extension ScanSnapshot {
    /// What counters are drawn out of: the total, or, for a run bounded by time alone, the scans
    /// scheduled so far.
    var scanScale: Int { progress.configuration.total ?? max(1, progress.counters.scheduled) }
}
