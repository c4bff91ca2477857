/// **waitForAll(): every child awaited, no result taken, the first error thrown last.**
///
/// The body adds every scan to a throwing group at once, as `UnboundedGroup.swift` does, then
/// calls `try await group.waitForAll()`, which takes each child's end and keeps nothing. A child
/// that throws (`--errors throw`) does not end the wait: `waitForAll()` keeps the first error,
/// cancels no other child, and waits on until the last has ended; only then does it throw that
/// error, which leaves the group. Errors after the first are dropped. Compare `for try await` in
/// `ThrowingWindow.swift`, which throws the first error as it comes, and the group, left, cancels
/// every child still running.
struct WaitingForAll: Strategy {
    func run(_ scans: Scans) async {
        do {
            try await withThrowingTaskGroup(of: ScanOutcome.self) { group in
                while let scan = await scans.next() {
                    group.addTask(name: scan.name, priority: scan.priority) {
                        try await scan.runThrowing()
                    }
                }
                // Returns once every child has ended; throws the first error, if one threw.
                try await group.waitForAll()
            }
        } catch {
            // By now every child has ended: there was none left to cancel.
        }
    }
}
