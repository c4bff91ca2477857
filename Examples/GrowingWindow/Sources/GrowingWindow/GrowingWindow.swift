import SkyCore

/// **A window that grows: it opens one more slot with each result.**
///
/// Sky's sliding window (`batched`) fills all `batch` slots at once. This one starts with a single
/// child, and each result that comes back lets one more scan in than went out, so the window
/// widens by one a result until it holds `scans.batch`, as TCP's slow start does. Watch the slot
/// lanes fill one by one, and the throughput climb, where `batched` starts at its height.
struct GrowingWindow: Strategy {
    func run(_ scans: Scans) async {
        await withTaskGroup(of: ScanOutcome.self) { group in
            var window = 1
            var inGroup = 0
            // Open the window: one child to begin with.
            while inGroup < min(window, scans.batch), let scan = await scans.next() {
                group.addTask(name: scan.name, priority: scan.priority) {
                    await scan.run()
                }
                inGroup += 1
            }
            // Each result frees its slot and opens one more, up to the live batch.
            for await _ in group {
                inGroup -= 1
                window += 1
                while inGroup < min(window, scans.batch), let scan = await scans.next() {
                    group.addTask(name: scan.name, priority: scan.priority) {
                        await scan.run()
                    }
                    inGroup += 1
                }
            }
        }
    }
}

extension OwnStrategy {
    /// The growing window as `--strategy growing`. Made here, so the code panel shows this file.
    static let growing = OwnStrategy(GrowingWindow(), name: "growing", summary: "a window that opens a slot a result")
}
