@testable import SkyCore
import SkyTUI
import Testing

@Suite("Counter lag: how far the actor's counts trail the children's")
struct CounterLagTests {
    @Test("No lag while the actor keeps up; the age of the oldest uncounted finish while it does not")
    func lag() {
        var lag = CounterLag()
        lag.observe(direct: 3, actor: 3, at: .milliseconds(0))
        #expect(lag.current == .zero)
        // Two finishes the actor has not counted, first seen at 33 ms.
        lag.observe(direct: 5, actor: 3, at: .milliseconds(33))
        lag.observe(direct: 6, actor: 3, at: .milliseconds(66))
        lag.observe(direct: 6, actor: 3, at: .milliseconds(500))
        #expect(lag.current == .milliseconds(467))
        // The actor counts the first two: the oldest left is the one first seen at 66 ms.
        lag.observe(direct: 6, actor: 5, at: .milliseconds(533))
        #expect(lag.current == .milliseconds(467))
        lag.observe(direct: 6, actor: 6, at: .milliseconds(566))
        #expect(lag.current == .zero)
        #expect(lag.worst == .milliseconds(467))
    }

    @Test("A publication a frame late is not a stall: the count seen one frame ago is already counted")
    func steady() {
        var lag = CounterLag()
        for frame in 1...100 {
            // Children always a little ahead; the actor has everything up to the last frame.
            lag.observe(direct: frame * 10 + 3, actor: frame * 10, at: .milliseconds(33 * frame))
        }
        #expect(lag.worst == .zero)
    }

    /// Eight scans that never yield, on two cores. The children have finished five and two are on
    /// a thread; the eighth child has yet to run. The actor, starved of a thread, has booked none
    /// and still holds all eight slots.
    static var starved: ScanSnapshot {
        var snapshot = Scene.start
        snapshot.progress.elapsed = .milliseconds(8_900)
        snapshot.progress.counters.scheduled = 20
        snapshot.progress.counters.waiting = 12
        snapshot.progress.counters.running = 8
        snapshot.progress.batch = 8
        snapshot.progress.onThread = 2
        snapshot.progress.direct = DirectCounts(completed: 5, running: 2, endedInSlot: 5)
        snapshot.slots = (0..<8).map { SlotOccupancy(scan: $0, priority: .medium, startedAt: .zero) }
        return snapshot
    }

    /// The frame's line that holds `text`.
    static func line(_ frame: String, with text: String) -> String {
        frame.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
    }

    /// The part of a line in the left column of panels, of a frame `width` wide.
    static func left(_ line: String, width: Int) -> String { String(line.prefix(width / 2 - 1)) }

    @Test("Every count says whose it is, and a scan the children counted as finished is not shown running")
    func directCounters() {
        let snapshot = Self.starved
        let size = TerminalSize(width: 120, height: 40)
        var direct = DashboardState(snapshot: snapshot, size: size, info: RunInfo(cores: 2, counters: .direct))
        _ = direct.update(.frame(snapshot, elapsed: .milliseconds(8_900)))
        let frame = DashboardView.render(direct).text
        // The scans panel is the actor's, except the rows the children count.
        #expect(Self.line(frame, with: "── Scans").contains("Scans  actor · 12 waiting"))
        let row = { (label: String) in Self.left(Self.line(frame, with: " \(label) "), width: size.width) }
        #expect(row("scheduled").hasSuffix("█"))
        // Running: the two children that have begun and not ended; not the five that have ended,
        // nor the one the pool has yet to run.
        #expect(row("in group").contains("in group    2/8"))
        #expect(row("in group").hasSuffix(" children"))
        #expect(row("completed").contains("completed  5/20"))
        #expect(row("completed").hasSuffix(" children"))
        #expect(row("failed").hasSuffix(" children"))
        #expect(row("cancelled").hasSuffix("░"))
        // The actor's finish order has none yet; it does not say that none finished.
        #expect(Self.line(frame, with: " order ").contains("none booked yet"))
        #expect(!frame.contains("none finished yet"))
        // The slots are the actor's; the children say five of them hold scans that have ended.
        #expect(Self.line(frame, with: "── Slots").contains("actor: 8 of 8 busy · children: 5 ended, 2 on a thread"))
        // Wait is the actor's measure; run time is each child's own.
        #expect(Self.line(frame, with: " wait ").hasSuffix(" actor"))
        #expect(Self.line(frame, with: " run ").hasSuffix(" children"))
    }

    @Test("Via the actor, the counts are the actor's and say so; only what the children count is tagged theirs")
    func actorCounters() {
        var snapshot = Scene.midRun
        snapshot.progress.direct = DirectCounts(completed: 7, failed: 1)
        let size = TerminalSize(width: 100, height: 30)
        var viaActor = DashboardState(snapshot: snapshot, size: size, info: Scene.info)
        _ = viaActor.update(.frame(snapshot, elapsed: .milliseconds(4_300)))
        _ = viaActor.update(.frame(snapshot, elapsed: .milliseconds(4_700)))
        let frame = DashboardView.render(viaActor).text
        #expect(Self.line(frame, with: "── Scans").contains("Scans  actor · 10 waiting · actor lag 400 ms"))
        #expect(frame.contains("completed  5/20"))
        for label in ["scheduled", "in group", "completed", "failed", "cancelled"] {
            #expect(!Self.left(Self.line(frame, with: " \(label) "), width: size.width).contains("children"))
        }
        #expect(Self.line(frame, with: "── Slots").contains("actor: 4 of 4 busy · children: 2 on a thread"))
        #expect(Self.line(frame, with: " run ").hasSuffix(" children"))
    }
}
