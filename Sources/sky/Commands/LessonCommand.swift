import ArgumentParser
import SkyCore

/// `sky lesson [N]`.
struct LessonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson",
        abstract: "Guided lessons: what to watch, a preset run, then questions to answer.",
        discussion: """
            Examples:
              List the lessons:
                sky lesson
              Run lesson 2 with the dashboard:
                sky lesson 2
              Run it headless, with cheap scans (for a log, or a quick check):
                sky lesson 2 --no-tui --work 2000
            """,
        helpNames: Sky.subcommandHelpNames)

    @Argument(
        help: ArgumentHelp("The lesson to run; leave it out to list them.", valueName: "n"),
        transform: { try ArgumentValue.integer($0, in: 1...Lesson.all.count) })
    var number: Int?

    @Flag(name: .customLong("no-tui"), help: "Run the lesson's preset without the dashboard.")
    var noTUI = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Override the preset's cost of a scan (lines to sweep).", valueName: "n"),
        transform: { try ArgumentValue.integer($0, in: RunConfiguration.workRange) })
    var work: Int?

    func run() throws {
        guard let number else {
            StandardOutput.write("Lessons (run one with 'sky lesson N'):\n")
            for lesson in Lesson.all { StandardOutput.write("  \(lesson.number)  \(lesson.title)\n") }
            return
        }
        let lesson = Lesson.all[number - 1]
        StandardOutput.write("Lesson \(lesson.number): \(lesson.title)\n\n\(lesson.watch)\n\n")
        var arguments = lesson.arguments
        if noTUI { arguments.append("--no-tui") }
        if let work {
            // Replaces the preset's own --work rather than adding a second one.
            if let at = arguments.firstIndex(of: "--work"), at + 1 < arguments.count { arguments.removeSubrange(at...(at + 1)) }
            arguments += ["--work", "\(work)"]
        }
        StandardOutput.write("The run: sky \(arguments.joined(separator: " "))\n")
        if !noTUI && Terminal.stdinIsTerminal && Terminal.stdoutIsTerminal {
            StandardOutput.write("Press Enter to start it (q quits the run; the questions follow).")
            _ = readLine()
        }
        var status = ExitStatus.success.exitCode
        do {
            let run = try RunCommand.parse(arguments)
            try run.run()
        } catch let exit as ExitCode {
            status = exit
        }
        StandardOutput.write("\nQuestions\n\n\(lesson.questions)\n")
        throw status
    }
}
