import Synchronization

/// Counts the scans executing on a pool thread right now: a scan enters when its sweep runs and
/// leaves at each suspension (a yield, a slow-motion sleep) and at its end.
///
/// A task group can hold more running children than the pool has threads; the difference between
/// "running" and "on a thread" is what an unbounded run makes visible. The counters are atomics,
/// touched around suspensions (about once a millisecond per scan), so no lock is shared.
public final class ThreadGauge: @unchecked Sendable {  // @unchecked: the counters are atomics at a fixed address
    fileprivate struct Counters: ~Copyable {
        let current = Atomic<Int>(0)
        let highest = Atomic<Int>(0)
    }

    /// What a scan's task holds: the counters' address, not a reference. Copying a reference
    /// into every scan's task would have every child, on every core, increment and decrement the
    /// gauge's one reference count. Valid while the gauge lives: the model that owns the gauge
    /// outlives every scan it runs.
    struct Handle: @unchecked Sendable {  // @unchecked: a pointer to atomics
        fileprivate let counters: UnsafeMutablePointer<Counters>

        func enter() {
            let now = counters.pointee.current.wrappingAdd(1, ordering: .relaxed).newValue
            var peak = counters.pointee.highest.load(ordering: .relaxed)
            while now > peak {
                let (exchanged, seen) = counters.pointee.highest.compareExchange(
                    expected: peak, desired: now, ordering: .relaxed)
                if exchanged { break }
                peak = seen
            }
        }

        func leave() { counters.pointee.current.wrappingSubtract(1, ordering: .relaxed) }
    }

    let handle: Handle

    public init() {
        let counters = UnsafeMutablePointer<Counters>.allocate(capacity: 1)
        counters.initialize(to: Counters())
        handle = Handle(counters: counters)
    }

    deinit {
        handle.counters.deinitialize(count: 1)
        handle.counters.deallocate()
    }

    public var now: Int { handle.counters.pointee.current.load(ordering: .relaxed) }
    public var peak: Int { handle.counters.pointee.highest.load(ordering: .relaxed) }
}
