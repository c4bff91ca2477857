/// **A bounded task group: the sliding window.**
///
/// Start `batch` child tasks. Each time one finishes, add the next. The group is an
/// `AsyncSequence`, so results arrive one at a time in the body's own, non-concurrent context,
/// which is why the body may book them without a lock of its own. Every outcome is a `Result`,
/// so a failed scan is booked and the group goes on. With `--errors throw` a failure is thrown
/// instead: `try await group.next()` rethrows it, the group cancels every other child, waits for
/// them, and the results they finished are lost. With `--take`, the body returns early, and the
/// group waits for the children it still holds (`UnawaitedChildren.swift`).
extension ScanModel {
    func runBatchedWindow() async {
        do {
            try await withThrowingTaskGroup(of: Wake.self) { group in
                addWatchers(to: &group)
                // Fill the window: `batch` children, the highest priorities first.
                startScans(in: &group, at: now())

                while let wake = try await group.next() {
                    let now = now()
                    if case .finished(let report) = wake {
                        settle(report, at: now)
                        if tookEnough() {
                            returnEarly(at: now)  // no cancelAll(): the group waits for its children
                            return
                        }
                    } else {
                        handle(wake, in: &group, at: now)
                    }
                    if isStopping { group.cancelAll() }
                    if isDrained { break }
                    // A slot is free again: the next waiting scan takes it.
                    startScans(in: &group, at: now)
                }
                // The group waits for its children even when the body is done; the watchers are
                // all that is left, and this ends them.
                group.cancelAll()
            }
        } catch let thrown as ThrownFailure {
            // Thrown out of the group: by now it has cancelled and awaited every other child.
            settleThrown(thrown)
        } catch {
            preconditionFailure("a scan's child throws only ThrownFailure: \(error)")
        }
    }
}
