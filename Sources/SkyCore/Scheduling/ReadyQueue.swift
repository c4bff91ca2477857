/// Scheduled scans waiting for a slot: first in, first out within each priority, and always the
/// highest priority first.
struct ReadyQueue: ~Copyable {
    /// A scan's index and priority only: its child derives the rest of its plan, so an entry
    /// stays small to copy in and out of a ring.
    struct Entry: Sendable {
        var scan: Int
        var priority: ScanPriority
        /// When the scan was scheduled, measured from the start of the run.
        var scheduledAt: Duration
    }

    // Three stored lanes rather than a `PerPriority` of lanes: mutating through a get/set subscript
    // copies the whole lane on every append (it was 64% of the engine's time per scan). Rings
    // rather than `Deque`s: an append or pop runs for every scan, and a ring pays no uniqueness
    // check for it.
    private var high = RingBuffer<Entry>()
    private var medium = RingBuffer<Entry>()
    private var low = RingBuffer<Entry>()

    var count: Int { high.count + medium.count + low.count }
    var isEmpty: Bool { high.isEmpty && medium.isEmpty && low.isEmpty }

    @inline(__always)
    mutating func append(_ entry: Entry) {
        switch entry.priority {
        case .high: high.append(entry)
        case .medium: medium.append(entry)
        case .low: low.append(entry)
        }
    }

    /// The oldest scan of the highest priority that has one.
    @inline(__always)
    mutating func popNext() -> Entry? {
        high.popFirst() ?? medium.popFirst() ?? low.popFirst()
    }

    /// Empties the queue, oldest first within each priority.
    mutating func removeAll() -> [Entry] {
        defer {
            high.removeAll()
            medium.removeAll()
            low.removeAll()
        }
        return high.elements + medium.elements + low.elements
    }
}
