import Synchronization

/// Where tasks wait for the run book to change in a way they cannot see from where they are: a
/// paused `next()` for a control, the engine for the last scan's end.
///
/// A waiter reads `generation` before it looks at the book, and waits only if nothing has opened
/// the gate since: so an `open()` between the look and the wait is never missed. Opening a gate
/// nobody waits at takes no lock: a scan's end may open it once per scan.
final class Gate: Sendable {
    /// How many times the gate has opened.
    private let opened = Atomic<UInt64>(0)
    /// How many wait, or are about to: counted before they look at `opened` again, as `open()`
    /// counts `opened` before it looks at them, so one of the two always sees the other.
    private let waiting = Atomic<Int>(0)
    private let waiters = Locked<[CheckedContinuation<Void, Never>]>([])

    var generation: UInt64 { opened.load(ordering: .sequentiallyConsistent) }

    /// Wakes every waiter, to look again.
    func open() {
        opened.wrappingAdd(1, ordering: .sequentiallyConsistent)
        guard waiting.load(ordering: .sequentiallyConsistent) > 0 else { return }
        let woken = waiters.withLock { waiters in
            defer { waiters = [] }
            return waiters
        }
        for waiter in woken { waiter.resume() }
    }

    /// Returns once the gate opens after `seen`, at once if it already has; and, unless
    /// `evenIfCancelled`, when the calling task is cancelled.
    func wait(unless seen: UInt64, evenIfCancelled: Bool = false) async {
        waiting.wrappingAdd(1, ordering: .sequentiallyConsistent)
        defer { waiting.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
        if evenIfCancelled {
            await park(unless: seen, evenIfCancelled: true)
            return
        }
        await withTaskCancellationHandler {
            await park(unless: seen, evenIfCancelled: false)
        } onCancel: {
            open()
        }
    }

    private func park(unless seen: UInt64, evenIfCancelled: Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = waiters.withLock { waiters in
                // Checked under the lock, after `waiting` counted this waiter: an `open()` that
                // came first changed `opened`; one that comes later sees the count and takes the
                // lock, so it finds the continuation here.
                if opened.load(ordering: .sequentiallyConsistent) != seen || (!evenIfCancelled && Task.isCancelled) { return true }
                waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
