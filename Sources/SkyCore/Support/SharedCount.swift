import Synchronization

/// A count that any thread may add to and read, without a lock: events lost by a sink that fell
/// behind, or successes produced by child tasks (read by the run once they are done).
final class SharedCount: Sendable {
    private let count = Atomic<Int>(0)

    func increment() { count.wrappingAdd(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
