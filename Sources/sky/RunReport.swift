#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SkyCore
import SkyReport

/// The end of every run, with or without the dashboard: complete the events file, print the
/// summary, choose the exit status.
struct RunReport {
    let format: OutputFormat
    let eventsFile: EventsFile?
    let replay: String

    func finish(_ summary: RunSummary, signal: Int32?, dashboard: FrameFigures? = nil) -> Int32 {
        var status: Int32 =
            if let signal { 128 + signal } else if summary.ending.isFailure { 1 } else { 0 }
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
        case .text: print(TextSummary.format(summary, replay: replay, dashboard: dashboard))
        case .json: print(JSONSummary(summary, exitStatus: status, dashboard: dashboard).encoded())
        }
        return status
    }

    /// Progress lines go to stdout in text mode; in JSON mode stdout carries only the summary.
    func progress(_ line: String) {
        switch format {
        case .text:
            print(line)
            fflush(nil)
        case .json:
            StandardError.write(line + "\n")
        }
    }
}
