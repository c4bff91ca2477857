import SkyCore
import SkyTUI

/// Dashboard states played from scripted runs (`ScriptedRun`), so the timeline shows what a real
/// run of each kind draws: the canonical run part way and done, eight slots part way, unbounded scans crawling together,
/// a thrown failure cutting every lane, a serial run's spacing, and a run cancelled with `c`.
enum RunScene: String, CaseIterable {
    /// `sky --total 20 --batch 4 --seed 6`, two seconds in.
    case canonicalRunning = "canonical-running"
    /// The same run, done: the whole run on the timeline.
    case canonicalDone = "canonical-done"
    /// The same, where the locale is not UTF-8.
    case canonicalASCII = "canonical-done-ascii"
    /// `sky --total 20 --batch 8 --seed 6`, two seconds in: eight lanes to keep whole at 80×24.
    case batch8 = "batch-8-running"
    /// `--strategy unbounded --total 24 --work 300000 --failure-rate 0` on two cores, part way.
    case unbounded = "unbounded-crawl"
    /// `--errors throw --failure-rate 0.2 --total 30 --batch 4 --work 400000 --seed 6`.
    case thrown = "throw-cuts"
    /// The same with `--explain`: the failure that threw on top, the scans it cancelled grouped.
    case thrownExplained = "throw-explain"
    /// `--strategy serial --total 8 --work 300000 --failure-rate 0 --spacing 0.3s`.
    case serialSpacing = "serial-spacing"
    /// The canonical run, cancelled with `c` at 2.5 s: its done screen.
    case cancelledDone = "cancelled-done"

    static let info = RunInfo(cores: 2)

    var run: ScriptedRun {
        switch self {
        case .canonicalRunning, .canonicalDone, .canonicalASCII:
            ScriptedRun(RunConfiguration(total: 20, batch: 4, seed: 6))
        case .cancelledDone:
            ScriptedRun(RunConfiguration(total: 20, batch: 4, seed: 6), cancelAt: .milliseconds(2_500))
        case .batch8:
            ScriptedRun(RunConfiguration(total: 20, batch: 8, seed: 6))
        case .unbounded:
            ScriptedRun(
                RunConfiguration(total: 24, batch: 4, seed: 12, failureRate: 0, work: 300_000, strategy: .unbounded),
                scanTime: .milliseconds(240))
        case .thrown, .thrownExplained:
            ScriptedRun(
                RunConfiguration(total: 30, batch: 4, seed: 6, failureRate: 0.2, work: 400_000, errors: .throw),
                scanTime: .milliseconds(320))
        case .serialSpacing:
            ScriptedRun(
                RunConfiguration(
                    total: 8, batch: 4, seed: 11, failureRate: 0, work: 300_000, strategy: .serial, spacing: .milliseconds(300)),
                scanTime: .milliseconds(240))
        }
    }

    /// When the scene is shown; a time past the end shows the finished run.
    var time: Duration {
        switch self {
        case .canonicalRunning, .batch8: .milliseconds(2_000)
        case .unbounded: .milliseconds(1_500)
        case .canonicalDone, .canonicalASCII, .thrown, .thrownExplained, .serialSpacing, .cancelledDone: .seconds(60)
        }
    }

    /// The scene in the projector's view, as `p` shows it.
    func projected(size: TerminalSize) -> DashboardState {
        var state = state(size: size)
        _ = state.update(.key(.character("p")))
        return state
    }

    func state(size: TerminalSize) -> DashboardState {
        var state = run.state(at: time, size: size, info: Self.info, glyphs: self == .canonicalASCII ? .ascii : .unicode)
        if self == .thrownExplained { _ = state.update(.key(.character("e"))) }
        return state
    }
}
