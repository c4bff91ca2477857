/// The outcome of a whole run, as reported at the end.
public struct RunSummary: Sendable {
    /// The final state: counters, rates, latencies, checksum.
    public var snapshot: ScanSnapshot
    /// The most recent failures, oldest first (at most `ScanModel.summaryErrorLimit`).
    public var errors: [ScanErrorRecord]
    /// Every failure, including those no longer kept in `errors`.
    public var errorCount: Int
    /// Scans cancelled before they were ever admitted to the ready queue; they have no events.
    public var notStarted: Int
    /// The most recent verification failures, oldest first (at most `ScanModel.summaryErrorLimit`);
    /// `counters.verificationFailures` counts them all.
    public var verificationFailures: [VerificationRecord] = []
    /// The rule of `Strategy` the run's strategy broke, which stopped the run; `nil` if it kept them.
    public var brokenRule: String?

    public var ending: RunEnding {
        if case .finished(let ending) = snapshot.phase { return ending }
        return .cancelled
    }

    public var configuration: RunConfiguration { snapshot.configuration }
    public var counters: ScanCounters { snapshot.counters }
}
