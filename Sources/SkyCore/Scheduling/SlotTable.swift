/// Which scan occupies each batch slot. A starting scan takes the lowest free slot below the
/// batch, so lanes on screen refill in place.
struct SlotTable: Sendable {
    private(set) var slots: [SlotOccupancy?]
    /// One bit per slot, set while the slot is free: finding the lowest free slot reads one word
    /// per 64 slots, where a batch can be 4096 and every start asks.
    private var freeBits: [UInt64] = []

    init(batch: Int) {
        slots = []
        resize(to: batch)
    }

    /// The lowest free slot below `batch`, if any.
    func freeSlot(below batch: Int) -> Int? {
        let limit = min(batch, slots.count)
        var word = 0
        while word * 64 < limit {
            let bits = freeBits[word]
            if bits != 0 {
                let slot = word * 64 + bits.trailingZeroBitCount
                return slot < limit ? slot : nil
            }
            word += 1
        }
        return nil
    }

    mutating func occupy(_ slot: Int, with occupancy: SlotOccupancy) {
        slots[slot] = occupancy
        freeBits[slot / 64] &= ~(1 << UInt64(slot % 64))
    }

    /// Stream runs: the slot's scan has ended and its result waits in the stream.
    mutating func mark(_ slot: Int, inStream: Bool) {
        slots[slot]?.inStream = inStream
    }

    mutating func release(_ slot: Int) {
        slots[slot] = nil
        freeBits[slot / 64] |= 1 << UInt64(slot % 64)
    }

    /// Grows to a larger batch; on shrinking, keeps the slots that are still busy.
    mutating func resize(to batch: Int) {
        if batch > slots.count {
            let old = slots.count
            slots.append(contentsOf: repeatElement(nil, count: batch - old))
            // Words kept from before a shrink are reused; their bits above the old size are clear.
            freeBits.append(contentsOf: repeatElement(0, count: max(0, (batch + 63) / 64 - freeBits.count)))
            for slot in old..<batch { freeBits[slot / 64] |= 1 << UInt64(slot % 64) }
        } else {
            let lastBusy = slots.lastIndex { $0 != nil } ?? -1
            let kept = max(batch, lastBusy + 1)
            // The removed slots are all free; their bits go so no search can return them.
            for slot in kept..<slots.count { freeBits[slot / 64] &= ~(1 << UInt64(slot % 64)) }
            slots.removeLast(slots.count - kept)
        }
    }
}

/// The scan in one slot.
public struct SlotOccupancy: Equatable, Sendable {
    public var scan: Int
    public var priority: ScanPriority
    /// When the scan started, measured from the start of the run.
    public var startedAt: Duration
    /// How long it waited in the ready queue before it started.
    public var wait: Duration = .zero
    /// Stream runs only: the scan has ended, and its result waits in the stream for the consumer,
    /// which frees the slot when it takes it.
    public var inStream = false
    /// The scan's child never checks for cancellation (`--ignore-cancellation`).
    public var ignoresCancellation = false
    /// The priorities the scan's child read about its task as it started; empty until then.
    /// Filled in by `ScanModel.snapshot()`.
    public var child = ChildView()

    public init(scan: Int, priority: ScanPriority, startedAt: Duration, child: ChildView = ChildView()) {
        self.scan = scan
        self.priority = priority
        self.startedAt = startedAt
        self.child = child
    }
}
