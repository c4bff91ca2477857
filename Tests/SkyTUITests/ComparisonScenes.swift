import SkyCore
import SkyCompare
import SkyTUI

/// `sky compare`'s dashboard played from scripted runs (`ScriptedRun`), one after another as the
/// command runs them, so frames are the same on every run.
enum ComparisonScene: String, CaseIterable {
    /// `sky compare serial batched unbounded --total 8 --batch 4 --seed 6`: serial done, batched
    /// part way, unbounded waiting.
    case running = "compare-running"
    /// The same, every run done.
    case done = "compare-done"
    /// `sky compare result throw --total 20 --batch 4 --seed 6 --failure-rate 0.2`, done.
    case thrown = "compare-throw"

    static let info = RunInfo(cores: 2)

    var settings: [ComparedSetting] {
        switch self {
        case .running, .done: [.strategy(.serial), .strategy(.batched), .strategy(.unbounded)]
        case .thrown: [.errors(.result), .errors(.throw)]
        }
    }

    var shared: RunConfiguration {
        switch self {
        case .running, .done: RunConfiguration(total: 8, batch: 4, seed: 6, work: 300_000)
        case .thrown: RunConfiguration(total: 20, batch: 4, seed: 6, failureRate: 0.2, work: 300_000)
        }
    }

    /// How far the last run shown has gone; `nil` when every run has finished.
    var going: (run: Int, time: Duration)? {
        switch self {
        case .running: (1, .milliseconds(900))
        case .done, .thrown: nil
        }
    }

    /// Each setting's run on the shared scans, as the script plays it.
    var runs: [ScriptedRun] {
        settings.map { ScriptedRun($0.applied(to: shared), scanTime: .milliseconds(300)) }
    }

    func state(size: TerminalSize, exitOnDone: Bool = false) -> ComparisonState {
        var state = ComparisonState(settings: settings, configuration: shared, size: size, info: Self.info, exitOnDone: exitOnDone)
        for (index, run) in runs.enumerated() {
            _ = state.update(.start(run.snapshot(at: .zero)))
            let stop = going.flatMap { $0.run == index ? $0.time : nil }
            run.play(until: stop ?? run.end) { events, snapshot, now in
                _ = state.update(.events(events))
                _ = state.update(.frame(snapshot, elapsed: now, cpuSeconds: Self.cpuSeconds(run, at: now)))
            }
            if stop != nil { break }
            _ = state.update(.finish(run.snapshot(at: run.end), cpuSeconds: Self.cpuSeconds(run, at: run.end)))
        }
        return state
    }

    /// The script shares the cores fairly among the scans running, so the process keeps as many
    /// cores busy as the run has slots, up to all of them.
    static func cpuSeconds(_ run: ScriptedRun, at time: Duration) -> Double {
        time.seconds * Double(min(run.configuration.window, info.cores))
    }
}
