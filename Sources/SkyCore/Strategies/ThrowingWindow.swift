/// **The sliding window, throwing: the first failure thrown ends the group.**
///
/// The window of `BatchedWindow.swift`, with one difference: each child throws its scan's failure
/// (`--errors throw`) instead of returning it, so the group is a throwing one, and `for try await`
/// rethrows the first failure it takes. The error leaves the group's body, and the group, before
/// it returns, cancels every other child and waits for them: what they finish is thrown away with
/// it. In an unbounded run the window is the whole total.
struct ThrowingWindow: Strategy {
    func run(_ scans: Scans) async {
        do {
            try await withThrowingTaskGroup(of: ScanOutcome.self) { group in
                var inGroup = 0
                while inGroup < scans.batch, let scan = await scans.next() {
                    group.addTask(name: scan.name, priority: scan.priority) {
                        try await scan.runThrowing()
                    }
                    inGroup += 1
                }
                // A failed child's error comes out of this loop, and out of the group.
                for try await _ in group {
                    inGroup -= 1
                    while inGroup < scans.batch, let scan = await scans.next() {
                        group.addTask(name: scan.name, priority: scan.priority) {
                            try await scan.runThrowing()
                        }
                        inGroup += 1
                    }
                }
            }
        } catch {
            // By now the group has cancelled and awaited every other child.
        }
    }
}
