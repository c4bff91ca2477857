#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SkyCore
import SkySoak
import SkyReport

/// A run without the dashboard: a status line about once a second (or an interval line at each
/// `--report-every`), then the summary.
///
/// The engine runs on the cooperative pool; this loop stays on the main thread, so it keeps its
/// one-second rhythm and notices signals even when every pool thread is busy with scans.
struct HeadlessRun {
    let configuration: RunConfiguration
    let report: RunReport

    /// Runs to the end and returns the exit status.
    func execute() -> ExitStatus {
        let watched = watch()
        return report.finish(watched.summary, signal: watched.signal, observations: watched.observations)
    }

    /// Runs to the end, and returns the summary, the signal that stopped the run and what its loop
    /// observed, with nothing reported yet (`sky compare` reports its runs together).
    func watch() -> (summary: RunSummary, signal: Int32?, observations: RunObservations) {
        let run = LaunchedRun(configuration: configuration, sinks: report.sinks)
        let clock = ContinuousClock()
        var nextStatus = clock.now + .seconds(1)
        var caught: Int32?
        var summary: RunSummary?
        var watch = RunWatch(report: report, cores: Cores.active, headless: true, verify: configuration.verify)
        while summary == nil {
            usleep(20_000)
            // Taken at every turn: the loop's looks show the watchdog it is alive (`SignalTrap`).
            if let signal = Self.stopSignal(), caught == nil {
                caught = signal
                run.cancel()
            }
            let now = clock.now
            let snapshot = run.model.snapshot()
            watch.tick(snapshot, at: snapshot.liveElapsed(at: now))
            if now >= nextStatus {
                nextStatus += .seconds(1)
                // The interval lines take the status lines' place.
                if !watch.printsIntervals { report.progress(StatusLine.format(snapshot, at: now, soak: report.view == .soak)) }
            }
            summary = run.summary
        }
        return (summary!, caught, watch.finish(summary!, signal: caught))
    }

    /// A signal taken, or SIGPIPE once stdout's reader has gone: that stops a run as SIGPIPE
    /// would, even before a write finds it.
    static func stopSignal() -> Int32? {
        SignalTrap.take() ?? (StandardOutput.readerGone ? SIGPIPE : nil)
    }
}
