#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SkyCore
import SkyReport
import Synchronization

/// A run without the dashboard: a status line about once a second, then the summary.
///
/// The engine runs on the cooperative pool; this loop stays on the main thread, so it keeps its
/// one-second rhythm and notices signals even when every pool thread is busy with scans.
struct HeadlessRun {
    let configuration: RunConfiguration
    let format: OutputFormat
    let eventsFile: EventsFile?
    let replay: String

    /// Runs to the end and returns the exit status.
    func execute() -> Int32 {
        let model = ScanModel(configuration: configuration, sinks: eventsFile.map { [$0] } ?? [])
        let finished = Finished()
        Task.detached {
            finished.store(await model.run())
        }

        let clock = ContinuousClock()
        var nextStatus = clock.now + .seconds(1)
        var caught: Int32?
        var summary: RunSummary?
        while summary == nil {
            usleep(20_000)
            if caught == nil, let signal = SignalTrap.take() {
                caught = signal
                SignalTrap.restoreDefaults()
                model.send(.cancel)
            }
            if clock.now >= nextStatus {
                nextStatus += .seconds(1)
                status(StatusLine.format(model.snapshot(), at: clock.now))
            }
            summary = finished.load()
        }
        return report(summary!, signal: caught)
    }

    private func report(_ summary: RunSummary, signal: Int32?) -> Int32 {
        var status: Int32 =
            if let signal { 128 + signal } else if case .failFast = summary.ending { 1 } else { 0 }
        if let eventsFile {
            if summary.notStarted > 0 {
                eventsFile.write(EventLine.notStarted(
                    count: summary.notStarted, firstScan: summary.counters.scheduled, time: summary.snapshot.elapsed))
            }
            if let failure = eventsFile.close() {
                StandardError.write("sky: error: could not write the events file: \(failure)\n")
                if status == 0 { status = 74 }
            }
        }
        switch format {
        case .text: print(TextSummary.format(summary, replay: replay))
        case .json: print(JSONSummary(summary, exitStatus: status).encoded())
        }
        return status
    }

    /// Status lines go to stdout in text mode; in JSON mode stdout carries only the summary.
    private func status(_ line: String) {
        switch format {
        case .text:
            print(line)
            fflush(nil)
        case .json:
            StandardError.write(line + "\n")
        }
    }
}

/// Hands the summary from the engine's task to the main thread.
private final class Finished: Sendable {
    private let summary = Mutex<RunSummary?>(nil)
    func store(_ value: RunSummary) { summary.withLock { $0 = value } }
    func load() -> RunSummary? { summary.withLock { $0 } }
}
