#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import SkySoak

/// Every status sky exits with, and what each means for the commands that exit with it. The code
/// exits with these, and the "Exit status:" block of each command's `--help` is made from here.
enum ExitStatus: CaseIterable {
    case success
    /// A run's verdict is FAIL without a verification failure; for `sky bench`, the kernels
    /// disagreed.
    case failure
    /// stress-ng's EXIT_NOT_SUCCESS, "stressor failed", which harnesses built for it read as a
    /// failure (its 3, "no resource", some count as a pass); for `sky fleet`, a host failed.
    case verificationFailure
    /// stress-ng's EXIT_METRICS_UNTRUSTWORTHY, "metrics may be untrustworthy".
    case untrustworthy
    /// `sky bench --fail-on-regression`: a row was worse than the baseline's beyond the noise.
    case regression
    case badInput
    /// `sky replay`: the file is not a whole events file.
    case badData
    case outputIncomplete
    /// A limit of the process too low for the run to start (sysexits' EX_OSERR).
    case noResources
    case hangup
    case interrupt
    case brokenPipe
    case terminated

    /// The commands whose `--help` lists their exit statuses.
    enum Command {
        case run
        case soak
        case bench
        case replay
        case compare
        case lesson
        case fleet
    }

    var code: Int32 {
        switch self {
        case .success: 0
        case .failure: 1
        case .verificationFailure: 2
        case .untrustworthy: 7
        // stress-ng's 4 is "not implemented", which no bench means; 1 is the kernels'
        // disagreement, and 2 and 3 carry stress-ng's meanings.
        case .regression: 4
        // ArgumentParser exits with this for a usage error: sysexits' EX_USAGE, 64.
        case .badInput: ExitCode.validationFailure.rawValue
        // sysexits' EX_DATAERR.
        case .badData: 65
        // sysexits' EX_IOERR.
        case .outputIncomplete: 74
        case .noResources: 71
        // As a shell reports a process ended by a signal.
        case .hangup, .interrupt, .brokenPipe, .terminated: 128 + signal!.number
        }
    }

    /// The signal that ends a run with this status, and its name in `--help`. These are the
    /// signals sky catches to stop a run cleanly.
    var signal: (number: Int32, name: String)? {
        switch self {
        case .hangup: (SIGHUP, "SIGHUP")
        case .interrupt: (SIGINT, "SIGINT (Ctrl-C)")
        case .brokenPipe: (SIGPIPE, "SIGPIPE (stdout's reader went away)")
        case .terminated: (SIGTERM, "SIGTERM")
        default: nil
        }
    }

    /// The status of a run stopped by `signal`, one of those `signal` names.
    init(stoppedBy signal: Int32) {
        guard let status = Self.allCases.first(where: { $0.signal?.number == signal }) else {
            preconditionFailure("sky catches no signal \(signal)")
        }
        self = status
    }

    var exitCode: ExitCode { ExitCode(code) }

    /// One line for `command`'s `--help`; `nil` if `command` never exits with this status.
    func meaning(in command: Command) -> String? {
        switch (self, command) {
        case (.success, .run): "the run finished (simulated failures are part of a run)"
        case (.success, .soak): "PASS: the run ran its course and every result matched"
        case (.success, .bench): "the bench ran (a target missed is reported, not an error)"
        case (.success, .replay): "the recording played to its end (the summary tells how the recorded run ended)"
        case (.badData, .replay): "the file is not a whole events file: one line on stderr names the line and the problem"
        case (.badData, .fleet):
            "no host failed, but the fleet is incomplete: an expected host is missing, a report is stale, or a file, a line of one or a folder gave no summary (each is named on stderr); the other hosts were merged"
        case (.badData, _): nil
        case (.success, .fleet): "every host passed, every file gave its summary, and every host expected reported"
        // A host that failed is stress-ng's "stressor failed" for the fleet.
        case (.verificationFailure, .fleet): "a host's verdict is FAIL (wins over every status below)"
        case (.untrustworthy, .fleet): "every host passed but one or more whose verdict is UNTRUSTWORTHY: its figures may not be trusted"
        case (.badInput, .fleet): "bad input: a bad flag, no path, or no summary in any path given (nothing to merge)"
        case (.failure, .fleet): nil
        case (.outputIncomplete, .fleet): "the table could not be written to stdout"
        case (.hangup, .fleet), (.interrupt, .fleet), (.brokenPipe, .fleet), (.terminated, .fleet): "stopped before the table was written whole"
        case (.regression, .bench): "--fail-on-regression: a row was worse than in the --baseline file beyond the noise"
        case (.regression, _): nil
        case (.outputIncomplete, .replay): "the summary could not be written to stdout"
        case (.hangup, .replay), (.interrupt, .replay), (.brokenPipe, .replay), (.terminated, .replay): "stopped before the summary"
        case (.failure, .replay), (.verificationFailure, .replay), (.untrustworthy, .replay): nil
        case (.success, .compare): "every run finished (a run that --errors throw or --fail-fast stopped is a result to compare)"
        case (.success, .lesson): "the lesson ran (a part that a cancel or a thrown failure stopped is what it shows), or q ended it"
        case (.failure, .lesson): nil
        case (.verificationFailure, .lesson): "a result failed verification: possible hardware fault"
        case (.outputIncomplete, .lesson): "a part's summary could not be written to stdout"
        case (.hangup, .lesson), (.interrupt, .lesson), (.brokenPipe, .lesson), (.terminated, .lesson):
            "stopped early: the parts not yet run are left out; the answers for those that ran still follow"
        case (.failure, .run), (.failure, .soak): "FAIL: --fail-fast or --errors throw stopped the run at a failure, or no scan completed"
        case (.untrustworthy, .run), (.untrustworthy, .soak):
            "UNTRUSTWORTHY: nothing failed, but the run was cancelled, or the host's hypervisor stole over \(Int(Verdict.heavySteal * 100))% of its CPU time"
        case (.untrustworthy, _): nil
        case (.failure, .bench): "the Swift kernel and the C reference disagreed on a checksum"
        case (.failure, .compare): "every run ran all of its scans, yet their checksums differ: a fault or a bug"
        case (.verificationFailure, .run), (.verificationFailure, .soak), (.verificationFailure, .compare):
            "FAIL: a result failed verification: possible hardware fault (wins over every status below)"
        case (.badInput, _): "bad input"
        case (.outputIncomplete, .run), (.outputIncomplete, .soak):
            "UNTRUSTWORTHY: the run finished, but stdout, the events file, the trace or the metrics file lost output (one line on stderr says which)"
        case (.outputIncomplete, .bench): "the figures could not be written to stdout or to the --save file (wins over \(ExitStatus.regression.code))"
        case (.outputIncomplete, .compare): "the runs finished, but the table could not be written to stdout"
        case (.hangup, .run), (.interrupt, .run), (.brokenPipe, .run), (.terminated, .run):
            "stopped early; the events file and the metrics file are still complete, and so is the summary if stdout is there. A second signal, or a run whose loop is blocked 1.5 s after the first, ends sky at once: the metrics file says so"
        case (.hangup, .soak), (.interrupt, .soak), (.brokenPipe, .soak), (.terminated, .soak):
            "stopped early (verdict UNTRUSTWORTHY, or FAIL if something failed first); the events file and the metrics file are still complete, and so is the summary if stdout is there"
        case (.hangup, .bench), (.interrupt, .bench), (.brokenPipe, .bench), (.terminated, .bench): "stopped, no figures"
        case (.hangup, .compare), (.interrupt, .compare), (.brokenPipe, .compare), (.terminated, .compare):
            "stopped early: the run going is cancelled and the rest are not run; the table of the runs so far is still printed if stdout is there"
        case (.verificationFailure, .bench): nil
        case (.noResources, .run), (.noResources, .soak), (.noResources, .lesson):
            "a limit of the process is too low to start (one line names it); no output was touched"
        case (.noResources, _): nil
        }
    }

    /// The "Exit status:" block of `command`'s `--help`.
    static func helpBlock(for command: Command) -> String {
        var rows = allCases.filter { $0.signal == nil }.compactMap { status in
            status.meaning(in: command).map { HelpBlock.Row(term: "\(status.code)", text: $0) }
        }
        // The signals share one row, as they share their meaning.
        let signalled = allCases.filter { $0.signal != nil }
        if let first = signalled.first, let meaning = first.meaning(in: command) {
            let names = signalled.map { ($0 == first ? "" : "\($0.code) ") + $0.signal!.name }
            rows.append(HelpBlock.Row(term: "\(first.code)", text: names.joined(separator: ", ") + ": " + meaning))
        }
        return HelpBlock.render(title: "Exit status:", rows)
    }
}

extension Verdict.Result {
    /// The verdict as the exit status tells it, for the metrics file: a run judged PASS that exits
    /// otherwise (its stdout was lost after the summary was judged, or a signal's last words end
    /// it) did not pass, though nothing failed.
    func told(by status: ExitStatus) -> Verdict.Result {
        self == .pass && status != .success ? .untrustworthy : self
    }
}
