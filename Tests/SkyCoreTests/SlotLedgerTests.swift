import Testing
@testable import SkyCore

/// The children's own account of the scans that hold slots, driven by hand: no tasks.
@Suite("The slot ledger: what the children say of themselves")
struct SlotLedgerTests {
    @Test("A scan holding a slot is running, as the children know it, from its child's first line until its child ends")
    func runningAndEnded() {
        let ledger = SlotLedger(slots: 4)
        // Slot 0: scan 1 ended long ago (booked), and scan 9 now holds it, not yet begun.
        ledger[0].noteStart(of: 1, ChildView(base: .medium, current: .medium))
        ledger[0].noteFinish(of: 1, .success(ScanResult(signals: 1, checksum: 1)))
        // Slot 1: scan 5 has begun. Slot 2: scan 6 has begun and ended; the actor has not booked it.
        ledger[1].noteStart(of: 5, ChildView(base: .high, current: .medium))
        ledger[2].noteStart(of: 6, ChildView(base: .low, current: .medium))
        ledger[2].noteFinish(of: 6, .failure(.failed(.signalLost)))
        // Slot 3: scan 7 was cancelled in its child.
        ledger[3].noteStart(of: 7, ChildView(base: .low, current: .medium))
        ledger[3].noteFinish(of: 7, .failure(.cancelled))
        var slots: [SlotOccupancy?] = [9, 5, 6, 7].map { SlotOccupancy(scan: $0, priority: .medium, startedAt: .zero) }
        var direct = DirectCounts()
        ledger.annotate(&slots, into: &direct)
        #expect(direct.running == 1, "scan 5 alone: scan 9 has not begun, 6 and 7 have ended")
        #expect(direct.endedInSlot == 2)
        #expect(slots[0]?.child.base == nil && slots[1]?.child.base == .high)
        // Once the actor books scan 6 and frees its slot, it is no longer counted.
        slots[2] = nil
        direct = DirectCounts()
        ledger.annotate(&slots, into: &direct)
        #expect(direct.running == 1 && direct.endedInSlot == 1)
    }
}
