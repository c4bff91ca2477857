import Foundation
import SkyCore
import SkySoak
@testable import SkyTUI
import Testing

@Suite("Throughput panel: every rate over its own window, and a peak none of them reads above")
struct ThroughputPanelTests {
    static let size = TerminalSize(width: 120, height: 40)

    /// The panel's three figures as the frame shows them; the peak `nil` when none is shown.
    static func figures(_ text: String) -> (peak: Double?, now: Double, mean: Double)? {
        func number(after label: String) -> Double? {
            guard let range = text.range(of: label) else { return nil }
            return Double(text[range.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        guard let now = number(after: "now "), let mean = number(after: "mean ") else { return nil }
        return (number(after: "peak "), now, mean)
    }

    /// The sparkline's lower row: the panel's fourth line, right of the counters.
    static func sparkline(_ state: DashboardState) -> String {
        let lines = DashboardView.render(state).text.split(separator: "\n", omittingEmptySubsequences: false)
        let rule = lines.firstIndex { $0.contains(" Throughput ") }!
        let title = lines[rule]
        let x = title.distance(from: title.startIndex, to: title.range(of: "── Throughput")!.lowerBound)
        return String(lines[rule + 3].dropFirst(x)).trimmingCharacters(in: .whitespaces)
    }

    @Test("Lesson 5: every scan ends in the run's last part-second, and the done screen's sparkline shows them")
    func closingColumn() throws {
        // `--strategy unbounded --total 24 --work 300000 --seed 12 --failure-rate 0`: 24 scans
        // crawl together on two cores and all end in the run's last second, which is not whole.
        let run = RunScene.unbounded.run
        let state = run.state(at: .seconds(60), size: Self.size, info: RunScene.info)
        #expect(state.isFinished)
        let end = state.snapshot.elapsed
        let ends = run.events.compactMap(\.scanEvent).filter { $0.kind != .started && $0.kind != .scheduled }.map(\.time)
        #expect(ends.count == 24)
        #expect(ends.allSatisfy { Int($0.seconds) == Int(end.seconds) }, "the scene's premise")
        let row = Self.sparkline(state)
        let line = row.prefix { $0 != " " }
        #expect(line.contains { $0 != "▁" }, "the scans that ended are in no column: \(row)")
        #expect(line.last == "█", "the last column holds every finish, the run's highest rate: \(row)")
        // Its rate is over its own length, which follows it, and which the rule names.
        let part = end - .seconds(Int(end.seconds))
        #expect(row.hasSuffix(" last column \(Figures.window(part))"), "\(row)")
        // A rate over part of a second is drawn, but is no peak: a few ends in a short window make
        // a rate no second of the run reached (a serial run at 4.9/s once read "peak 6.13 (0.6 s)").
        let text = DashboardView.render(state).text
        #expect(!text.contains("peak \(Figures.quantity(24 / part.seconds))"), "\(text)")
        let peak = try #require(state.peakRate)
        #expect(peak.window >= RateHistory.interval && peak.perSecond < 24 / part.seconds, "\(peak)")
    }

    @Test("The peak never reads below the now or the mean beside it, at any frame of any scripted run", arguments: RunScene.allCases)
    func peakAboveEveryRateShown(scene: RunScene) {
        let run = scene.run
        var state = DashboardState(snapshot: run.snapshot(at: .zero), size: Self.size, info: RunScene.info)
        var frames = 0
        run.play(until: .seconds(60)) { events, snapshot, now in
            _ = state.update(.events(events.map(HeldEvent.event)))
            _ = state.update(.frame(snapshot, elapsed: now))
            let text = DashboardView.render(state).text
            guard let shown = Self.figures(text) else { return }
            frames += 1
            if let peak = shown.peak {
                #expect(peak >= shown.now && peak >= shown.mean, "at \(now): peak \(peak), now \(shown.now), mean \(shown.mean)")
            } else {
                // No peak is shown only while no rate over a whole second has been.
                #expect(now < .seconds(1) || shown.now == 0 && shown.mean == 0, "no peak at \(now)")
            }
        }
        #expect(frames > 10)
    }

    @Test("Eight scans a second read by frames that miss each second's start: no frame shows a peak below the mean")
    func steadyRate() throws {
        // Frames every 33 ms, none on a whole second; the first after one second sees 8 finished.
        var state = DashboardState(snapshot: Scene.start, size: Self.size, info: Scene.info)
        var snapshot = Scene.start
        for frame in 1...300 {
            let elapsed = Duration.milliseconds(33 * frame)
            snapshot.progress.counters.completed = Int(elapsed.seconds * 8)
            _ = state.update(.frame(snapshot, elapsed: elapsed))
            let shown = try #require(Self.figures(DashboardView.render(state).text))
            guard let peak = shown.peak else { continue }
            #expect(peak >= shown.mean && peak >= shown.now, "at \(elapsed): peak \(peak), now \(shown.now), mean \(shown.mean)")
        }
        #expect(state.rates.samples().count == 9)
    }

    @Test("The columns and the part-second since add up to every finish; the recent rate is over its window")
    func columnsAddUp() throws {
        var history = RateHistory()
        history.observe(finished: 0, at: .zero)
        history.observe(finished: 3, at: .milliseconds(700))
        history.observe(finished: 9, at: .milliseconds(1_300))
        history.observe(finished: 10, at: .milliseconds(2_600))
        // 0.7 s to 1.3 s: 6 finishes, 3 of them by 1 s; 1.3 s to 2.6 s: one, spread evenly.
        let columns = history.samples()
        #expect(columns.count == 2)
        #expect(abs(columns[0] - 6) < 1e-9)
        #expect(abs(columns[1] - (3 + 0.7 / 1.3)) < 1e-9)
        let partial = try #require(history.partial)
        #expect(partial.window == .milliseconds(600))
        #expect(abs(columns.reduce(0, +) + partial.finishes - 10) < 1e-9)
        let recent = try #require(history.recentRate(over: .seconds(5)))
        #expect(recent.window == .milliseconds(2_600))
        #expect(abs(recent.perSecond - 10 / 2.6) < 1e-9)
        let lastSecond = try #require(history.recentRate(over: .seconds(1)))
        #expect(lastSecond.window == .seconds(1))
        // A part-second shorter than half a second closes the run joined to the second before it.
        history.observe(finished: 11, at: .milliseconds(3_200))
        let (shown, closing) = history.closingColumns(last: 10)
        #expect(closing?.window == .milliseconds(1_200))
        #expect(shown.count == 3)
    }
}

extension ThroughputPanelTests {
    @Test("A busy machine is said on the throughput rule, beside the rates it slows; a quiet one is not", arguments: [
        TerminalSize(width: 120, height: 40), TerminalSize(width: 100, height: 30), TerminalSize(width: 80, height: 24),
    ])
    func busyMachine(size: TerminalSize) {
        var state = RunScene.canonicalRunning.state(size: size)
        var observations = RunObservations()
        observations.hostLoad = HostLoad(others: 0.35, steal: 0)
        _ = state.update(.observed(observations))
        let rule = DashboardView.render(state).text.split(separator: "\n").first { $0.contains(" Throughput ") } ?? ""
        #expect(rule.contains(size.width >= 100 ? "busy machine: others 35%" : "busy: others 35%"), "\(rule)")
        observations.hostLoad = HostLoad(others: 0.05, steal: 0)
        _ = state.update(.observed(observations))
        #expect(!DashboardView.render(state).text.contains("busy machine"))
    }
}
