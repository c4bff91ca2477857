/// Something that happened to one scan. Every scan ends with exactly one terminal event:
/// completed, failed or cancelled.
public struct ScanEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Admitted to the ready queue.
        case scheduled
        /// `--strategy actor-queue` or `actor-reentrant`: its job reached the actor, sent from a
        /// task of its own; the actor starts the jobs in this order.
        case arrived
        /// Took a slot and began its sweep.
        case started
        /// Stream runs: ended, its result waiting in the stream for the loop to take it; the scan
        /// keeps its slot until then, and its terminal event follows when it is taken.
        case delivered
        case completed(ScanResult)
        case failed(ScanFailure)
        /// Finished with a result that its recomputation contradicts: a possible hardware fault.
        case verificationFailed(VerificationFailure)
        /// Stopped by cancellation, while running or before it started.
        case cancelled
    }

    public var kind: Kind
    public var scan: Int
    public var priority: ScanPriority
    /// The batch slot the scan ran in; `nil` for scans that never started.
    public var slot: Int?
    /// When it happened, measured from the start of the run.
    public var time: Duration
    /// The terminal event of a scan that started: its run from start to end.
    public var span: ScanSpan?
    /// The scan's child never checks for cancellation (`--ignore-cancellation`): told on its
    /// `started` and terminal events.
    public var ignoresCancellation = false
    /// A `cancelled` scan whose sweep handed back what it had swept (`--cancel-check partial`).
    public var partial: PartialSweep?

    public init(kind: Kind, scan: Int, priority: ScanPriority, slot: Int?, time: Duration, span: ScanSpan? = nil) {
        self.kind = kind
        self.scan = scan
        self.priority = priority
        self.slot = slot
        self.time = time
        self.span = span
    }

    public var isTerminal: Bool {
        switch kind {
        case .scheduled, .arrived, .started, .delivered: false
        case .completed, .failed, .verificationFailed, .cancelled: true
        }
    }

    /// The name used in the events file.
    public var name: String {
        switch kind {
        case .scheduled: "scheduled"
        case .arrived: "arrived"
        case .started: "started"
        case .delivered: "delivered"
        case .completed: "completed"
        case .failed: "failed"
        case .verificationFailed: "verification_failed"
        case .cancelled: "cancelled"
        }
    }
}
