/// **The sliding window, throwing: a thrown failure loses the results still in the group.**
///
/// The window of `BatchedWindow.swift`, in a throwing group. With `--errors throw` a failure is
/// thrown: `try await group.next()` rethrows it, the group cancels every other child, waits for
/// them, and the results they finished are lost. With `--errors collect` the body keeps each
/// result in an array that the group returns at its end, so a throw loses all of them. With
/// `--take`, the body returns early, and the group waits for the children it still holds
/// (`UnawaitedChildren.swift`).
extension ScanModel {
    func runWindowVariant() async {
        do {
            let results = try await withThrowingTaskGroup(of: Wake.self, returning: [ScanReport].self) { group in
                var results: [ScanReport] = []
                addWatchers(to: &group)
                // Fill the window: `batch` children, the highest priorities first.
                startScans(in: &group, at: now())

                while let wake = try await group.next() {
                    let now = now()
                    if case .finished(let report) = wake, !collects(report) {
                        settle(report, at: now)
                        if tookEnough() {
                            returnEarly(at: now)  // no cancelAll(): the group waits for its children
                            return results
                        }
                    } else if case .finished(let report) = wake {
                        // `--errors collect`: into the body's array; the slot is free for the next scan.
                        results.append(report)
                        write { $0.collect(report, at: now) }
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
                return results
            }
            // Only a group that returns hands over what its body collected.
            if !results.isEmpty { write { [now = now()] in $0.bookCollected(results, at: now) } }
        } catch let thrown as ThrownFailure {
            // Thrown out of the group: by now it has cancelled and awaited every other child.
            settleThrown(thrown)
        } catch {
            preconditionFailure("a scan's child throws only ThrownFailure: \(error)")
        }
    }
}
