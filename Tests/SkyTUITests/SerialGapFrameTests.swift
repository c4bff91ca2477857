import SkyCore
import SkyTUI
import Testing

/// `--spacing`: while the serial loop sleeps between two scans, its slot's lane counts the gap
/// down from the end the engine publishes, instead of saying only that the slot is free.
@Suite("The serial gap on the dashboard")
struct SerialGapFrameTests {
    static func state(gapEnds: Duration?, elapsed: Duration) -> DashboardState {
        let configuration = RunConfiguration(total: 6, batch: 4, seed: 15, work: 200_000, strategy: .serial, spacing: .seconds(2))
        var snapshot = ScanSnapshot(configuration: configuration)
        snapshot.progress.phase = .running
        snapshot.progress.counters.scheduled = 6
        snapshot.progress.counters.waiting = 5
        snapshot.progress.counters.completed = 1
        snapshot.progress.elapsed = elapsed
        snapshot.progress.gapEnds = gapEnds
        var state = DashboardState(snapshot: snapshot, size: TerminalSize(width: 100, height: 30), info: RunInfo(cores: 2))
        _ = state.update(.frame(snapshot, elapsed: elapsed))
        return state
    }

    /// The slot lanes' row: the first that names slot 0 (the timeline's lanes come after).
    static func slotRow(_ state: DashboardState) -> String {
        DashboardView.render(state).text.split(separator: "\n").first { $0.hasPrefix(" slot 0 ") }.map(String.init) ?? ""
    }

    @Test("In a gap, the slot's lane counts down to the next scan")
    func countsDown() {
        #expect(Self.slotRow(Self.state(gapEnds: .milliseconds(2_230), elapsed: .milliseconds(830))).contains("free: the loop sleeps, next scan in 1.4 s (--spacing)"))
        #expect(Self.slotRow(Self.state(gapEnds: .milliseconds(2_230), elapsed: .milliseconds(2_130))).contains("next scan in 0.1 s"))
    }

    @Test("Outside a gap, a free slot is only free")
    func noGap() {
        let row = Self.slotRow(Self.state(gapEnds: nil, elapsed: .milliseconds(830)))
        #expect(row.hasSuffix("free") || row.contains("free "), "\(row)")
        #expect(!row.contains("sleeps"))
    }

    @Test("An actor's queue sleeps once: only the lane the next job takes says so, not every free one")
    func actorQueueSleepsOnce() {
        let configuration = RunConfiguration(total: 8, batch: 8, seed: 11, work: 200_000, strategy: .actorQueue, spacing: .milliseconds(500))
        var snapshot = ScanSnapshot(configuration: configuration)
        snapshot.progress.phase = .running
        snapshot.progress.counters.scheduled = 8
        snapshot.progress.counters.completed = 1
        snapshot.progress.elapsed = .milliseconds(900)
        snapshot.progress.gapEnds = .milliseconds(1_200)
        // Tall enough for every slot lane beside the timeline's eight lanes, which a shorter
        // terminal keeps whole first.
        var state = DashboardState(snapshot: snapshot, size: TerminalSize(width: 100, height: 40), info: RunInfo(cores: 2))
        _ = state.update(.frame(snapshot, elapsed: .milliseconds(900)))
        let lanes = DashboardView.render(state).text.split(separator: "\n").filter { $0.hasPrefix(" slot ") && $0.contains("free") }
        #expect(lanes.count > 1, "\(lanes)")
        let sleeping = lanes.filter { $0.contains("sleeps") }
        #expect(sleeping.count == 1 && sleeping.first?.hasPrefix(" slot 0 ") == true, "\(lanes)")
        #expect(sleeping.first?.contains("free: the actor's queue sleeps, next job in 0.3 s (--spacing)") == true, "\(lanes)")
    }
}
