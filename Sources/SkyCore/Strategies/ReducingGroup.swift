/// **The group as an AsyncSequence: reduce folds every result into one value.**
///
/// A task group is an `AsyncSequence` of its children's results, in the order the children end,
/// so every sequence algorithm works on it. Here the body adds every scan at once, as
/// `UnboundedGroup.swift` does, then `group.reduce(into:)` takes each result as its child ends,
/// one at a time in the body's own context, and folds it into a tally: no result is lost and no
/// array is kept. The group returns the fold once the last child has ended. Each outcome is a
/// `Result`, so a failed scan is folded as one more outcome, and the fold goes on.
///
/// The body cannot add a child while `reduce` runs: it owns the group until the sequence ends. So
/// a fold takes the window as it was when it began, here the whole total.
struct ReducingGroup: Strategy {
    func run(_ scans: Scans) async {
        let fold = await withTaskGroup(of: ScanOutcome.self) { group in
            while let scan = await scans.next() {
                group.addTask(name: scan.name, priority: scan.priority) {
                    await scan.run()
                }
            }
            return await group.reduce(into: GroupFold()) { fold, outcome in
                fold.add(outcome)
            }
        }
        // The run book records what the fold returned, for the summary and the events.
        scans.folded(fold)
    }
}

/// What `reduce` folds the results into: how many outcomes it took, how many were results, and
/// the signals they found.
public struct GroupFold: Equatable, Sendable {
    public var outcomes = 0
    public var completed = 0
    public var signals = 0

    public init(outcomes: Int = 0, completed: Int = 0, signals: Int = 0) {
        self.outcomes = outcomes
        self.completed = completed
        self.signals = signals
    }

    mutating func add(_ outcome: ScanOutcome) {
        outcomes += 1
        if case .success(let result) = outcome {
            completed += 1
            signals += result.signals
        }
    }
}
