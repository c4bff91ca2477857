/// **A bounded task group: the sliding window.**
///
/// Fill the window with `batch` child tasks, then take the results as they come: each one frees a
/// slot, and the next waiting scan takes it. The window is the children in the group, finished
/// or not, until the body takes their results, so however fast scans end, the group never holds
/// more than `batch`. The group is an `AsyncSequence`, so the results arrive one at a time in the
/// body's own, non-concurrent context. Every outcome is a `Result`, so a failed scan is one more
/// result and the group goes on.
///
/// `scans.next()` is where the controls reach the loop: it waits while the run is paused, and
/// answers `nil` once nothing more will start. `scans.batch` is the live batch: a bigger one (`+`)
/// is seen at the next result, which then fills every slot it adds. A cancel cancels the task
/// this loop runs in, and the group cancels its children with it.
struct BatchedWindow: Strategy {
    func run(_ scans: Scans) async {
        await withTaskGroup(of: ScanOutcome.self) { group in
            var inGroup = 0
            // Fill the window: a child for each slot, the highest priorities first.
            while inGroup < scans.batch, let scan = await scans.next() {
                group.addTask(name: scan.name, priority: scan.priority) {
                    await scan.run()
                }
                inGroup += 1
            }
            // Each result frees a slot, and the next waiting scan takes it.
            for await _ in group {
                inGroup -= 1
                while inGroup < scans.batch, let scan = await scans.next() {
                    group.addTask(name: scan.name, priority: scan.priority) {
                        await scan.run()
                    }
                    inGroup += 1
                }
            }
        }
    }
}
