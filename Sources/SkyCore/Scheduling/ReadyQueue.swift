import DequeModule

/// Scheduled scans waiting for a slot: first in, first out within each priority, and always the
/// highest priority first.
struct ReadyQueue: Sendable {
    /// A scan's index and priority only: its child derives the rest of its plan from the seed.
    struct Entry: Equatable, Sendable {
        var scan: Int
        var priority: ScanPriority
        /// When the scan was scheduled, measured from the start of the run.
        var scheduledAt: Duration
    }

    // One lane per priority, each changed in place. (Through `PerPriority`'s get/set subscript,
    // every append would copy a whole lane.)
    private var high = Deque<Entry>()
    private var medium = Deque<Entry>()
    private var low = Deque<Entry>()

    var count: Int { high.count + medium.count + low.count }
    var isEmpty: Bool { high.isEmpty && medium.isEmpty && low.isEmpty }

    mutating func append(_ entry: Entry) {
        switch entry.priority {
        case .high: high.append(entry)
        case .medium: medium.append(entry)
        case .low: low.append(entry)
        }
    }

    /// The oldest scan of the highest priority that has one.
    mutating func popNext() -> Entry? {
        high.popFirst() ?? medium.popFirst() ?? low.popFirst()
    }

    /// Takes `scan`, of `priority`, from wherever it waits in its lane (a replay, which does not
    /// know when the actor's jobs were sent).
    mutating func remove(_ scan: Int, priority: ScanPriority) -> Entry? {
        func take(from lane: inout Deque<Entry>) -> Entry? {
            lane.firstIndex { $0.scan == scan }.map { lane.remove(at: $0) }
        }
        switch priority {
        case .high: return take(from: &high)
        case .medium: return take(from: &medium)
        case .low: return take(from: &low)
        }
    }

    /// The scan `popNext` would take, left in place.
    var peekNext: Entry? { high.first ?? medium.first ?? low.first }

    /// Empties the queue, highest priority first, oldest first within each.
    mutating func removeAll() -> [Entry] {
        defer { (high, medium, low) = ([], [], []) }
        // Only non-empty lanes are copied: see `Deque.array` for why an empty one must not be.
        var all: [Entry] = []
        for lane in [high, medium, low] where !lane.isEmpty { all.append(contentsOf: lane) }
        return all
    }
}
