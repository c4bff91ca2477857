import ArgumentParser
import SkyReport

/// `sky fleet FILE|DIR…`: the JSON summaries of many hosts' soaks, merged into one table.
struct FleetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Merge the JSON summaries of many hosts' soaks into one table, and flag the slow ones.",
        usage: "sky fleet <file|dir> [<file|dir> ...] [--format text|json]",
        discussion: """
            Each file is what sky soak --format json printed on a host: the summary alone, its \
            JSON Lines (the interval lines, then the summary), or the pod's log from kubectl logs. \
            Every line holding a JSON object with a "verdict" is a host's summary. A folder gives \
            its *.json, *.jsonl and *.log files (not its subfolders). A row a host, sorted by host \
            name: cores, duration, scans, rate per core, mismatches (verification failures), \
            throttling and verdict. Hosts far below the fleet's median rate per core are marked \
            \(FleetTable.outlierMark), and the rule is stated below the table. A file that gives no \
            summary is named on stderr, and the others still merge; FIFOs and devices are refused \
            unread.

            Examples:
              The summaries each pod of the Job wrote to a shared volume:
                sky fleet /results/
              Each pod's log, then the fleet:
                for p in $(kubectl get pods -l job-name=sky-soak -o name); do
                  kubectl logs $p > logs/${p#pod/}.log
                done
                sky fleet logs/
              The same as one JSON document:
                sky fleet logs/ --format json

            \(ExitStatus.helpBlock(for: .fleet))
            """,
        helpNames: Sky.subcommandHelpNames)

    @Argument(help: ArgumentHelp("Summaries: files, or folders of *.json, *.jsonl and *.log files.", valueName: "file|dir"))
    var paths: [String] = []

    @Option(
        help: ArgumentHelp("Output: text (a table), or json for one document on stdout (default text).", valueName: "text|json"),
        transform: { try OutputFormat(parsing: $0) })
    var format: OutputFormat = RunDefaults.format

    func validate() throws {
        guard !paths.isEmpty else {
            throw ValidationError("sky fleet needs one or more files or folders of sky soak summaries")
        }
    }

    func run() throws {
        // Nothing here to finish cleanly: a signal ends sky at once (SIGPIPE shows as a failed write).
        SignalTrap.nothingToFinish()
        let fleet = Fleet(FleetInput.read(paths))
        for skipped in fleet.skipped { StandardError.write("sky: fleet: \(skipped.file): \(ShownText.escaped(skipped.problem))\n") }
        let status = Self.status(fleet.standing)
        if fleet.standing == .nothingMerged {
            StandardError.write("sky: error: no summary in any path given, nothing to merge: sky fleet reads what sky soak --format json prints\n")
            throw status.exitCode
        }
        let text = switch format {
        case .text: FleetTable.format(fleet)
        case .json: FleetJSON(fleet, exitStatus: status.code).encoded()
        }
        if !StandardOutput.write(text + "\n") {
            guard let failure = StandardOutput.failure else { throw ExitStatus.brokenPipe.exitCode }
            StandardError.write("sky: error: could not write the table to stdout (\(failure))\n")
            throw ExitStatus.outputIncomplete.exitCode
        }
        throw status.exitCode
    }

    static func status(_ standing: Fleet.Standing) -> ExitStatus {
        switch standing {
        case .nothingMerged: .badInput
        case .hostFailed: .verificationFailure
        case .filesSkipped: .badData
        case .untrustworthy: .untrustworthy
        case .passed: .success
        }
    }
}
