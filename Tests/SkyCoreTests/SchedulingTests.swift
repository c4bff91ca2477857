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

@Suite("Ring buffer")
struct RingBufferTests {
    @Test("Elements come out first in, first out across wrap-arounds and growth")
    func fifoAcrossWrapAndGrowth() {
        var ring = RingBuffer<Int>(minimumCapacity: 4)
        var expected: [Int] = []
        var next = 0
        // Interleaved appends and pops move the head around the ring; the bursts outgrow it.
        for burst in [3, 1, 4, 1, 5, 9, 2, 6, 20, 3] {
            for _ in 0..<burst {
                ring.append(next)
                expected.append(next)
                next += 1
            }
            let elements = ring.elements  // `#expect` cannot inspect a noncopyable value
            #expect(elements == expected)
            for _ in 0..<(burst / 2) {
                #expect(ring.popFirst() == expected.removeFirst())
            }
            let count = ring.count
            #expect(count == expected.count)
        }
        while let value = ring.popFirst() { #expect(value == expected.removeFirst()) }
        #expect(expected.isEmpty)
        let isEmpty = ring.isEmpty
        #expect(isEmpty)
        #expect(ring.popFirst() == nil)
    }

    @Test("Removing all empties the ring and it stays usable")
    func removeAll() {
        var ring = RingBuffer<String>(minimumCapacity: 2)
        for word in ["a", "b", "c"] { ring.append(word) }
        _ = ring.popFirst()
        ring.removeAll()
        let isEmpty = ring.isEmpty
        #expect(isEmpty)
        let elements = ring.elements
        #expect(elements == [])
        ring.append("d")
        #expect(ring.popFirst() == "d")
    }

    @Test("Elements still held when the ring goes away are released, and popped ones once")
    func releasesElements() {
        final class Tracked {
            let onDeinit: () -> Void
            init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
            deinit { onDeinit() }
        }
        var released = 0
        do {
            var ring = RingBuffer<Tracked>(minimumCapacity: 2)
            // Wraps (pop then append) and grows with live elements on both sides of the seam.
            for _ in 0..<2 { ring.append(Tracked { released += 1 }) }
            _ = ring.popFirst()
            #expect(released == 1)
            for _ in 0..<5 { ring.append(Tracked { released += 1 }) }
            let count = ring.count
            #expect(count == 6)
            #expect(released == 1)
        }
        #expect(released == 7)
    }
}
