/// **An unbounded task group, throwing, or whose body returns early.**
///
/// The group of `UnboundedGroup.swift`, with `--errors throw` or `--take`.
///
/// Every scan is added to the group at once, and the pool, not the program, decides how many run:
/// with more children than threads, most of them wait for a thread while counting as running. The
/// results are taken as they come, in the order the scans finish. Compare the batched window,
/// which holds the group to `batch` children and so keeps memory and latency bounded. With
/// `--take`, the body returns early, and the group waits for every child it still holds
/// (`UnawaitedChildren.swift`): here, nearly all of them.
extension ScanModel {
    func runUnboundedVariant() async {
        do {
            try await withThrowingTaskGroup(of: Wake.self) { group in
                addWatchers(to: &group)
                // Every scan, now: the window is the whole total.
                startScans(in: &group, at: now())

                for try await wake in group {
                    let now = now()
                    if case .finished(let report) = wake {
                        settle(report, at: now)
                        if tookEnough() {
                            returnEarly(at: now)  // no cancelAll(): the group waits for its children
                            return
                        }
                    } else {
                        handle(wake, in: &group, at: now)
                        // Scans held back by a pause start once it lifts.
                        startScans(in: &group, at: now)
                    }
                    if isStopping { group.cancelAll() }
                    if isDrained { break }
                }
                group.cancelAll()
            }
        } catch let thrown as ThrownFailure {
            settleThrown(thrown)
        } catch {
            preconditionFailure("a scan's child throws only ThrownFailure: \(error)")
        }
    }
}
