@testable import SkyCore
import SkySoak
import SkyTUI
import Testing

/// The header of a soak: the duration, the time left and the verdict so far.
@Suite("Dashboard view: soak runs")
struct SoakHeaderTests {
    func header(
        _ snapshot: ScanSnapshot, width: Int = 100, elapsed: Duration = .seconds(20), observed: RunObservations? = nil
    ) -> [Substring] {
        var state = DashboardState(snapshot: snapshot, size: TerminalSize(width: width, height: 30), info: Scene.info)
        _ = state.update(.frame(snapshot, elapsed: elapsed))
        if let observed { _ = state.update(.observed(observed)) }
        return DashboardView.render(state).text.split(separator: "\n", omittingEmptySubsequences: false).prefix(3).map { $0 }
    }

    static var soak: ScanSnapshot {
        var snapshot = Scene.midRun
        snapshot.progress.configuration.total = nil
        snapshot.progress.configuration.duration = .seconds(90)
        snapshot.progress.configuration.verify = true
        return snapshot
    }

    @Test("A timed run shows its duration, the time remaining and PASS so far")
    func passing() {
        let lines = header(Self.soak)
        #expect(lines[1].contains("duration 1:30"))
        #expect(lines[1].hasSuffix("verdict PASS so far"))
        #expect(lines[2].contains("remaining 1:10"))
        #expect(!lines[2].contains("ETA"))
    }

    @Test("A plain timed run, running or done, shows its time left and no verdict: its summary has none (docs/summary.md)")
    func plainTimedRun() {
        var snapshot = Self.soak
        snapshot.progress.configuration.verify = false
        let running = header(snapshot)
        #expect(running[1].contains("duration 1:30"), "\(running[1])")
        #expect(running[2].contains("remaining 1:10"), "\(running[2])")
        #expect(!running[1].contains("verdict") && !running[1].contains("PASS"), "\(running[1])")
        snapshot.progress.phase = .finished(.timeUp)
        snapshot.progress.counters.running = 0
        let done = header(snapshot, observed: RunObservations(hostSteal: 0.25))[1]
        #expect(!done.contains("verdict") && !done.contains("UNTRUSTWORTHY"), "\(done)")
    }

    @Test("A verification failure turns the verdict to FAIL, with the core, in any width", arguments: [100, 80, 60])
    func failing(width: Int) {
        var snapshot = Self.soak
        snapshot.progress.counters.verificationFailures = 2
        let failure = VerificationFailure(
            found: ScanResult(signals: 1, checksum: 2), expected: ScanResult(signals: 1, checksum: 3), core: 1, thread: 77)
        snapshot.progress.lastVerificationFailure = VerificationRecord(scan: 9, priority: .high, failure: failure, time: .seconds(3))
        let line = header(snapshot, width: width)[1]
        #expect(line.contains(width >= 100 ? "FAIL: 2 verification failures, latest on core 1" : "FAIL: 2"), "\(line)")
        #expect(line.contains("duration 1:30"))
    }

    @Test("An events file that has left events out, or heavy steal, makes the verdict UNTRUSTWORTHY so far, never PASS")
    func doubtful() {
        let dropped = header(Self.soak, width: 160, observed: RunObservations(eventsDropped: 3))[1]
        #expect(dropped.hasSuffix("verdict UNTRUSTWORTHY so far: the events file is incomplete: 3 events were left out (it could not keep up)"), "\(dropped)")
        let narrow = header(Self.soak, observed: RunObservations(hostSteal: 0.25))[1]
        #expect(narrow.hasSuffix("verdict UNTRUSTWORTHY so far"), "\(narrow)")
        #expect(!narrow.contains("PASS"))
    }

    @Test("At the end, the header's verdict is the summary's for the same observations")
    func finished() {
        var snapshot = Self.soak
        snapshot.progress.phase = .finished(.timeUp)
        snapshot.progress.counters.running = 0
        #expect(header(snapshot, observed: RunObservations())[1].hasSuffix("verdict PASS"))
        let stolen = header(snapshot, width: 200, observed: RunObservations(hostSteal: 0.22))[1]
        #expect(stolen.hasSuffix("verdict UNTRUSTWORTHY: the host's hypervisor stole 22% of its CPU time, so the rates tell of the hypervisor, not the host"), "\(stolen)")
    }

    @Test("Once time is up and scans still run, the header says it is draining")
    func draining() {
        var snapshot = Self.soak
        snapshot.progress.timeUp = true
        #expect(header(snapshot, elapsed: .seconds(91))[2].contains("remaining 0:00 (draining)"))
    }
}
