import Synchronization

/// Controls sent from any thread, waiting for the model's run loop to take them.
///
/// The run loop keeps one child task parked in `wait()` inside its task group, so a control wakes
/// the group even while every slot is busy and no scan is about to finish.
final class ControlInbox: Sendable {
    private enum Waiter {
        case none
        case parked(CheckedContinuation<Void, Never>)
        /// A control arrived while nobody was parked; the next `wait()` returns at once.
        case signalled
    }

    private struct State {
        var pending: [ScanControl] = []
        var waiter: Waiter = .none
    }

    private let state = Mutex(State())

    func send(_ control: ScanControl) {
        let parked = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.pending.append(control)
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

    /// Takes every control sent so far, oldest first.
    func drain() -> [ScanControl] {
        // Called every scheduling step, so the usual empty case must not allocate.
        state.withLock { state in
            guard !state.pending.isEmpty else { return [] }
            defer { state.pending = [] }
            return state.pending
        }
    }

    /// Returns when a control arrives or the calling task is cancelled.
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
