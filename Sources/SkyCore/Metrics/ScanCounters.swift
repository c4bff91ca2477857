/// How many scans are in each state. Once a run ends, `finished == scheduled`, and a run that
/// drained with a total has `finished == total`.
public struct ScanCounters: Equatable, Sendable {
    /// Scans admitted to the ready queue so far.
    public var scheduled = 0
    /// Scheduled scans not yet started.
    public var waiting = 0
    public var running = 0
    /// Stream runs only: finished scans whose results wait in the stream for the consumer.
    public var inStream = 0
    public var completed = 0
    public var failed = 0
    /// Includes scans that never started because the run was cancelled.
    public var cancelled = 0
    /// Scans whose result differed from its independent recomputation: possible hardware faults.
    /// Counted apart from `failed`, which holds the simulated failures only.
    public var verificationFailures = 0

    public init() {}

    /// Scans that have reached their one terminal state.
    public var finished: Int { completed + failed + cancelled + verificationFailures }
}
