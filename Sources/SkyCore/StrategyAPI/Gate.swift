/// Where tasks wait for the run book to change in a way they cannot see from where they are: a
/// paused `next()` for a control, the engine for the last scan's end.
///
/// A waiter reads `generation` before it looks at the book, and waits only if nothing has opened
/// the gate since: so an `open()` between the look and the wait is never missed.
final class Gate: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    var generation: UInt64 { state.withLock { $0.generation } }

    /// Wakes every waiter, to look again.
    func open() {
        let waiters = state.withLock { state in
            state.generation &+= 1
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the gate opens after `seen`, at once if it already has; and, unless
    /// `evenIfCancelled`, when the calling task is cancelled.
    func wait(unless seen: UInt64, evenIfCancelled: Bool = false) async {
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
            let now = state.withLock { state in
                // Checked under the lock, so a cancel whose handler opened the gate first is seen.
                if state.generation != seen || (!evenIfCancelled && Task.isCancelled) { return true }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
