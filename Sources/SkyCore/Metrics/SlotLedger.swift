import Synchronization

/// What each scan's own child task reports, kept per slot: the priority the runtime runs it at
/// (`Task.currentPriority`, against the one it asked for) and its finish, counted the moment it
/// ends with no hop to the actor.
///
/// A slot's scans run one after another, so each cell has one writer at a time, and the run's
/// scheduling orders them; plain atomic loads and stores suffice, with no read-modify-write. Each
/// cell has a cache line of its own, so children on different cores never contend, and the actor
/// never reads a cell on its per-scan path: readers sum the cells when they take a snapshot.
final class SlotLedger: @unchecked Sendable {  // @unchecked: the cells are atomics; the pointer never changes
    fileprivate struct Cell: ~Copyable {
        /// `(scan + 1) << 8 | effective priority`, so a reader never takes the previous
        /// occupant's figure for the new one's.
        let effective = Atomic<UInt64>(0)
        let completed = Atomic<Int>(0)
        let failed = Atomic<Int>(0)
        let raised = Atomic<Int>(0)
        let lowered = Atomic<Int>(0)
    }

    /// Bytes from one cell to the next: a cache line, or more if a cell ever outgrows one.
    private static let stride = max(64, MemoryLayout<Cell>.stride)

    /// What a scan's child holds to report on itself: the cells' address, not a reference to the
    /// ledger. A reference would have every child, on every core, increment and decrement the
    /// ledger's one reference count around each call. Valid while the ledger lives: the model
    /// that owns it outlives its task group, which waits for every child.
    struct Cells: @unchecked Sendable {  // @unchecked: a pointer to atomics, each cell written by one child at a time
        fileprivate let base: UnsafeMutableRawPointer

        fileprivate func cell(_ slot: Int) -> UnsafeMutablePointer<Cell> {
            (base + slot * SlotLedger.stride).assumingMemoryBound(to: Cell.self)
        }

        /// Called by the scan's child as it starts, from inside the child.
        /// `asked` is the raw value of the priority the child was created with.
        func start(slot: Int, scan: Int, asked: UInt8) {
            let effective = Task.currentPriority.rawValue
            let cell = cell(slot)
            cell.pointee.effective.store(UInt64(scan + 1) << 8 | UInt64(effective), ordering: .relaxed)
            if effective > asked {
                cell.pointee.raised.store(cell.pointee.raised.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
            } else if effective < asked {
                cell.pointee.lowered.store(cell.pointee.lowered.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
            }
        }

        /// Called by the scan's child as it ends.
        func finish(slot: Int, _ outcome: ScanOutcome) {
            let cell = cell(slot)
            switch outcome {
            case .success: cell.pointee.completed.store(cell.pointee.completed.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
            case .failure(.failed): cell.pointee.failed.store(cell.pointee.failed.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
            case .failure(.cancelled), .failure(.mismatch): break
            }
        }
    }

    let cells: Cells
    let capacity: Int
    /// Slots that have existed so far: only these are summed.
    private let used = Atomic<Int>(0)

    init(slots: Int) {
        capacity = slots
        let base = UnsafeMutableRawPointer.allocate(byteCount: slots * Self.stride, alignment: 64)
        for slot in 0..<slots { (base + slot * Self.stride).initializeMemory(as: Cell.self, to: Cell()) }
        cells = Cells(base: base)
    }

    deinit {
        for slot in 0..<capacity { cells.cell(slot).deinitialize(count: 1) }
        cells.base.deallocate()
    }

    private func cell(_ slot: Int) -> UnsafeMutablePointer<Cell> { cells.cell(slot) }

    /// Called by the actor whenever the slot table grows.
    func noteSlots(_ count: Int) {
        if count > used.load(ordering: .relaxed) { used.store(min(count, capacity), ordering: .relaxed) }
    }

    /// The effective priority `scan` recorded in `slot`, or `nil` if it has not started yet.
    func effective(slot: Int, scan: Int) -> TaskPriority? {
        guard slot < capacity else { return nil }
        let value = cell(slot).pointee.effective.load(ordering: .relaxed)
        guard value >> 8 == UInt64(scan + 1) else { return nil }
        return TaskPriority(rawValue: UInt8(truncatingIfNeeded: value))
    }

    /// Every slot's counts, summed: exact once the children have ended, and otherwise at most a
    /// few scans behind each child's own count.
    func totals() -> (direct: DirectCounts, shift: PriorityShift) {
        var direct = DirectCounts()
        var shift = PriorityShift()
        for slot in 0..<used.load(ordering: .relaxed) {
            let cell = cell(slot)
            direct.completed += cell.pointee.completed.load(ordering: .relaxed)
            direct.failed += cell.pointee.failed.load(ordering: .relaxed)
            shift.raised += cell.pointee.raised.load(ordering: .relaxed)
            shift.lowered += cell.pointee.lowered.load(ordering: .relaxed)
        }
        return (direct, shift)
    }
}
