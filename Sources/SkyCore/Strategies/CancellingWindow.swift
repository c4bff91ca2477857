/// **A group that cancels itself: `cancelAll()` stops no loop, and `addTask` adds to a cancelled
/// group all the same.**
///
/// The window of `BatchedWindow.swift`, with one difference: the body cancels the group when it
/// takes a failure (`--errors cancel`), as code does that gives up on the rest once one fails.
/// `cancelAll()` cancels every child the group holds and marks the group cancelled; it does not
/// cancel the task the body runs in, so the loop goes on, and so does `next()`: the group was
/// cancelled, not the run. `addTask` adds each next scan to the cancelled group. Its child
/// starts, finds `Task.isCancelled` set at its first check, and ends cancelled without sweeping
/// a line: the rest of the run is added, started and thrown away, one child at a time.
/// `UnlessCancelledWindow.swift` adds with `addTaskUnlessCancelled` instead.
struct CancellingWindow: Strategy {
    func run(_ scans: Scans) async {
        await withTaskGroup(of: ScanOutcome.self) { group in
            var inGroup = 0
            while inGroup < scans.batch, let scan = await scans.next() {
                group.addTask(name: scan.name, priority: scan.priority) {
                    await scan.run()
                }
                inGroup += 1
            }
            for await outcome in group {
                inGroup -= 1
                // A failure cancels the group: the children in it, and every child added to it
                // from here on.
                if case .failure(.failed) = outcome { group.cancelAll() }
                while inGroup < scans.batch, let scan = await scans.next() {
                    // Added to a cancelled group all the same: the child starts cancelled.
                    group.addTask(name: scan.name, priority: scan.priority) {
                        await scan.run()
                    }
                    inGroup += 1
                }
            }
        }
    }
}
