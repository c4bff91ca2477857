/// What `ScanEventBuffer` hands its reader: the events it kept, in their order, and, where it had
/// to drop some, a count of them in their place.
public enum HeldEvent: Equatable, Sendable {
    case event(RunEvent)
    /// Events dropped here because the reader fell behind.
    case skipped(SkippedEvents)

    /// The event, if this is one.
    public var event: RunEvent? {
        if case .event(let event) = self { return event }
        return nil
    }
}

/// Events a buffer dropped, counted by kind: enough for a reader to keep its count of busy slots,
/// and to say what it did not see one by one.
public struct SkippedEvents: Equatable, Sendable {
    public var scheduled = 0
    /// Jobs that reached the actor (`--strategy actor-queue` or `actor-reentrant`).
    public var arrived = 0
    public var started = 0
    public var delivered = 0
    public var completed = 0
    public var failed = 0
    public var verificationFailed = 0
    /// Cancelled in a slot.
    public var cancelledRunning = 0
    /// Cancelled before they started: they never held a slot.
    public var cancelledWaiting = 0
    /// Changes to the run (a buffer drops them only past its limit of them).
    public var changes = 0
    /// When the newest of them happened.
    public var latest: Duration = .zero

    public init() {}

    public var total: Int {
        scheduled + arrived + started + delivered + completed + failed + verificationFailed + cancelledRunning + cancelledWaiting + changes
    }

    /// Slots the skipped events freed: their scans ended in a slot.
    public var freed: Int { completed + failed + verificationFailed + cancelledRunning }

    /// Which count an event goes into: worked out once, when the event comes, so that dropping it
    /// later does not read it again.
    enum Tally: UInt8, CaseIterable, Sendable {
        case scheduled, arrived, started, delivered, completed, failed, verificationFailed, cancelledRunning, cancelledWaiting, change

        init(_ event: ScanEvent) {
            switch event.kind {
            case .scheduled: self = .scheduled
            case .arrived: self = .arrived
            case .started: self = .started
            case .delivered: self = .delivered
            case .completed: self = .completed
            case .failed: self = .failed
            case .verificationFailed: self = .verificationFailed
            case .cancelled: self = event.slot == nil ? .cancelledWaiting : .cancelledRunning
            }
        }
    }

    /// Counts one more of `tally`; `latest` is the caller's to keep.
    mutating func count(_ tally: Tally) {
        switch tally {
        case .scheduled: scheduled += 1
        case .arrived: arrived += 1
        case .started: started += 1
        case .delivered: delivered += 1
        case .completed: completed += 1
        case .failed: failed += 1
        case .verificationFailed: verificationFailed += 1
        case .cancelledRunning: cancelledRunning += 1
        case .cancelledWaiting: cancelledWaiting += 1
        case .change: changes += 1
        }
    }

    /// Both counts together.
    public mutating func add(_ other: SkippedEvents) {
        scheduled += other.scheduled
        arrived += other.arrived
        started += other.started
        delivered += other.delivered
        completed += other.completed
        failed += other.failed
        verificationFailed += other.verificationFailed
        cancelledRunning += other.cancelledRunning
        cancelledWaiting += other.cancelledWaiting
        changes += other.changes
        latest = max(latest, other.latest)
    }
}
