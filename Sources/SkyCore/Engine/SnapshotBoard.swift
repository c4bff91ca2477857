import Synchronization

/// The latest snapshot, readable from any thread without an actor hop.
///
/// A dashboard polling from a plain thread must not wait behind CPU-bound scans for a turn on the
/// cooperative pool (DESIGN.md, "Where the UI loop runs"), so the model writes here and readers
/// only take a short lock.
final class SnapshotBoard: Sendable {
    private let latest: Mutex<ScanSnapshot>

    init(_ snapshot: ScanSnapshot) {
        latest = Mutex(snapshot)
    }

    func publish(_ snapshot: ScanSnapshot) {
        latest.withLock { $0 = snapshot }
    }

    func read() -> ScanSnapshot {
        latest.withLock { $0 }
    }
}
