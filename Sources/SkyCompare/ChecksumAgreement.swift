/// Whether the compared runs' checksums agree, and why not when they do not.
///
/// A run's checksum folds the checksums of the scans it completed, whatever their order, so two
/// runs agree exactly when they completed the same scans with the same results. Runs that each
/// ran every scan (drained) completed the seed's set of scans; then a difference is a result that
/// changed with the strategy, a fault or a bug. A run that stopped early (a thrown error,
/// `--fail-fast`, a cancellation, `--duration`) completed whichever scans it reached, so its
/// checksum cannot be expected to agree.
public struct ChecksumAgreement: Equatable, Sendable {
    public enum Verdict: String, Equatable, Sendable {
        /// Every run's checksum is the same.
        case agree
        /// Every run ran all of its scans, and the checksums still differ.
        case differ
        /// The checksums differ, and a run that stopped early explains it.
        case differentScans = "different_scans"
        /// Fewer than two runs finished.
        case tooFew = "too_few"
    }

    public var verdict: Verdict
    /// One sentence: what agrees, or why not.
    public var reason: String

    public var agree: Bool { verdict == .agree }

    public init(_ runs: [ComparedRun]) {
        guard runs.count >= 2 else {
            verdict = .tooFew
            reason = "fewer than two runs ran, so there is nothing to compare"
            return
        }
        let completed = runs.map(\.counters.completed)
        let everyRunDrained = runs.allSatisfy(\.drained)
        if Set(runs.map(\.checksum)).count == 1 {
            verdict = .agree
            reason = everyRunDrained && Set(completed).count == 1
                ? "every run completed the same \(completed[0]) scans with the same results"
                : "the runs completed the same scans with the same results"
            return
        }
        if everyRunDrained {
            verdict = .differ
            let counts = Set(completed).count == 1
                ? "the same \(completed[0]) scans"
                : "all of their scans (" + runs.map { "\($0.name) \($0.counters.completed) completed" }.joined(separator: ", ") + ")"
            reason = "every run ran \(counts), yet the results differ: a fault or a bug (--verify checks every result)"
            return
        }
        verdict = .differentScans
        reason = "the runs completed different scans: " + runs.map(Self.account).joined(separator: "; ")
    }

    /// `throw completed 5 of 20 (thrown at scan 8)`, `result completed 17 of 20`.
    private static func account(_ run: ComparedRun) -> String {
        let ofTotal = run.total.map { " of \($0)" } ?? ""
        let stop = run.drained ? "" : run.ending == .drained ? " (\(run.counters.cancelled) cancelled, left unawaited)" : " (\(run.endingText))"
        return "\(run.name) completed \(run.counters.completed)\(ofTotal)\(stop)"
    }

    /// `checksums agree: every run completed …`, `checksums cannot agree: the runs completed …`.
    public var line: String {
        switch verdict {
        case .agree: "checksums agree: " + reason
        case .differ: "checksums DIFFER: " + reason
        case .differentScans: "checksums cannot agree: " + reason
        case .tooFew: "checksums not compared: " + reason
        }
    }
}
