import Synchronization

/// With a task group's children, all at one priority, each holding its thread, how many run at
/// once? The pool gives each priority a thread per core, so as many as the cores and no more.
enum OnePriority {
    /// How long to look for a child beyond the cores once they are all held: a thread the pool
    /// added would take one within milliseconds.
    static let beyond = Duration.milliseconds(500)

    /// The most children that held a thread at once.
    static func probe(cores: Int) -> Int {
        let children = Children()
        Task.detached(priority: .medium) {
            await withTaskGroup(of: Void.self) { group in
                // More children than cores, each at the parent's priority, none asking another.
                for _ in 0..<(cores + 2) {
                    group.addTask { children.hold() }
                }
            }
            children.noteDone()
        }
        _ = waitFor { children.most >= cores }
        _ = waitFor(within: beyond) { children.most > cores }
        children.release()
        _ = waitFor { children.done }
        return children.most
    }
}

/// The children's count of how many hold a thread now and at most, and the flag that lets them go.
private final class Children: Sendable {
    private let holding = Atomic<Int>(0)
    private let mostHolding = Atomic<Int>(0)
    private let released = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)

    /// Holds this thread, spinning without a suspension, until released.
    func hold() {
        let now = holding.add(1, ordering: .sequentiallyConsistent).newValue
        mostHolding.max(now, ordering: .sequentiallyConsistent)
        while !released.load(ordering: .sequentiallyConsistent) {}
        holding.subtract(1, ordering: .sequentiallyConsistent)
    }

    var most: Int { mostHolding.load(ordering: .sequentiallyConsistent) }
    func release() { released.store(true, ordering: .sequentiallyConsistent) }
    func noteDone() { finished.store(true, ordering: .sequentiallyConsistent) }
    var done: Bool { finished.load(ordering: .sequentiallyConsistent) }
}
