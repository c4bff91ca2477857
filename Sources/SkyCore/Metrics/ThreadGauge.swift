import Synchronization

/// Counts the scans executing on a pool thread right now: a scan enters when its sweep runs and
/// leaves at each yield and at its end. Slow motion keeps a scan on its thread (`SlowMotion`), so
/// the count has the same shape at any `--speed`.
///
/// A task group can hold more running children than the pool has threads; the difference between
/// "running" and "on a thread" is what an unbounded run makes visible. Scans touch it around their
/// suspensions, about once a millisecond each, so atomics suffice and no lock is shared.
public final class ThreadGauge: Sendable {
    private let current = Atomic<Int>(0)
    private let highest = Atomic<Int>(0)

    public init() {}

    func enter() {
        let now = current.wrappingAdd(1, ordering: .relaxed).newValue
        var peak = highest.load(ordering: .relaxed)
        while now > peak {
            let (exchanged, seen) = highest.compareExchange(expected: peak, desired: now, ordering: .relaxed)
            if exchanged { break }
            peak = seen
        }
    }

    func leave() { current.wrappingSubtract(1, ordering: .relaxed) }

    public var now: Int { current.load(ordering: .relaxed) }
    public var peak: Int { highest.load(ordering: .relaxed) }
}
