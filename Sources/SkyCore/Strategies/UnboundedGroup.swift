/// **An unbounded task group.**
///
/// Every scan is added to the group at once: the window is the whole total, so `scans.next()`
/// waits only for a pause. The pool, not the program, then decides how many really run: with more
/// children than threads, most of them wait for a thread while counting as running. Compare the
/// batched window, which holds the group to `batch` children and so keeps memory and latency
/// bounded. The group's body takes no result; the group waits for every child all the same.
struct UnboundedGroup: Strategy {
    func run(_ scans: Scans) async {
        await withTaskGroup(of: ScanOutcome.self) { group in
            while let scan = await scans.next() {
                group.addTask(name: scan.name, priority: scan.priority) {
                    await scan.run()
                }
            }
            // No `for await`: the group does not return until every child has.
        }
    }
}
