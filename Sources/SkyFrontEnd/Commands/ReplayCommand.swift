#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import SkyCore
import SkyReport
import SkyReplay
import SkyTUI
import SkyTerminal

/// `sky replay FILE`: a run recorded with `--events`, played back through the same dashboard, or
/// read through at once for its summary.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play back a run recorded with --events, on the dashboard or as its summary.",
        discussion: """
            The recording's events are written, one by one, into a fresh run book with the \
            recorded configuration, and each is checked against the book's rules: so the \
            dashboard, the explain panel and the summary show what the recorded run did, as it \
            showed them live. No scan is computed. With a terminal, the run plays at its recorded \
            pace times --speed; space pauses and n steps to the next scan's start. Without one \
            (or with --no-tui) the whole file is read at once and the recorded run's summary printed.

            Examples:
              Record a run on a many-core host, then replay it on a laptop:
                sky --total 200 --batch auto --events run.jsonl --no-tui
                sky replay run.jsonl
              Twice as fast, or in slow motion:
                sky replay run.jsonl --speed 2
                sky replay run.jsonl --speed 0.25
              The recorded run's summary, at once:
                sky replay run.jsonl --no-tui
              The same as one JSON object, as the run's --format json printed it:
                sky replay run.jsonl --no-tui --format json

            \(ExitStatus.helpBlock(for: .replay))
            """,
        helpNames: Sky.subcommandHelpNames)

    /// `--speed`: from a hundredth of the recorded pace to a hundred times it.
    static let speedRange = 0.01...100.0

    @Argument(help: ArgumentHelp("An events file written by sky --events.", valueName: "file"), completion: .file())
    var file: String

    @Option(
        .factor(in: ReplayCommand.speedRange),
        help: "Playback speed against the recorded pace, e.g. 2 or 0.25 (default \(ArgumentValue.text(fraction: RunDefaults.replaySpeed))).")
    var speed = RunDefaults.replaySpeed

    @Flag(name: .customLong("no-tui"), help: "Print the recorded run's summary at once instead of playing it on the dashboard.")
    var noTUI = false

    @Flag(name: .customLong("no-color"), help: "Draw the dashboard without colour (also when NO_COLOR is set).")
    var noColor = false

    @Flag(help: "Open the dashboard with the explain panel, which narrates each scheduling decision.")
    var explain = false

    @Option(
        .format,
        help: "The summary's format: text, or json for one object on stdout, as the run's --format json prints it (default \(RunDefaults.format.rawValue)).")
    var format: OutputFormat = RunDefaults.format

    func run() throws {
        // The first reading checks every line and gives the summary, before anything is drawn.
        let recording = try Self.read(file)
        if !noTUI && Terminal.stdinIsTerminal && Terminal.stdoutIsTerminal {
            if !Self.isRegularFile(file) {
                StandardError.write("sky: '\(file)' is not a regular file, which the dashboard would read a second time; printing the summary\n")
            } else if let status = try playOnDashboard(recording) {
                throw status.exitCode
            } else {
                StandardError.write("sky: this terminal cannot show the dashboard (TERM=\(Terminal.type)); printing the summary\n")
            }
        }
        throw Self.printSummary(recording.summary, format: format).exitCode
    }

    /// A recording read through: its configuration, the cores it had, and its summary.
    struct Recording {
        var configuration: RunConfiguration
        var cores: Int
        var summary: RunSummary
    }

    /// Reads `path` through; bad input if it cannot be opened, bad data if a line is broken.
    static func read(_ path: String) throws -> Recording {
        let file = try open(path)
        let player = RecordedRunPlayer(file: file)
        var lines = 0
        do {
            while try player.playLine() {
                lines += 1
                // A long file takes a while: a signal stops the reading.
                if lines % 4096 == 0, let signal = SignalTrap.take() { throw ExitStatus(stoppedBy: signal).exitCode }
            }
        } catch let broken as RecordedRunFile.Broken {
            throw refuse(path, broken)
        }
        guard let summary = player.replay.summary else { preconditionFailure("a file read to its end holds a finished run") }
        return Recording(configuration: file.configuration, cores: file.cores, summary: summary)
    }

    private static func open(_ path: String) throws -> RecordedRunFile {
        do {
            return try RecordedRunFile(path: path, stopWaiting: SignalTrap.take)
        } catch let stopped as RecordedRunFile.Stopped {
            throw ExitStatus(stoppedBy: stopped.signal).exitCode
        } catch let broken as RecordedRunFile.Broken {
            throw refuse(path, broken)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// A FIFO or a pipe can be read once only.
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Bad data: one line naming the file, the line and the problem.
    private static func refuse(_ path: String, _ broken: RecordedRunFile.Broken) -> ExitCode {
        StandardError.write("sky: error: '\(path)' cannot be replayed: \(broken)\n")
        return ExitStatus.badData.exitCode
    }

    /// Plays the recording on the dashboard; `nil` if this terminal cannot show it.
    private func playOnDashboard(_ recording: Recording) throws -> ExitStatus? {
        let events = ScanEventBuffer()
        let run = ReplayedRun(file: try Self.open(file), recorded: recording.summary, speed: speed, events: events)
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let info = RunInfo(
            cores: recording.cores, rerunRefusal: "a replay shows one recorded run",
            replay: "replay of \(name)" + (speed == RunDefaults.replaySpeed ? "" : " at \(ArgumentValue.text(fraction: speed))×"))
        let dashboard = DashboardRun(
            configuration: recording.configuration, report: RunReport(format: .text, eventsFile: nil, replay: ""), info: info,
            colors: !noColor && !Terminal.noColorRequested, exitOnDone: false, explain: explain)
        guard let screen = CursesScreen(colors: dashboard.colors) else { return nil }
        let watched = dashboard.watch(run, events: events, on: screen)
        screen.close()
        if let failure = run.failure {
            StandardError.write("sky: error: '\(file)' changed while it played: \(failure)\n")
            return .badData
        }
        if let signal = watched.signal { return ExitStatus(stoppedBy: signal) }
        return Self.printSummary(watched.summary, format: format)
    }

    /// The recorded run's summary on stdout; as JSON, with the status the replay exits with.
    private static func printSummary(_ summary: RunSummary, format: OutputFormat) -> ExitStatus {
        let text = switch format {
        case .text: TextSummary.format(summary, replay: summary.configuration.replayCommand)
        case .json: JSONSummary(summary, exitStatus: ExitStatus.success.code).encoded()
        }
        if StandardOutput.write(text + "\n") { return .success }
        guard let failure = StandardOutput.failure else { return .brokenPipe }
        StandardError.write("sky: error: could not write to stdout (\(failure)): the summary is lost\n")
        return .outputIncomplete
    }
}
