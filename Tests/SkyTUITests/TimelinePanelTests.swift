import SkyCore
@testable import SkyTUI
import Testing

@Suite("Timeline panel: what the lanes, the history and the axis say")
struct TimelinePanelTests {
    static let size = TerminalSize(width: 100, height: 30)

    /// The frame's lines from the timeline's title down to the axis.
    static func timeline(_ state: DashboardState) -> [Substring] {
        let lines = DashboardView.render(state).text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let title = lines.firstIndex(where: { $0.contains(" Timeline ") }) else { return [] }
        let end = lines[title...].firstIndex { $0.contains(" Errors ") || $0.contains(" Explain ") } ?? lines.count
        return Array(lines[title..<end])
    }

    static func lanes(_ state: DashboardState) -> [Substring] {
        timeline(state).filter { $0.hasPrefix(" slot") }
    }

    static func count(_ glyph: Character, in lines: [Substring]) -> Int {
        lines.map { $0.filter { $0 == glyph }.count }.reduce(0, +)
    }

    @Test("When the whole run fits, every scan that ended has one mark, by how it ended")
    func marksMatchTheRun() {
        let state = RunScene.canonicalDone.state(size: Self.size)
        let lanes = Self.lanes(state)
        #expect(lanes.count == 4)
        #expect(Self.count("✗", in: lanes) == state.snapshot.counters.failed)
        #expect(Self.count("✓", in: lanes) == state.snapshot.counters.completed)
        #expect(Self.count("⊘", in: lanes) == 0)
        let priorities = Set(lanes.flatMap { $0.filter { "▆▄▂".contains($0) } })
        #expect(priorities == ["▆", "▄", "▂"], "every priority ran")
    }

    @Test("A thrown failure cuts every lane in the same column")
    func throwCutsEveryLane() {
        let lanes = Self.lanes(RunScene.thrown.state(size: Self.size))
        let ends = lanes.map { lane in lane.lastIndex { "✗⊘".contains($0) }.map { lane.distance(from: lane.startIndex, to: $0) } }
        #expect(ends.allSatisfy { $0 != nil && $0 == ends[0] }, "\(lanes)")
        #expect(Self.count("✗", in: lanes) == 1)
        #expect(Self.count("⊘", in: lanes) == 3)
    }

    @Test("A serial run with spacing shows a gap between one scan and the next")
    func spacingGaps() {
        let state = RunScene.serialSpacing.state(size: Self.size)
        let lane = Self.lanes(state)[0].dropFirst(" slot 0".count).trimmingCharacters(in: .whitespaces)
        let spans = lane.split(separator: " ", omittingEmptySubsequences: true)
        #expect(spans.count == 8, "\(lane)")
        #expect(spans.allSatisfy { $0.last == "✓" })
    }

    @Test("More slots than rows: each row stands for a range of slots, shaded by the share busy")
    func densityRows() {
        let state = RunScene.unbounded.state(size: Self.size)
        let lanes = Self.lanes(state)
        #expect(lanes.map { $0.prefix(12).trimmingCharacters(in: .whitespaces) }
            == ["slots 0-3", "slots 4-7", "slots 8-11", "slots 12-15", "slots 16-19", "slots 20-23"])
        #expect(lanes.allSatisfy { $0.contains("██████████") })
        let shades = Glyphs.unicode.shades
        let busy = TimelineCell.busy(high: 1)
        #expect(TimelinePanel.mark(busy, single: false, share: 0.2, glyphs: .unicode)?.glyph == shades[0])
        #expect(TimelinePanel.mark(busy, single: false, share: 0.5, glyphs: .unicode)?.glyph == shades[1])
        #expect(TimelinePanel.mark(busy, single: false, share: 0.7, glyphs: .unicode)?.glyph == shades[2])
        #expect(TimelinePanel.mark(busy, single: false, share: 1, glyphs: .unicode)?.glyph == shades[3])
        #expect(TimelinePanel.mark(busy, single: false, share: 0.001, glyphs: .unicode) == nil)
    }

    @Test("An end outranks a span: failed over cancelled over completed; a range of slots marks no completions")
    func endPrecedence() {
        var cell = TimelineCell.busy(high: 1)
        cell.ends = [.completed, .cancelled, .failed]
        #expect(TimelinePanel.mark(cell, single: true, share: 1, glyphs: .unicode)?.glyph == "✗")
        cell.ends = [.completed, .cancelled]
        #expect(TimelinePanel.mark(cell, single: true, share: 1, glyphs: .unicode)?.glyph == "⊘")
        cell.ends = [.completed]
        #expect(TimelinePanel.mark(cell, single: true, share: 1, glyphs: .unicode)?.glyph == "✓")
        #expect(TimelinePanel.mark(cell, single: false, share: 1, glyphs: .unicode)?.glyph == "█")
        cell.ends = []
        #expect(TimelinePanel.mark(cell, single: true, share: 1, glyphs: .unicode)?.glyph == "▆")
    }

    @Test("Without colour, priorities and ends still differ by glyph, in Unicode and in ASCII")
    func glyphsNotColourAlone() {
        for glyphs in [Glyphs.unicode, .ascii] {
            let all = glyphs.spans + [glyphs.completed, glyphs.failed, glyphs.cancelled] + glyphs.shades
            #expect(Set(all).count == all.count, "\(all)")
            #expect(!all.contains(" "))
        }
        let ascii = Self.lanes(RunScene.canonicalASCII.state(size: Self.size))
        #expect(Set(ascii.flatMap { $0.dropFirst(13) }).subtracting(" ") == ["H", "M", "L", ".", "x"])
    }

    @Test("The history rows: threads on a CPU against the cores, the queue against its deepest")
    func history() throws {
        let lines = Self.timeline(RunScene.canonicalRunning.state(size: Self.size))
        let threads = try #require(lines.first { $0.hasPrefix(" threads 0-2 ") })
        let queue = try #require(lines.first { $0.hasPrefix(" queue 0-16 ") })
        #expect(threads.dropFirst(13).allSatisfy { $0 == "█" }, "two scans on a thread throughout")
        #expect(queue.dropFirst(13).first == "█")
        #expect(queue.last == "▄", "half the queue left two seconds in")
    }

    @Test("A column no frame fell in holds the value before it; nothing is sampled before the run starts")
    func historyHolds() {
        #expect(TimelineHistory.held([nil, 1, nil, nil, 2, nil]) == [nil, 1, 1, 1, 2, 2])
        let configuration = RunConfiguration(total: 4, batch: 2, seed: 1)
        let ready = ScanSnapshot(configuration: configuration)
        var state = DashboardState(snapshot: ready, size: Self.size, info: RunScene.info)
        _ = state.update(.frame(ready, elapsed: .zero))
        var running = ready
        running.progress.phase = .running
        running.progress.onThread = 2
        running.progress.counters.waiting = 2
        _ = state.update(.frame(running, elapsed: .milliseconds(10)))
        let sample = state.timeline.window(columns: 80, wholeRun: false).sample(column: 0)
        #expect(sample.frames == 1 && sample.meanThreads == 2 && sample.meanQueue == 2)
    }

    @Test("The axis gives the scale, and labels round times far enough apart to read")
    func axis() {
        let lines = Self.timeline(RunScene.canonicalDone.state(size: Self.size))
        #expect(lines[0].contains("1 column = 50 ms"))
        #expect(lines.last!.trimmingCharacters(in: .whitespaces).split(separator: " ") == ["0s", "1s", "2s", "3s", "4s"])
        #expect(TimelineAxis.step(columnWidth: 50_000) == 1_000_000)
        #expect(TimelineAxis.step(columnWidth: 400_000) == 5_000_000)
        #expect(["0s", "0.5s", "1m30s", "2h", "1h1m"] == [0, 0.5, 90, 7200, 3660].map { TimelineAxis.label(Int64($0 * 1e6)) })
    }

    @Test("Live, a long run scrolls at 400 ms a column; once done, the whole run shows")
    func longRun() {
        let configuration = RunConfiguration(total: 1, batch: 1, seed: 1)
        var state = DashboardState(snapshot: ScanSnapshot(configuration: configuration), size: Self.size, info: RunScene.info)
        _ = state.update(.events([.event(.scan(ScanEvent(kind: .started, scan: 0, priority: .low, slot: 0, time: .zero)))]))
        var snapshot = ScanSnapshot(configuration: configuration)
        snapshot.progress.phase = .running
        _ = state.update(.frame(snapshot, elapsed: .seconds(200)))
        let live = Self.timeline(state)
        #expect(live[0].contains("1 column = 400 ms"))
        #expect(!live.last!.contains(" 0s"), "the start has scrolled away: \(live.last!)")
        #expect(live.last!.contains("3m15s"))
        snapshot.progress.phase = .finished(.cancelled)
        _ = state.update(.events([.event(.scan(ScanEvent(kind: .cancelled, scan: 0, priority: .low, slot: 0, time: .seconds(200))))]))
        _ = state.update(.frame(snapshot, elapsed: .seconds(200)))
        let done = Self.timeline(state)
        #expect(done[0].contains("1 column = 3.2 s"))
        #expect(done.last!.contains(" 0s "))
        #expect(Self.count("⊘", in: Self.lanes(state)) == 1)
    }

    @Test("The timeline gives way when there is no room: the minimum size still shows every other panel")
    func noRoom() {
        let small = RunScene.canonicalRunning.state(size: DashboardView.minimumSize)
        let text = DashboardView.render(small).text
        #expect(!text.contains("Timeline"))
        #expect(text.contains("Slots") && text.contains("Errors"))
        // At 80×24 the slot lanes give way first: the title, a lane per slot, threads, queue, axis.
        #expect(Self.timeline(RunScene.canonicalRunning.state(size: TerminalSize(width: 80, height: 24))).count == 8)
    }
}

extension TimelineCell {
    static func busy(high: Float) -> TimelineCell {
        var cell = TimelineCell()
        cell.high = high
        return cell
    }
}

extension TimelinePanelTests {
    static func end(_ kind: ScanEvent.Kind, scan: Int, slot: Int, ms: Int, priority: ScanPriority = .medium) -> RunEvent {
        .scan(ScanEvent(kind: kind, scan: scan, priority: priority, slot: slot, time: .milliseconds(ms)))
    }

    @Test("Two ends in one column of a lane show their count, coloured by the worst; one end shows its own mark")
    func twoEndsInOneColumn() {
        var cell = TimelineCell()
        cell.add(0.04, at: .high)
        cell.note(.completed)
        let one = TimelinePanel.mark(cell, single: true, share: 1, glyphs: .unicode)
        #expect(one?.glyph == "✓")
        // A high scan completes and a medium one fails in the same column: not "✗" beside the
        // high span, which reads as the high scan failing.
        cell.note(.failed)
        let two = TimelinePanel.mark(cell, single: true, share: 1, glyphs: .unicode)
        #expect(two?.glyph == "2")
        #expect(two?.style.tint == .bad)
        // A row of slots counts its failures and cancellations: a failure and its cancelled
        // partner are two, not one ✗ that hides the ⊘.
        var range = TimelineCell()
        range.add(0.08, at: .medium)
        range.note(.failed)
        range.note(.cancelled)
        range.note(.completed)
        #expect(TimelinePanel.mark(range, single: false, share: 1, glyphs: .unicode)?.glyph == "2")
        var many = TimelineCell()
        for _ in 0..<12 { many.note(.cancelled) }
        let crowded = TimelinePanel.mark(many, single: true, share: 0, glyphs: .unicode)
        #expect(crowded?.glyph == "+")
        #expect(crowded?.style.tint == .warn)
    }

    @Test("Counts add up when the scale doubles and two columns merge")
    func countsMerge() {
        var timeline = Timeline(lanes: 1)
        timeline.record(Self.end(.started, scan: 0, slot: 0, ms: 0, priority: .high))
        timeline.record(Self.end(.completed(ScanResult(signals: 1, checksum: 1)), scan: 0, slot: 0, ms: 10, priority: .high))
        timeline.record(Self.end(.started, scan: 1, slot: 0, ms: 10))
        timeline.record(Self.end(.failed(.sensorGlitch), scan: 1, slot: 0, ms: 20))
        timeline.advance(to: .milliseconds(40), lanes: 1)
        let window = timeline.window(columns: 40, wholeRun: true)
        let cells = window.columns.map { window.cell(column: $0, bands: 0..<1) }
        #expect(cells.map(\.endCount).reduce(0, +) == 2)
        #expect(cells.contains { $0.endCount == 2 }, "both ends fall in one column at this scale: \(cells.map(\.endCount))")
    }
}
