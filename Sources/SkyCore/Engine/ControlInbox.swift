import Synchronization

/// Controls sent from any thread, waiting for the model's run loop to take them.
///
/// The run loop keeps one child task parked in `wait()` inside its task group, so a control wakes
/// the group even while every slot is busy and no scan is about to finish.
final class ControlInbox: Sendable {
    private enum Waiter {
        case none
        case parked(CheckedContinuation<Void, Never>)
        /// A control arrived (or the inbox was rung) while nobody was parked; the next `wait()`
        /// returns at once.
        case signalled
    }

    private struct State {
        var pending: [ScanControl] = []
        var waiter: Waiter = .none
    }

    private let state = Locked(State())
    /// Controls sent and not yet drained, readable without the lock: `drain()` runs every
    /// scheduling step and almost always finds nothing.
    private let pendingCount = Atomic<Int>(0)

    func send(_ control: ScanControl) {
        state.withLock { state in
            state.pending.append(control)
            pendingCount.add(1, ordering: .releasing)
        }
        ring()
    }

    /// Wakes the waiter without a control: the loop has something else to look at (a stream's
    /// consumer freed a slot).
    func ring() {
        let parked = state.withLock { state -> CheckedContinuation<Void, Never>? in
            switch state.waiter {
            case .parked(let continuation):
                state.waiter = .none
                return continuation
            case .none, .signalled:
                state.waiter = .signalled
                return nil
            }
        }
        parked?.resume()
    }

    /// Whether a control waits to be drained; no lock, and no allocation.
    var hasPending: Bool { pendingCount.load(ordering: .acquiring) > 0 }

    /// Takes every control sent so far, oldest first.
    func drain() -> [ScanControl] {
        // Called every scheduling step, so the usual empty case takes no lock and allocates nothing.
        // A control counted after this load is taken by the next step's drain.
        guard pendingCount.load(ordering: .acquiring) > 0 else { return [] }
        return state.withLock { state in
            pendingCount.subtract(state.pending.count, ordering: .relaxed)
            defer { state.pending = [] }
            return state.pending
        }
    }

    /// Returns when a control arrives, the inbox is rung, or the calling task is cancelled.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if case .signalled = state.waiter {
                        state.waiter = .none
                        return true
                    }
                    // Checked under the lock, so a cancellation that ran its handler before we
                    // parked is still seen here.
                    if Task.isCancelled { return true }
                    state.waiter = .parked(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let parked = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard case .parked(let continuation) = state.waiter else { return nil }
                state.waiter = .none
                return continuation
            }
            parked?.resume()
        }
    }
}
