
/// The latest snapshot, readable from any thread without an actor hop.
///
/// A dashboard polling from a plain thread must not wait behind CPU-bound scans for a turn on the
/// cooperative pool (DESIGN.md, "Where the UI loop runs"), so the model writes here and readers
/// take a short lock. Publishing copies the plain-value progress and, when they changed, shares the
/// model's slot and error arrays (a reference count, not a copy).
final class SnapshotBoard: Sendable {
    private let latest: Locked<ScanSnapshot>

    init(_ snapshot: ScanSnapshot) {
        latest = Locked(snapshot)
    }

    /// Replaces the progress, and the slots and errors where given.
    func publish(_ progress: RunProgress, slots: [SlotOccupancy?]?, recentErrors: [ScanErrorRecord]?) {
        latest.withLock { snapshot in
            snapshot.progress = progress
            if let slots { snapshot.slots = slots }
            if let recentErrors { snapshot.recentErrors = recentErrors }
        }
    }

    func read() -> ScanSnapshot {
        latest.withLock { $0 }
    }
}
