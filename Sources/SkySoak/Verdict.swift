public import SkyCore
import SkyFormat

/// PASS, FAIL or UNTRUSTWORTHY for a run, and why: the last line of every summary, and the JSON
/// summary's `verdict` object, which automation reads.
///
/// - **FAIL**: the host did something wrong, or the run could not show anything: a result failed
///   verification (a possible hardware fault), `--fail-fast` or `--errors throw` stopped the run,
///   or no scan completed.
/// - **UNTRUSTWORTHY**: nothing failed, but the figures cannot be relied on: the run was cut short
///   (a signal, a cancel), a file it was asked to keep is incomplete, or the host's hypervisor took
///   a heavy share of the CPU time (steal).
/// - **PASS**: neither.
///
/// Every reason that applies is kept, the deciding one first. Simulated failures are part of a run
/// and fail nothing; a throttling warning is reported beside the verdict.
public struct Verdict: Equatable, Sendable {
    public enum Result: String, CaseIterable, Equatable, Sendable {
        case pass, fail, untrustworthy
    }

    public private(set) var result: Result
    /// Why, the deciding reason first; never empty.
    public private(set) var reasons: [String]

    /// Steal above this fraction of the host's CPU time makes a run's figures untrustworthy: the
    /// hypervisor, not the host, decided how fast the scans ran.
    public static let heavySteal = 0.10

    public var passed: Bool { result == .pass }
    public var word: String { result.rawValue.uppercased() }
    public var reason: String { reasons.joined(separator: "; ") }
    /// `verdict: FAIL: 2 verification failures: possible hardware fault (…)`
    public var line: String { "verdict: \(word): \(reason)" }

    public init(_ result: Result, reasons: [String]) {
        precondition(!reasons.isEmpty, "a verdict says why")
        self.result = result
        self.reasons = reasons
    }

    /// The verdict on a finished run, with what its loop observed: the signal that stopped it, the
    /// files that fell short, and the host's steal.
    public init(_ summary: RunSummary, observations: RunObservations) {
        let s = summary.snapshot
        let elapsed = FixedPoint.fixed(s.elapsed.seconds, places: 1)
        var cutShort: String?
        if let signal = observations.signal {
            cutShort = "stopped by \(Self.signalName(signal)) after \(elapsed) s, before the run was complete"
        } else if summary.ending == .cancelled {
            cutShort = "cancelled after \(elapsed) s, before the run was complete"
        }
        // A run stopped before anything completed was stopped, not found wanting.
        let failures = Self.failures(s, ending: summary.ending, first: summary.verificationFailures.first, expectsCompletion: cutShort == nil)
        self.init(failures: failures, doubts: [cutShort].compactMap { $0 } + observations.doubts, pass: Self.passReason(s))
    }

    /// FAIL if anything failed, with the doubts after the failures; else UNTRUSTWORTHY if anything
    /// is in doubt; else PASS, for `pass`.
    private init(failures: [String], doubts: [String], pass: String) {
        if !failures.isEmpty {
            self.init(.fail, reasons: failures + doubts)
        } else if !doubts.isEmpty {
            self.init(.untrustworthy, reasons: doubts)
        } else {
            self.init(.pass, reasons: [pass])
        }
    }

    /// The verdict so far, for a run still going (the dashboard's header, the metrics' `sky_verdict`),
    /// from the engine's snapshot and what the run's loop has observed beside it so far (`RunObservations.doubts`:
    /// an output that fell short, heavy steal), so that it never says PASS where the run is already
    /// bound to end UNTRUSTWORTHY or FAIL.
    public static func sofar(_ snapshot: ScanSnapshot, observations: RunObservations) -> Verdict {
        let doubts = observations.doubts
        if case .finished(let ending) = snapshot.phase {
            let cutShort = ending == .cancelled ? ["cancelled before the run was complete"] : []
            let failures = failures(snapshot, ending: ending, first: snapshot.lastVerificationFailure, expectsCompletion: cutShort.isEmpty)
            return Verdict(failures: failures, doubts: cutShort + doubts, pass: passReason(snapshot))
        }
        let faults = snapshot.counters.verificationFailures
        let failures = faults > 0 ? [faultReason(faults, first: snapshot.lastVerificationFailure, word: "latest")] : []
        return Verdict(failures: failures, doubts: doubts, pass: "so far")
    }

    /// What failed the run, the deciding reason first. `expectsCompletion`: whether a run that
    /// completed nothing fails (not if it was cut short).
    private static func failures(_ s: ScanSnapshot, ending: RunEnding, first: VerificationRecord?, expectsCompletion: Bool) -> [String] {
        var reasons: [String] = []
        let faults = s.counters.verificationFailures
        if faults > 0 { reasons.append(faultReason(faults, first: first, word: "first")) }
        switch ending {
        case .failFast(let scan): reasons.append("scan \(scan) failed and --fail-fast stopped the run")
        case .thrown(let scan): reasons.append("scan \(scan) failed and its thrown error stopped the run")
        case .drained, .timeUp, .taken, .cancelled: break
        }
        if expectsCompletion && s.counters.completed == 0 && faults == 0 { reasons.append("no scan completed, so nothing was checked") }
        return reasons
    }

    private static func passReason(_ s: ScanSnapshot) -> String {
        let c = s.counters
        let finished = c.finished
        var reason = "\(finished) scan\(finished == 1 ? "" : "s") in \(FixedPoint.fixed(s.elapsed.seconds, places: 1)) s"
        reason += s.configuration.verify
            ? ", every result verified against an independent recomputation"
            : ", results not verified (sky soak and --verify check every one)"
        if c.failed > 0 { reason += "; \(c.failed) simulated failure\(c.failed == 1 ? "" : "s") (--failure-rate)" }
        return reason
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
