/// **A bounded task group: the sliding window.**
///
/// Fill the window with one child task per free slot, then take the results as they come: each
/// one frees a slot, and the next waiting scan takes it. The group is an `AsyncSequence`, so the
/// results arrive one at a time in the body's own, non-concurrent context. Every outcome is a
/// `Result`, so a failed scan is one more result and the group goes on.
///
/// `scans.next()` is where the controls reach the loop: it waits while the run is paused, and
/// answers `nil` once the window is full or nothing more will start. A bigger batch (`+`) is seen
/// at the next result, which then fills every slot that is free. A cancel cancels the task this
/// loop runs in, and the group cancels its children with it.
struct BatchedWindow: Strategy {
    func run(_ scans: Scans) async {
        await withTaskGroup(of: ScanOutcome.self) { group in
            // Fill the window: a child for each free slot, the highest priorities first.
            while let scan = await scans.next() {
                group.addTask(name: scan.name, priority: scan.priority) {
                    await scan.run()
                }
            }
            // Each result frees a slot, and the next waiting scan takes it.
            for await _ in group {
                while let scan = await scans.next() {
                    group.addTask(name: scan.name, priority: scan.priority) {
                        await scan.run()
                    }
                }
            }
        }
    }
}
