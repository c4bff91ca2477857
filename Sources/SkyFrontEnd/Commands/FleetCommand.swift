import ArgumentParser
import Foundation
import SkyFormat
import SkyFleet

/// `sky fleet FILE|DIR…`: the JSON summaries of many hosts' soaks, merged into one table.
struct FleetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Merge the JSON summaries of many hosts' soaks into one table, and flag the slow ones.",
        usage: "sky fleet <file|dir> [<file|dir> ...] [--expect <n> | --expect-hosts <file>] [--format text|json]",
        discussion: """
            Each file is what sky soak --format json printed on a host: the summary alone, its \
            JSON Lines (the interval lines, then the summary), or the pod's log from kubectl logs. \
            Every line holding a JSON object with a "verdict" is a host's summary. A folder gives \
            its *.json, *.jsonl and *.log files (not its subfolders). A row a host, sorted by host \
            name: cores, duration, scans, rate per core, mismatches (verification failures), \
            throttling, start (UTC), sky version and verdict. Hosts far below the fleet's median rate per core are marked \
            \(FleetTable.outlierMark), and the rule is stated below the table. A file that gives no \
            summary is named on stderr, and the others still merge; FIFOs and devices are refused \
            unread.

            The last line rolls the fleet up and names every host that failed, is untrustworthy, \
            is missing, is stale or ran another sky (past \(FleetTable.namesListed), "and N more"). With \
            --expect or --expect-hosts, hosts that gave no summary are missing: by name from the \
            list, or from --expect alone by the names of the files that gave none. A report is \
            \(FleetTable.staleMark) when its run ended before the newest run started by more than the \
            longest run among the reports (at least an hour): last week's file left on the volume. \
            Each row gives the sky that wrote it; one other than the newest run's is marked, and a \
            summary from a sky too old to say is "unknown".

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
              Fail unless all 40 nodes reported:
                sky fleet /results/ --expect 40
              Name the nodes that did not report (one name a line; # starts a comment):
                kubectl get nodes -l pool=burn-in -o name | sed 's|^node/||' > nodes.txt
                sky fleet /results/ --expect-hosts nodes.txt

            \(ExitStatus.helpBlock(for: .fleet))
            """,
        helpNames: Sky.subcommandHelpNames)

    @Argument(help: ArgumentHelp("Summaries: files, or folders of *.json, *.jsonl and *.log files.", valueName: "file|dir"))
    var paths: [String] = []

    @Option(.format, help: "Output: text (a table), or json for one document on stdout (default \(RunDefaults.format.rawValue)).")
    var format: OutputFormat = RunDefaults.format

    @Option(help: ArgumentHelp("The number of hosts that should have reported: fewer is a missing host.", valueName: "n"))
    var expect: Int?

    @Option(
        .file, name: .customLong("expect-hosts"),
        help: "A file of the hosts that should have reported, one name a line: each one absent is named missing.")
    var expectHosts: String?

    func validate() throws {
        guard !paths.isEmpty else {
            throw ValidationError("sky fleet needs one or more files or folders of sky soak summaries")
        }
        if expect != nil && expectHosts != nil {
            throw ValidationError("--expect and --expect-hosts: give one (a count, or a file of host names)")
        }
        if let expect, expect < 1 {
            throw ValidationError("--expect \(expect): the number of hosts expected is a whole number from 1")
        }
        _ = try expected()
    }

    /// The hosts expected, from `--expect` or `--expect-hosts`.
    func expected() throws -> Fleet.Expected? {
        if let expect { return .count(expect) }
        guard let expectHosts else { return nil }
        guard let text = try? String(contentsOfFile: expectHosts, encoding: .utf8) else {
            throw ValidationError("--expect-hosts \(expectHosts): cannot be read: it takes a text file of host names, one a line")
        }
        let names = Self.hostNames(in: text)
        guard !names.isEmpty else {
            throw ValidationError("--expect-hosts \(expectHosts): names no host: it takes a text file of host names, one a line")
        }
        return .hosts(names)
    }

    /// The names in an `--expect-hosts` file: a name a line, trimmed, each once; blank lines and
    /// `#` comments left out.
    static func hostNames(in text: String) -> [String] {
        var names: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let name = String(line.prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces)
            if !name.isEmpty && !names.contains(name) { names.append(name) }
        }
        return names
    }

    func run() throws {
        // Nothing here to finish cleanly: a signal ends sky at once (SIGPIPE shows as a failed write).
        SignalTrap.nothingToFinish()
        let fleet = Fleet(FleetInput.read(paths), expecting: try expected())
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
        case .incomplete: .badData
        case .untrustworthy: .untrustworthy
        case .passed: .success
        }
    }
}
