import SkyCore
@testable import SkyTUI
import Testing

@Suite("Timeline: the run over time in a fixed ring of columns")
struct TimelineTests {
    static func event(_ kind: ScanEvent.Kind, scan: Int, slot: Int, ms: Int, priority: ScanPriority = .high) -> RunEvent {
        .scan(ScanEvent(kind: kind, scan: scan, priority: priority, slot: slot, time: .milliseconds(ms)))
    }

    static let done = ScanEvent.Kind.completed(ScanResult(signals: 1, checksum: 0))

    /// Busy seconds of every column of the whole run, for one band.
    static func busy(_ timeline: Timeline, band: Int = 0) -> [Float] {
        let window = timeline.window(columns: TimelineRing.capacity, wholeRun: true)
        return window.columns.map { window.cell(column: $0, bands: band..<(band + 1)).busy }
    }

    static func close(_ a: Float, _ b: Float) -> Bool { abs(a - b) <= 1e-4 * max(1, abs(b)) }

    @Test("A scan is a span from its start to its end, at its priority, and its end is marked where it ended")
    func span() {
        var timeline = Timeline(lanes: 2)
        timeline.record(Self.event(.started, scan: 0, slot: 1, ms: 100, priority: .low))
        timeline.record(Self.event(Self.done, scan: 0, slot: 1, ms: 420, priority: .low))
        timeline.record(frame: .milliseconds(600), lanes: 2, threads: 0, queue: 0)
        let window = timeline.window(columns: 80, wholeRun: true)
        #expect(window.columnWidth == 50_000)
        #expect(window.columns == 0..<13)
        let cells = window.columns.map { window.cell(column: $0, bands: 1..<2) }
        #expect(cells[0..<2].allSatisfy { $0.busy == 0 })
        #expect(cells[2..<8].allSatisfy { Self.close($0.low, 0.05) && $0.dominant == .low })
        #expect(Self.close(cells[8].low, 0.02))
        #expect(cells[8].ends == .completed)
        #expect(cells.enumerated().allSatisfy { $0.offset == 8 || $0.element.ends.isEmpty })
        #expect(Self.busy(timeline, band: 0).allSatisfy { $0 == 0 }, "the other lane stays idle")
    }

    @Test("Frames grow a running scan's span to the frame's time")
    func openSpan() {
        var timeline = Timeline(lanes: 1)
        timeline.record(Self.event(.started, scan: 0, slot: 0, ms: 0))
        timeline.record(frame: .milliseconds(120), lanes: 1, threads: 1, queue: 0)
        #expect(Self.busy(timeline).map { ($0 * 1000).rounded() } == [50, 50, 20])
        timeline.record(frame: .milliseconds(200), lanes: 1, threads: 1, queue: 0)
        #expect(Self.busy(timeline).map { ($0 * 1000).rounded() } == [50, 50, 50, 50, 0])
    }

    @Test("An end drained after a frame counted past it takes the extra time back")
    func lateEnd() {
        var timeline = Timeline(lanes: 1)
        timeline.record(Self.event(.started, scan: 0, slot: 0, ms: 0))
        timeline.record(frame: .milliseconds(300), lanes: 1, threads: 1, queue: 0)
        timeline.record(Self.event(.failed(.signalLost), scan: 0, slot: 0, ms: 130))
        // A start drained late counts from its own time too.
        timeline.record(Self.event(.started, scan: 1, slot: 0, ms: 180, priority: .medium))
        timeline.record(frame: .milliseconds(300), lanes: 1, threads: 1, queue: 0)
        let window = timeline.window(columns: 80, wholeRun: true)
        let cells = window.columns.map { window.cell(column: $0, bands: 0..<1) }
        #expect(cells.map { ($0.high * 1000).rounded() } == [50, 50, 30, 0, 0, 0, 0])
        #expect(cells.map { ($0.medium * 1000).rounded() } == [0, 0, 0, 20, 50, 50, 0])
        #expect(cells[2].ends == .failed)
    }

    @Test("A start in a slot whose scan's end was lost ends that scan there, without a mark")
    func lostEnd() {
        var timeline = Timeline(lanes: 1)
        timeline.record(Self.event(.started, scan: 0, slot: 0, ms: 0))
        timeline.record(Self.event(.started, scan: 1, slot: 0, ms: 100, priority: .low))
        timeline.record(frame: .milliseconds(200), lanes: 1, threads: 1, queue: 0)
        let window = timeline.window(columns: 80, wholeRun: true)
        let cells = window.columns.map { window.cell(column: $0, bands: 0..<1) }
        #expect(cells.map { ($0.high * 1000).rounded() } == [50, 50, 0, 0, 0])
        #expect(cells.map { ($0.low * 1000).rounded() } == [0, 0, 50, 50, 0])
        #expect(cells.allSatisfy { $0.ends.isEmpty })
    }

    @Test("When the run outgrows the ring, columns double and merge: busy time and marks stay where they were")
    func doubling() {
        var timeline = Timeline(lanes: 1)
        var scan = 0
        var total: Float = 0
        // One scan every 300 ms, each busy 250 ms, for a minute: far past 256 columns of 50 ms.
        for start in stride(from: 0, to: 60_000, by: 300) {
            timeline.record(Self.event(.started, scan: scan, slot: 0, ms: start))
            timeline.record(Self.event(Self.done, scan: scan, slot: 0, ms: start + 250))
            timeline.record(frame: .milliseconds(start + 299), lanes: 1, threads: 1, queue: 3)
            scan += 1
            total += 0.25
        }
        #expect(timeline.whole.width == 400_000, "50 ms doubled three times")
        #expect(Self.close(Self.busy(timeline).reduce(0, +), total))
        let window = timeline.window(columns: 200, wholeRun: true)
        // Scan 199's end, at 59 950 ms, is in column 149 of 400 ms.
        #expect(window.cell(column: 149, bands: 0..<1).ends == .completed)
        #expect(window.sample(column: 10).meanQueue == 3)
    }

    @Test("Memory is a fixed ring: two hundred thousand scans leave it as it was sized")
    func fixedMemory() {
        var timeline = Timeline(lanes: 4)
        let capacity = TimelineRing.capacity
        for scan in 0..<200_000 {
            let slot = scan % 4
            let time = scan * 3
            timeline.record(Self.event(.started, scan: scan, slot: slot, ms: time))
            timeline.record(Self.event(Self.done, scan: scan, slot: slot, ms: time + 10))
            if slot == 3 { timeline.record(frame: .milliseconds(time + 10), lanes: 4, threads: 2, queue: 0) }
        }
        for ring in [timeline.whole, timeline.recent] {
            #expect(ring.end - ring.first <= Int64(capacity))
            #expect(ring.bands == 4)
        }
        #expect(timeline.recent.width == 400_000, "the live ring stops doubling at its limit")
        #expect(timeline.recent.first > 0, "and drops its oldest columns")
        #expect(timeline.whole.first == 0, "the whole ring keeps the start")
    }

    @Test("Live, a long run scrolls at the live limit; once over, the whole run shows")
    func scrolling() {
        var timeline = Timeline(lanes: 1)
        timeline.record(Self.event(.started, scan: 0, slot: 0, ms: 0))
        timeline.record(frame: .seconds(3), lanes: 1, threads: 1, queue: 0)
        let short = timeline.window(columns: 80, wholeRun: false)
        #expect(short.columnWidth == 50_000 && short.columns == 0..<61, "three seconds fit at 50 ms")
        timeline.record(frame: .seconds(200), lanes: 1, threads: 1, queue: 0)
        let live = timeline.window(columns: 80, wholeRun: false)
        #expect(live.columnWidth == 400_000)
        #expect(live.columns == 421..<501, "the newest 80 columns, up to 200 s")
        let whole = timeline.window(columns: 80, wholeRun: true)
        #expect(whole.columns.lowerBound == 0)
        #expect(whole.columns.count <= 80)
        #expect(whole.columnWidth == 3_200_000)
    }

    @Test("More slots than bands: each band stands for a range of slots, and none of the busy time is lost")
    func bands() {
        var timeline = Timeline(lanes: 4)
        timeline.record(Self.event(.started, scan: 0, slot: 0, ms: 0))
        timeline.record(Self.event(.started, scan: 1, slot: 200, ms: 0))
        timeline.record(frame: .milliseconds(100), lanes: 201, threads: 2, queue: 0)
        #expect(timeline.lanes == 201)
        #expect(timeline.slotsPerBand == 4)
        #expect(timeline.bands == 51)
        let window = timeline.window(columns: 80, wholeRun: true)
        #expect(Self.close(window.cell(column: 0, bands: 0..<1).busy, 0.05))
        #expect(Self.close(window.cell(column: 1, bands: 50..<51).busy, 0.05))
        #expect(Self.close(window.cell(column: 1, bands: 0..<51).busy, 0.1))
        // An unbounded run of 10 000 starts at 64 bands of 157 slots.
        let wide = Timeline(lanes: 10_000)
        #expect(wide.bands == 64 && wide.slotsPerBand == 157)
    }

    @Test("History: each column holds the mean of the frames that fell in it")
    func history() {
        var timeline = Timeline(lanes: 2)
        timeline.record(frame: .milliseconds(10), lanes: 2, threads: 2, queue: 9)
        timeline.record(frame: .milliseconds(20), lanes: 2, threads: 2, queue: 6)
        timeline.record(frame: .milliseconds(40), lanes: 2, threads: 1, queue: 3)
        // A finished run's frames repeat its last time: not samples of their own.
        timeline.record(frame: .milliseconds(70), lanes: 2, threads: 0, queue: 0)
        timeline.record(frame: .milliseconds(70), lanes: 2, threads: 0, queue: 0)
        let window = timeline.window(columns: 80, wholeRun: true)
        #expect(window.sample(column: 0).meanThreads == 5.0 / 3)
        #expect(window.sample(column: 0).meanQueue == 6)
        #expect(window.sample(column: 1).frames == 1)
    }
}

extension Timeline {
    /// A frame as the dashboard state gives it: the time, then what it saw.
    mutating func record(frame elapsed: Duration, lanes: Int, threads: Int, queue: Int) {
        advance(to: elapsed, lanes: lanes)
        sample(at: elapsed, threads: threads, queue: queue)
    }
}
