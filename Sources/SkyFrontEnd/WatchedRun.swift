#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SkyCore
import SkyTUI

/// A run the dashboard can watch: one running now (`LaunchedRun`), or one recorded and played back
/// (`ReplayedRun`). The frame loop asks it for frames and hands it the dashboard's commands; it
/// hands its events to the buffer the explain panel and the timeline read.
protocol WatchedRun: AnyObject {
    /// Brings the run up to `now`, where that is the watcher's to do: a replay plays what is due.
    func advance(to now: ContinuousClock.Instant)
    /// The run as of `now`, and its elapsed time then.
    func frame(at now: ContinuousClock.Instant) -> (snapshot: ScanSnapshot, elapsed: Duration)
    func perform(_ control: ScanControl)
    /// The summary once the run has ended; `nil` before.
    var summary: RunSummary? { get }
}

extension WatchedRun {
    /// The summary of a run whose book has closed: it follows at once, as the run returns.
    func returnedSummary() -> RunSummary {
        while true {
            if let summary { return summary }
            usleep(1000)
        }
    }
}

extension LaunchedRun: WatchedRun {
    /// A live run goes on by itself.
    func advance(to now: ContinuousClock.Instant) {}

    func frame(at now: ContinuousClock.Instant) -> (snapshot: ScanSnapshot, elapsed: Duration) {
        let snapshot = model.snapshot()
        return (snapshot, snapshot.liveElapsed(at: now))
    }

    func perform(_ control: ScanControl) {
        // A cancel reaches the run's task too (`cancel()`); the rest are the model's alone.
        if control == .cancel { cancel() } else { model.send(control) }
    }
}
