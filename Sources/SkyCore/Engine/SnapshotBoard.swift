import Synchronization

/// The latest snapshot, readable from any thread without an actor hop.
///
/// A dashboard polling from a plain thread must not wait behind CPU-bound scans for a turn on the
/// cooperative pool (DESIGN.md, "Where the UI loop runs"), so the model writes here and readers
/// take a short lock. The model edits slots and errors in place and copies only the plain-value
/// progress, so publishing never copies an array.
final class SnapshotBoard: Sendable {
    private let latest: Mutex<ScanSnapshot>

    init(_ snapshot: ScanSnapshot) {
        latest = Mutex(snapshot)
    }

    func publish(_ progress: RunProgress) {
        latest.withLock { $0.progress = progress }
    }

    func update(_ body: (inout ScanSnapshot) -> Void) {
        latest.withLock { body(&$0) }
    }

    func read() -> ScanSnapshot {
        latest.withLock { $0 }
    }
}
