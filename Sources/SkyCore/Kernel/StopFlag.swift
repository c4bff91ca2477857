import Synchronization

/// The flag a sweep reads with `--cancel-check handler`, which a cancellation handler raises: the
/// way to stop work that cannot read `Task.isCancelled` itself, a loop in C with a stop flag of its
/// own. The handler runs the moment the task is cancelled, on the thread that cancels it; the
/// sweep sees the flag only at its next check. So the flag also keeps when it was raised, for the
/// scan's events to set beside its end.
final class StopFlag: Sendable {
    private let raised = Atomic<Bool>(false)
    /// When the handler raised it; set once, before `raised`.
    private let raisedAt = Locked<ContinuousClock.Instant?>(nil)

    /// What the cancellation handler does: note the time, then raise the flag.
    func raise() {
        let now = ContinuousClock.now
        raisedAt.withLock { $0 = $0 ?? now }
        raised.store(true, ordering: .releasing)
    }

    /// What the sweep reads between its chunks.
    var isRaised: Bool { raised.load(ordering: .acquiring) }

    /// When the handler ran, if it has.
    var when: ContinuousClock.Instant? { raisedAt.withLock { $0 } }
}
