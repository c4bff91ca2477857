/// Which scan occupies each batch slot. A starting scan takes the lowest free slot below the
/// batch, so lanes on screen refill in place.
struct SlotTable: Sendable {
    private(set) var slots: [SlotOccupancy?]

    init(batch: Int) {
        slots = Array(repeating: nil, count: batch)
    }

    /// The lowest free slot below `batch`, if any.
    func freeSlot(below batch: Int) -> Int? {
        slots.indices.first { $0 < batch && slots[$0] == nil }
    }

    mutating func occupy(_ slot: Int, with occupancy: SlotOccupancy) {
        slots[slot] = occupancy
    }

    mutating func release(_ slot: Int) {
        slots[slot] = nil
    }

    /// Grows to a larger batch; on shrinking, keeps the slots that are still busy.
    mutating func resize(to batch: Int) {
        if batch > slots.count {
            slots.append(contentsOf: repeatElement(nil, count: batch - slots.count))
        } else {
            let lastBusy = slots.lastIndex { $0 != nil } ?? -1
            slots.removeLast(slots.count - max(batch, lastBusy + 1))
        }
    }
}

/// The scan in one slot.
public struct SlotOccupancy: Equatable, Sendable {
    public var scan: Int
    public var priority: ScanPriority
    /// When the scan started, measured from the start of the run.
    public var startedAt: Duration

    public init(scan: Int, priority: ScanPriority, startedAt: Duration) {
        self.scan = scan
        self.priority = priority
        self.startedAt = startedAt
    }
}
