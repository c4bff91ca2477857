import SkyCore
import SkySoak
import SkyCompare
import SkyReport

/// The end of `sky compare`, with or without the dashboard: print the table or the JSON document,
/// choose the exit status.
struct ComparisonReport {
    let format: OutputFormat

    /// Prints `comparison`, stopped by `signal` if one came, and returns the exit status. A lost
    /// table says so in one line on stderr.
    func finish(_ comparison: Comparison, signal: Int32?) -> ExitStatus {
        var comparison = comparison
        if let signal { comparison.stopped = "stopped by \(Verdict.signalName(signal))" }
        var status = Self.status(comparison, signal: signal)
        // Known before the table is written, so the JSON tells the status sky exits with.
        if StandardOutput.failure != nil && status == .success { status = .outputIncomplete }
        let text = switch format {
        case .text: ComparisonTable.format(comparison)
        case .json: ComparisonJSON(comparison, exitStatus: status.code).encoded()
        }
        let written = StandardOutput.write(text + "\n")
        if let failure = StandardOutput.failure {
            StandardError.write("sky: error: could not write to stdout (\(failure)): " + (written ? "some progress lines are lost\n" : "the table is lost\n"))
            if status == .success { status = .outputIncomplete }
        } else if !written && status == .success {
            status = .brokenPipe
        }
        return status
    }

    /// A verification failure (a possible hardware fault) outranks everything; then a signal, then
    /// checksums that differ where every run ran all of its scans.
    static func status(_ comparison: Comparison, signal: Int32?) -> ExitStatus {
        if comparison.runs.contains(where: { $0.counters.verificationFailures > 0 }) { return .verificationFailure }
        if let signal { return ExitStatus(stoppedBy: signal) }
        return comparison.checksums.verdict == .differ ? .failure : .success
    }
}
