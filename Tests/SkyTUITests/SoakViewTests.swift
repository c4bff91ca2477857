@testable import SkyCore
import SkyHost
@testable import SkySoak
import SkyTUI
import Testing

/// `sky soak`'s view: what a burn-in needs (the cores, the verified results and the mismatches, the
/// rate and its trend, the time, the verdict so far) and none of the teaching rows.
@Suite("Dashboard view: the operator's soak")
struct SoakViewTests {
    enum Stage: String, CaseIterable {
        /// 1:40 into ten minutes, steady, passing so far.
        case running = "soak-running"
        /// The rate fell after the first minute and a result failed verification on core 1.
        case fault = "soak-fault"
        /// The time is up: two scans were left in the queue.
        case done = "soak-done"
    }

    static let configuration = RunConfiguration(total: nil, duration: .seconds(600), batch: 2, seed: 42, failureRate: 0, work: 512, verify: true)
    static let info = RunInfo(cores: 2, soak: SoakInfo(host: "node-17"))

    /// The soak's snapshot after `seconds`, with scans finishing at `perSecond` (a fault scene's
    /// rate falls by a quarter after the first minute).
    static func snapshot(_ stage: Stage, at seconds: Int) -> ScanSnapshot {
        var snapshot = ScanSnapshot(configuration: configuration)
        snapshot.progress.phase = .running
        let completed = (0..<seconds).reduce(0) { sum, second in
            sum + (stage == .fault && second >= 60 ? 6 : 8) + (second % 3 == 0 ? 1 : 0)
        }
        let faults = stage == .fault && seconds >= 95 ? 1 : 0
        snapshot.progress.counters.completed = completed - faults
        snapshot.progress.counters.verificationFailures = faults
        snapshot.progress.counters.running = 2
        snapshot.progress.counters.scheduled = completed + 2
        snapshot.progress.elapsed = .seconds(seconds)
        snapshot.progress.meanRate = Double(completed) / Double(max(1, seconds))
        snapshot.progress.recentRate = stage == .fault ? 6.2 : 8.4
        snapshot.progress.runLatency = LatencyPercentiles(p50: 236.1, p95: 251.9, p99: 260.4)
        snapshot.coreCounts = CoreCounts(verified: [completed / 2 + 1, completed - completed / 2 - 1 - faults], mismatches: [0, faults])
        if faults > 0 {
            let failure = VerificationFailure(
                found: ScanResult(signals: 12, checksum: 0x5EED), expected: ScanResult(signals: 12, checksum: 0x5EEC), core: 1, thread: 6547)
            snapshot.progress.lastVerificationFailure = VerificationRecord(scan: 733, priority: .medium, failure: failure, time: .milliseconds(94_870))
        }
        return snapshot
    }

    static func state(_ stage: Stage, size: TerminalSize) -> DashboardState {
        let end = stage == .done ? 600 : 100
        var state = DashboardState(snapshot: snapshot(stage, at: 0), size: size, info: info)
        for second in 1...end { _ = state.update(.frame(snapshot(stage, at: second), elapsed: .seconds(second))) }
        var host = CoresPanelTests.virtualMachine
        host.rows = host.rows.map { row in
            var row = row
            (row.verified, row.mismatches) = (nil, nil)
            return row
        }
        _ = state.update(.host(host))
        if stage == .fault {
            let throttle = ThrottleWarning(baseline: 8.33, lowestRate: 6.2, lowestAt: .seconds(98), firstAt: .seconds(92), active: true)
            _ = state.update(.observed(RunObservations(throttle: throttle)))
        }
        if stage == .done {
            var snapshot = snapshot(stage, at: 600)
            snapshot.progress.phase = .finished(.timeUp)
            snapshot.progress.counters.running = 0
            snapshot.progress.counters.cancelled = 2
            snapshot.progress.counters.scheduled += 2
            snapshot.progress.elapsed = .milliseconds(600_310)
            _ = state.update(.frame(snapshot, elapsed: .milliseconds(600_310)))
            _ = state.update(.observed(RunObservations()))
        }
        return state
    }

    static let sizes = [TerminalSize(width: 100, height: 30), TerminalSize(width: 80, height: 24)]

    static func text(_ stage: Stage, size: TerminalSize = sizes[0]) -> String {
        DashboardView.render(state(stage, size: size)).text
    }

    @Test("golden frames: running, a fault with the rate fallen, and done", arguments: Stage.allCases, sizes)
    func golden(stage: Stage, size: TerminalSize) throws {
        try GoldenFrameTests().compare(Self.state(stage, size: size), named: "\(stage.rawValue)-\(size.width)x\(size.height).txt")
    }

    @Test("No teaching row: no finish order, no priorities, no actor or children tags, no slots, no timeline", arguments: Stage.allCases, sizes)
    func noTeachingRows(stage: Stage, size: TerminalSize) {
        let text = Self.text(stage, size: size)
        for teaching in [" order ", "done high", "priorities", "actor", "children", "task ", "Slots", "Timeline", "Latency", "strategy", "explain"] {
            #expect(!text.contains(teaching), "\(teaching) in:\n\(text)")
        }
        #expect(text.contains("soak test of node-17") && text.contains("── Cores ") && text.contains("verified"))
    }

    @Test("At the end of a timed soak, the scans left in the queue are said as what they are, not as cancelled")
    func endOfTime() {
        let text = Self.text(.done)
        #expect(text.contains(" unstarted       2  left queued at the time limit"), "\(text)")
        #expect(!text.contains("cancelled"))
        #expect(text.contains("verdict PASS") && text.contains("DONE: TIME UP"))
    }

    @Test("A verification failure: the count in red, the latest with its core and thread, FAIL in the header; the fallen rate as the trend")
    func fault() {
        let lines = Self.text(.fault).split(separator: "\n")
        #expect(lines[1].hasSuffix("FAIL: 1 verification failure, latest on core 1"), "\(lines[1])")
        #expect(lines.contains { $0.hasPrefix(" mismatches      1  possible hardware fault") })
        #expect(lines.contains { $0.contains("latest: scan 733 at 94.87 s on core 1, thread 6547") })
        #expect(lines.contains { $0.hasSuffix(" trend THROTTLED? 26% below the first minute") })
    }

    @Test("The panel keys of the teaching dashboard do nothing in a soak", arguments: ["e", "v", "p"])
    func panelKeys(key: Character) {
        var state = Self.state(.running, size: Self.sizes[0])
        let before = DashboardView.render(state).text
        #expect(state.update(.key(.character(key))).isEmpty)
        #expect(!state.showingExplain && !state.showingCode && !state.projecting)
        #expect(DashboardView.render(state).text == before)
    }

    @Test("The done screen of a soak offers only to leave: s and r choose and rerun nothing", arguments: ["s", "r"])
    func doneKeys(key: Character) {
        var state = Self.state(.done, size: Self.sizes[0])
        let before = DashboardView.render(state).text
        #expect(state.update(.key(.character(key))).isEmpty)
        #expect(DashboardView.render(state).text == before)
        #expect(state.update(.key(.character("q"))) == [.exit])
    }
}
