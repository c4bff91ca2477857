import Synchronization

/// Where every measured result ends up, so the optimiser cannot prove the work unused and delete
/// it: an atomic store is a side effect no compiler removes.
enum Sink {
    private static let folded = Atomic<UInt64>(0)

    static func keep(_ value: UInt64) {
        folded.bitwiseXor(value, ordering: .relaxed)
    }

    static func keep(_ value: Int) {
        keep(UInt64(truncatingIfNeeded: value))
    }
}
