import Synchronization

/// Counts lost events from whichever thread loses them.
final class DropCounter: Sendable {
    private let count = Atomic<Int>(0)

    func increment() { count.wrappingAdd(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// A count shared between child tasks and the run: children add, the run reads once they are done.
final class SharedCount: Sendable {
    private let count = Atomic<Int>(0)

    func increment() { count.wrappingAdd(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
