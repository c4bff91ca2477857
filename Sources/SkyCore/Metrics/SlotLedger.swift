import Synchronization

/// What each scan's own child reports while it runs, kept per slot and read without a hop to the
/// actor: the priorities it read about its task as it started (for the lanes, and for the scans a
/// thrown error takes down with their reports), when it is on a pool thread, that it has ended,
/// and its finish, counted the moment it ends.
///
/// The actor learns a scan's end only when it gets a turn on the pool; these counts do not wait
/// for that, which is what `--counters direct` shows. One cell per slot: a slot's scans run one
/// after another, so a cell has one writer at a time, and no counter is shared by every child on
/// every core.
final class SlotLedger: Sendable {
    final class Cell: Sendable {
        /// `(scan + 1) << 16 | base << 8 | current`, so a reader never takes the previous
        /// occupant's reading for the new one's.
        fileprivate let reading = Atomic<UInt64>(0)
        /// `scan + 1` of the last scan whose child ended here, however it ended. A store, not a
        /// count: the slot's next scan starts only after the actor has taken this one's result.
        fileprivate let ended = Atomic<Int>(0)
        fileprivate let completed = Atomic<Int>(0)
        fileprivate let failed = Atomic<Int>(0)
        fileprivate let mismatched = Atomic<Int>(0)
        /// One more each time the slot's child gets a pool thread and each time it leaves one: odd
        /// while it executes (`ThreadReading`). Sequentially consistent, so that the two passes of
        /// a reading are ordered against every slot's changes, whichever core makes them.
        fileprivate let turns = Atomic<UInt64>(0)
        /// Keeps the next slot's cell, written by another core, off this cell's cache line.
        private let padding = CacheLinePadding()

        /// Called by the scan's child as it starts, with what it read about its task.
        func noteStart(of scan: Int, _ child: ChildView) {
            reading.store(UInt64(scan + 1) << 16 | UInt64(child.packedPriorities), ordering: .relaxed)
        }

        /// Called by the child as its sweep gets a pool thread, and as it gives the thread up.
        func noteOnThread() { turns.wrappingAdd(1, ordering: .sequentiallyConsistent) }
        func noteOffThread() { turns.wrappingAdd(1, ordering: .sequentiallyConsistent) }

        /// Called by `scan`'s child as it ends.
        func noteFinish(of scan: Int, _ outcome: ScanOutcome) {
            ended.store(scan + 1, ordering: .relaxed)
            switch outcome {
            case .success: completed.wrappingAdd(1, ordering: .relaxed)
            case .failure(.failed): failed.wrappingAdd(1, ordering: .relaxed)
            case .failure(.mismatch): mismatched.wrappingAdd(1, ordering: .relaxed)
            case .failure(.cancelled), .failure(.partial): break
            }
        }
    }

    private let cells: [Cell]
    /// The most scans a reading has seen on a thread together. Taken by readers, a few dozen times
    /// a second, and by the engine as the run begins to stop and as it ends, never once a scan; a
    /// reading holds it from its first load to its last, so the run's last reading comes after
    /// every earlier reading has counted (`readThreads`).
    private let mostSeen = Locked(0)

    init(slots: Int) {
        cells = (0..<slots).map { _ in Cell() }
    }

    subscript(slot: Int) -> Cell { cells[slot] }

    /// The priorities `scan` read in `slot`, as a child's view without a name; `nil` if it has not
    /// started yet.
    func reading(slot: Int, scan: Int) -> ChildView? {
        guard slot < cells.count else { return nil }
        let value = cells[slot].reading.load(ordering: .relaxed)
        guard value >> 16 == UInt64(scan + 1) else { return nil }
        return ChildView(packedPriorities: UInt16(truncatingIfNeeded: value))
    }

    /// Whether the child of `scan`, in `slot`, has ended, as the child itself noted.
    func hasEnded(slot: Int, scan: Int) -> Bool {
        slot < cells.count && cells[slot].ended.load(ordering: .relaxed) == scan + 1
    }

    /// What the children of the scans holding `slots` (the book's) say of themselves: the
    /// priorities each read, and in `direct`, how many have begun and not ended, and how many have
    /// ended while the book still holds their slot.
    func annotate(_ slots: inout [SlotOccupancy?], into direct: inout DirectCounts) {
        for (slot, occupancy) in slots.enumerated() {
            guard let occupancy else { continue }
            let reading = reading(slot: slot, scan: occupancy.scan)
            if let reading { slots[slot]?.child = reading }
            if hasEnded(slot: slot, scan: occupancy.scan) {
                direct.endedInSlot += 1
            } else if reading != nil {
                direct.running += 1
            }
        }
    }

    /// Every slot's counts, summed: exact once the children have ended, and otherwise at most a
    /// few scans behind each child's own count.
    func totals() -> DirectCounts {
        var direct = DirectCounts()
        for cell in cells {
            direct.completed += cell.completed.load(ordering: .relaxed)
            direct.failed += cell.failed.load(ordering: .relaxed)
            direct.verificationFailures += cell.mismatched.load(ordering: .relaxed)
        }
        return direct
    }

    /// The scans on a pool thread now (`ThreadReading`). Up to `attempts` readings, until one sees
    /// no slot change between its passes; otherwise the last, which counts only what it saw. The
    /// reading returned also raises `mostSeenOnThread`, so the most seen is always a count some
    /// snapshot showed.
    ///
    /// Every cell is read, busy or not: a scan can start in a slot the reader has not heard of yet
    /// (the batch just grew), and a reading that skipped its cell would call itself exact.
    func readThreads(attempts: Int = 3) -> ThreadReading {
        mostSeen.withLock { mostSeen in
            var reading = ThreadReading.none
            for _ in 0..<max(1, attempts) {
                let first = cells.map { $0.turns.load(ordering: .sequentiallyConsistent) }
                let second = cells.map { $0.turns.load(ordering: .sequentiallyConsistent) }
                reading = ThreadReading(first: first, second: second)
                if reading.isExact { break }
            }
            mostSeen = max(mostSeen, reading.onThread)
            return reading
        }
    }

    /// The most scans any reading so far has seen on a thread together: at most the most there
    /// ever were, and as many whenever a reading caught them.
    var mostSeenOnThread: Int { mostSeen.withLock { $0 } }

    /// A reading taken now, with the most seen so far, as the run's record tells it.
    func threadsChange(at time: Duration) -> RunChange {
        let reading = readThreads()
        return RunChange(.threads(reading, mostSeen: mostSeenOnThread), at: time)
    }
}
