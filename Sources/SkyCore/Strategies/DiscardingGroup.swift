/// **A discarding group: no result comes back.**
///
/// `withDiscardingTaskGroup` has no `next()` and is no `AsyncSequence`: its children return
/// nothing, and the group lets each one go as it ends, where a plain group keeps an ended child
/// until its body takes the result. The body cannot `for await` its children, so it cannot count
/// the window down as `BatchedWindow.swift` does. The bound comes from where the scans come from
/// instead: `scans.nextWhenFree()` waits while every slot is busy, as a server's accept loop waits
/// for the next connection, and each scan's end, which the scan books itself, frees the slot that
/// wakes it. A bigger batch (`+`) wakes it too.
///
/// The book has every scan's outcome, so nothing is lost by never taking one. A cancel cancels
/// the task this loop runs in: the wait answers `nil`, and the group cancels its children.
struct DiscardingGroup: Strategy {
    func run(_ scans: Scans) async {
        await withDiscardingTaskGroup { group in
            // Each pass waits for a free slot: no result tells the body that one is.
            while let scan = await scans.nextWhenFree() {
                group.addTask(name: scan.name, priority: scan.priority) {
                    await scan.run()
                }
            }
            // No `for await`: there is nothing to take. The group waits for its children.
        }
    }
}
