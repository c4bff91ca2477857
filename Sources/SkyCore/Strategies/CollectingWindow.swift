/// **The sliding window, collecting: a throw loses every result the body kept.**
///
/// The throwing window of `ThrowingWindow.swift`, with one difference: the body keeps each result
/// in an array, and the group returns the array when it ends (`--errors collect`), as
/// `for try await result in group { results.append(result) }` does. Only a group that returns
/// hands the array over: a failure thrown out of the body takes the array with it, and every
/// result collected so far is lost.
struct CollectingWindow: Strategy {
    func run(_ scans: Scans) async {
        do {
            let results = try await withThrowingTaskGroup(of: ScanOutcome.self, returning: [ScanOutcome].self) { group in
                var results: [ScanOutcome] = []
                var inGroup = 0
                while inGroup < scans.batch, let scan = await scans.next() {
                    group.addTask(name: scan.name, priority: scan.priority) {
                        try await scan.runThrowing()
                    }
                    inGroup += 1
                }
                for try await result in group {
                    results.append(result)
                    inGroup -= 1
                    while inGroup < scans.batch, let scan = await scans.next() {
                        group.addTask(name: scan.name, priority: scan.priority) {
                            try await scan.runThrowing()
                        }
                        inGroup += 1
                    }
                }
                return results
            }
            // The run book has them too, booked as the group handed them back.
            _ = results
        } catch {
            // The array went with the error.
        }
    }
}
