/// How many scans are in each state. Once a run ends, `ended == scheduled`, and a run that drained
/// with a total has `ended == total`.
public struct ScanCounters: Equatable, Sendable {
    /// Scans admitted to the ready queue so far.
    public var scheduled = 0
    /// Scheduled scans not yet started.
    public var waiting = 0
    public var running = 0
    /// Stream runs only: scans that ended whose results wait in the stream for the consumer.
    public var inStream = 0
    /// `--errors collect` only: scans that ended whose results the group's body holds in its
    /// array, booked when the group returns it and lost if the group throws.
    public var collected = 0
    public var completed = 0
    public var failed = 0
    /// Includes scans that never started because the run was cancelled.
    public var cancelled = 0
    /// Scans whose result differed from its independent recomputation: possible hardware faults.
    /// Counted apart from `failed`, which holds the simulated failures only.
    public var verificationFailures = 0

    public init() {}

    /// Scans that ran to their end, whatever they found: completed, failed, or failed
    /// verification. This is what every rate counts.
    public var finished: Int {
        Self.finished(completed: completed, failed: failed, verificationFailures: verificationFailures)
    }

    /// Scans that have reached their one terminal state: finished or cancelled.
    public var ended: Int { finished + cancelled }

    /// The one definition of a finished scan, for every count that has these three parts.
    public static func finished(completed: Int, failed: Int, verificationFailures: Int) -> Int {
        completed + failed + verificationFailures
    }
}
