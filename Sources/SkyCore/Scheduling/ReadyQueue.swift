import DequeModule

/// Scheduled scans waiting for a slot: first in, first out within each priority, and always the
/// highest priority first.
struct ReadyQueue: Sendable {
    struct Entry: Sendable {
        var plan: ScanPlan
        /// When the scan was scheduled, measured from the start of the run.
        var scheduledAt: Duration
    }

    private var lanes = PerPriority(repeating: Deque<Entry>())

    var count: Int { lanes.high.count + lanes.medium.count + lanes.low.count }
    var isEmpty: Bool { count == 0 }

    mutating func append(_ entry: Entry) {
        lanes[entry.plan.priority].append(entry)
    }

    /// The oldest scan of the highest priority that has one.
    mutating func popNext() -> Entry? {
        for priority in ScanPriority.allCases {
            if let entry = lanes[priority].popFirst() { return entry }
        }
        return nil
    }

    /// Empties the queue, oldest first within each priority.
    mutating func removeAll() -> [Entry] {
        defer { lanes = PerPriority(repeating: Deque<Entry>()) }
        return ScanPriority.allCases.flatMap { Array(lanes[$0]) }
    }
}
