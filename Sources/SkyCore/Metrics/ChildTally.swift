import Synchronization

/// Scans counted by their own child tasks as they end, with no hop to the actor: the direct
/// counters. The actor's counters are the accounted truth, but they advance only when the actor
/// gets a thread; these advance the moment a child finishes, so the difference between the two is
/// how far the actor's view trails (`--counters direct`, and `--errors throw`'s lost results).
final class ChildTally: Sendable {
    private let completedCount = Atomic<Int>(0)
    private let failedCount = Atomic<Int>(0)

    func record(_ outcome: ScanOutcome) {
        switch outcome {
        case .success: completedCount.wrappingAdd(1, ordering: .relaxed)
        case .failure(.failed): failedCount.wrappingAdd(1, ordering: .relaxed)
        case .failure(.cancelled), .failure(.mismatch): break
        }
    }

    var completed: Int { completedCount.load(ordering: .relaxed) }
    var failed: Int { failedCount.load(ordering: .relaxed) }
}
