/// **A task group waits for all its children, even when its body returns early.**
///
/// The window of `ThrowingWindow.swift`, with one difference: the body returns once it has taken
/// `--take` results, and calls no `cancelAll()`. `withThrowingTaskGroup` does not return with it:
/// it waits, implicitly, for every child still running, and drops what they return, results and
/// thrown errors alike, since no `next()` will ever hand them to the body. The wait costs the run
/// as long as its slowest child has left. In an unbounded run the window is the whole total, and
/// the group waits for nearly all of it.
struct EarlyReturnWindow: Strategy {
    func run(_ scans: Scans) async {
        try? await withThrowingTaskGroup(of: ScanOutcome.self) { group in
            var inGroup = 0
            var taken = 0
            while inGroup < scans.batch, let scan = await scans.next() {
                group.addTask(name: scan.name, priority: scan.priority) {
                    try await scan.runThrowing()
                }
                inGroup += 1
            }
            for try await _ in group {
                taken += 1
                // No cancelAll(): the group waits here for the children it still holds.
                if scans.hasEnough(taken) { return }
                inGroup -= 1
                while inGroup < scans.batch, let scan = await scans.next() {
                    group.addTask(name: scan.name, priority: scan.priority) {
                        try await scan.runThrowing()
                    }
                    inGroup += 1
                }
            }
        }
    }
}
