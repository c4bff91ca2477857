public import SkyCore

/// PASS or FAIL for a run, and why in one sentence: the last line of every summary.
///
/// A run fails when a result failed verification (a possible hardware fault), when it did not
/// run its course (a signal, a cancellation, `--fail-fast`, `--errors throw`), or when the events
/// file or the trace it was asked to keep is incomplete. Simulated failures are part of a run and
/// do not fail it; a throttling warning is reported beside the verdict.
public struct Verdict: Equatable, Sendable {
    public var passed: Bool
    public var reason: String

    public var word: String { passed ? "PASS" : "FAIL" }
    /// `verdict: FAIL: 2 verification failures: possible hardware fault (…)`
    public var line: String { "verdict: \(word): \(reason)" }

    public init(passed: Bool, reason: String) {
        self.passed = passed
        self.reason = reason
    }

    /// The verdict on a finished run, with what its loop observed: the signal that stopped it, and
    /// whether the events file and the trace kept every event.
    public init(_ summary: RunSummary, observations: RunObservations) {
        self = Self.judge(summary.snapshot, ending: summary.ending, signal: observations.signal, first: summary.verificationFailures.first)
        if passed, let lost = observations.lossLines.first {
            self = Verdict(passed: false, reason: lost)
        }
    }

    /// The verdict so far, for a run still going (the dashboard's badge).
    public static func sofar(_ snapshot: ScanSnapshot) -> Verdict {
        if case .finished(let ending) = snapshot.phase {
            return judge(snapshot, ending: ending, signal: nil, first: snapshot.lastVerificationFailure)
        }
        let faults = snapshot.counters.verificationFailures
        if faults > 0 { return Verdict(passed: false, reason: faultReason(faults, first: snapshot.lastVerificationFailure, word: "latest")) }
        return Verdict(passed: true, reason: "so far")
    }

    private static func judge(_ s: ScanSnapshot, ending: RunEnding, signal: Int32?, first: VerificationRecord?) -> Verdict {
        let c = s.counters
        let elapsed = FixedPoint.fixed(s.elapsed.seconds, places: 1)
        if c.verificationFailures > 0 {
            return Verdict(passed: false, reason: faultReason(c.verificationFailures, first: first, word: "first"))
        }
        if let signal {
            return Verdict(passed: false, reason: "stopped by \(signalName(signal)) after \(elapsed) s, before the run was complete")
        }
        switch ending {
        case .cancelled:
            return Verdict(passed: false, reason: "cancelled after \(elapsed) s, before the run was complete")
        case .failFast(let scan):
            return Verdict(passed: false, reason: "scan \(scan) failed and --fail-fast stopped the run")
        case .thrown(let scan):
            return Verdict(passed: false, reason: "scan \(scan) failed and its thrown error stopped the run")
        case .drained, .timeUp, .taken:
            break
        }
        let finished = c.finished
        if c.completed == 0 {
            return Verdict(passed: false, reason: "no scan completed, so nothing was checked")
        }
        var reason = "\(finished) scan\(finished == 1 ? "" : "s") in \(elapsed) s"
        reason += s.configuration.verify
            ? ", every result verified against an independent recomputation"
            : ", results not verified (sky soak and --verify check every one)"
        if c.failed > 0 { reason += "; \(c.failed) simulated failure\(c.failed == 1 ? "" : "s") (--failure-rate)" }
        return Verdict(passed: true, reason: reason)
    }

    private static func faultReason(_ count: Int, first: VerificationRecord?, word: String) -> String {
        var reason = "\(count) verification failure\(count == 1 ? "" : "s"): possible hardware fault"
        if let first {
            reason += " (\(word): scan \(first.scan) on core \(first.failure.core), thread \(first.failure.thread))"
        }
        return reason
    }

    public static func signalName(_ signal: Int32) -> String {
        switch signal {
        case 1: "SIGHUP"
        case 2: "SIGINT"
        case 13: "SIGPIPE"
        case 15: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}
