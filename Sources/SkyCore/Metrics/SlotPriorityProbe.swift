import Synchronization

/// What the runtime reports as each running scan's effective priority (`Task.currentPriority`,
/// read by the scan's own child task as it starts), one atomic cell per slot.
///
/// A scan asks for a priority with `addTask(priority:)`, but the runtime decides the priority it
/// runs at: a child awaited by a higher-priority parent runs escalated. The requested priority is
/// in the slot's occupancy; this is the other half, written off the actor by the child itself.
/// Each cell has one writer at a time (the slot's scan), so no lock and no contention.
final class SlotPriorityProbe: @unchecked Sendable {  // @unchecked: the cells are atomics; the pointer never changes
    private let cells: UnsafeMutablePointer<Atomic<UInt64>>
    let capacity: Int

    init(slots: Int) {
        capacity = slots
        cells = .allocate(capacity: slots)
        for slot in 0..<slots { (cells + slot).initialize(to: Atomic(0)) }
    }

    deinit {
        cells.deinitialize(count: capacity)
        cells.deallocate()
    }

    /// Called by the scan's child: the scan index is stored with the priority, so a reader never
    /// takes the previous occupant's figure for the new one's.
    func record(slot: Int, scan: Int, priority: TaskPriority) {
        cells[slot].store(UInt64(scan + 1) << 8 | UInt64(priority.rawValue), ordering: .relaxed)
    }

    /// The effective priority recorded by `scan` in `slot`, or `nil` if it has not started yet.
    func priority(slot: Int, scan: Int) -> TaskPriority? {
        guard slot < capacity else { return nil }
        let cell = cells[slot].load(ordering: .relaxed)
        guard cell >> 8 == UInt64(scan + 1) else { return nil }
        return TaskPriority(rawValue: UInt8(truncatingIfNeeded: cell))
    }
}
