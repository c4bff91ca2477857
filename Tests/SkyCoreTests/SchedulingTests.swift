import Testing
@testable import SkyCore

@Suite("Ready queue and slots")
struct SchedulingTests {
    @Test("The ready queue serves the highest priority first, first in first out within one")
    func readyQueueOrder() {
        let config = quick(total: 50)
        var queue = ReadyQueue()
        for index in 0..<50 { queue.append(.init(scan: index, priority: config.priority(of: index), scheduledAt: .zero)) }
        var order: [ReadyQueue.Entry] = []
        while let entry = queue.popNext() { order.append(entry) }
        #expect(order.count == 50)
        #expect(order.map(\.priority) == order.map(\.priority).sorted())
        for priority in ScanPriority.allCases {
            let indices = order.filter { $0.priority == priority }.map(\.scan)
            #expect(indices == indices.sorted())
        }
    }

    @Test("A starting scan takes the lowest free slot below the batch")
    func lowestFreeSlot() {
        var table = SlotTable(batch: 3)
        let occupant = SlotOccupancy(scan: 0, priority: .low, startedAt: .zero)
        #expect(table.freeSlot(below: 3) == 0)
        table.occupy(0, with: occupant)
        table.occupy(1, with: occupant)
        #expect(table.freeSlot(below: 3) == 2)
        #expect(table.freeSlot(below: 2) == nil)
        table.release(0)
        #expect(table.freeSlot(below: 3) == 0)
    }

    @Test("The lowest free slot is found across many slots, and never above the batch")
    func lowestFreeSlotInLargeTable() {
        var table = SlotTable(batch: 200)
        let occupant = SlotOccupancy(scan: 0, priority: .medium, startedAt: .zero)
        for slot in 0..<200 { table.occupy(slot, with: occupant) }
        #expect(table.freeSlot(below: 200) == nil)
        table.release(130)
        #expect(table.freeSlot(below: 200) == 130)
        #expect(table.freeSlot(below: 130) == nil)
        table.release(70)
        #expect(table.freeSlot(below: 200) == 70)
        table.occupy(70, with: occupant)
        table.resize(to: 100)  // slots up to 199 stay while busy; 130 is free but above the batch
        #expect(table.slots.count == 200)
        #expect(table.freeSlot(below: 100) == nil)
        for slot in 100..<200 { table.release(slot) }
        table.resize(to: 100)
        #expect(table.slots.count == 100)
        #expect(table.freeSlot(below: 100) == nil)
        table.resize(to: 150)
        #expect(table.freeSlot(below: 150) == 100)
        table.release(3)
        #expect(table.freeSlot(below: 150) == 3)
    }

    @Test("Shrinking the batch keeps busy slots until they free")
    func shrink() {
        var table = SlotTable(batch: 4)
        table.occupy(3, with: SlotOccupancy(scan: 1, priority: .high, startedAt: .zero))
        table.resize(to: 2)
        #expect(table.slots.count == 4)
        table.release(3)
        table.resize(to: 2)
        #expect(table.slots.count == 2)
        table.resize(to: 6)
        #expect(table.slots.count == 6)
    }

    @Test("The recent rate counts only the last five seconds")
    func throughputWindow() {
        var meter = ThroughputMeter()
        for tenth in 0..<100 { meter.record(at: .milliseconds(tenth * 100)) }  // 10 per second for 10 s
        #expect(meter.total == 100)
        #expect(abs(meter.recentRate(at: .seconds(10)) - 10) < 1)
        #expect(abs(meter.meanRate(at: .seconds(10)) - 10) < 0.01)
        #expect(meter.recentRate(at: .seconds(30)) == 0)
    }

    @Test("A control sent before anyone waits is not lost, and cancellation ends a wait")
    func controlInbox() async {
        let inbox = ControlInbox()
        inbox.send(.pause)
        await inbox.wait()
        #expect(inbox.drain() == [.pause])
        #expect(inbox.drain().isEmpty)

        let waiter = Task { await inbox.wait() }
        waiter.cancel()
        await waiter.value
    }
}
