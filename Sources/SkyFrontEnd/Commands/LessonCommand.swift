import ArgumentParser
import SkyCore
import SkyLessons

/// `sky lesson [N]`.
struct LessonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson",
        abstract: "Guided lessons: predict, watch each part run, then the answers from the runs' own events, and questions.",
        discussion: """
            A lesson first asks you to predict what its runs will show. Then it runs its parts in \
            turn, each a sky command printed before it starts, with what to watch in it. On the \
            dashboard, Enter goes on to the next part once a part is done, and q ends the lesson; \
            headless, the parts run one after another. Last, the lesson answers from what its runs \
            did (their own events, on this machine), and asks questions to think about. A lesson's \
            summaries end without a verdict: its runs are cancelled and thrown on purpose.

            Examples:
              List the lessons:
                sky lesson
              Run lesson 9 with the dashboard:
                sky lesson 9
              Every part headless, one after another, with cheaper scans:
                sky lesson 9 --no-tui --work \(Lesson.workEveryLessonTakes)
              In slow motion:
                sky lesson 2 --speed 0.5
              A one-page handout for the class, in Markdown:
                sky lesson 2 --handout > lesson-2.md
              Each part's JSON summary, a line each, for a script:
                sky lesson 9 --format json --work \(Lesson.workEveryLessonTakes) > parts.jsonl

            \(ExitStatus.helpBlock(for: .lesson))
            """,
        helpNames: Sky.subcommandHelpNames)

    @Argument(
        help: ArgumentHelp("The lesson to run; leave it out to list them.", valueName: "n"),
        transform: { try Self.lessonNumber($0) })
    var number: Int?

    @Flag(name: .customLong("no-tui"), help: "Run every part without the dashboard, one after another.")
    var noTUI = false

    @Flag(help: "Show every part in the projector's view: scans, slots over time and explain, in large blocks (p switches).")
    var projector = false

    @Option(
        .count(in: RunConfiguration.workRange),
        help: "Give every part this cost of a scan (lines to sweep) instead of its own; a part's --cancel-after comes as much sooner (at least 1 ms), unless its --spacing times it. A lesson refuses a work too light for its runs to show what it is about; \(Lesson.workEveryLessonTakes) or more suits every lesson.")
    var work: Int?

    @Option(.speed, help: "Run every part in slow motion: a fraction of full speed, e.g. 0.5.")
    var speed: Double?

    @Flag(help: "Print the lesson as a one-page Markdown handout (the predictions, the commands, room for answers) and run nothing.")
    var handout = false

    @Option(
        .format,
        help: "Summary format: text, or json for each part's summary as one JSON object a line on stdout (JSON Lines), the lesson's own text on stderr; json runs every part headless, as --no-tui (default \(RunDefaults.format.rawValue)).")
    var format: OutputFormat = RunDefaults.format

    func validate() throws {
        if handout && number == nil { throw ValidationError("--handout needs a lesson's number: \(Self.numbers) ('sky lesson' lists them)") }
        if handout && noTUI { throw ValidationError("--handout runs nothing, so --no-tui has nothing to do: give one or the other") }
        if handout && format == .json { throw ValidationError("--format json: --handout runs nothing, so there is no summary to print: give one or the other") }
        if let work, let number, let lesson = Lesson.numbered(number), work < lesson.leastWork {
            throw ValidationError(
                "--work \(work) is too light for lesson \(number) (\(lesson.slug)), whose runs would no longer show what it is about: it takes --work \(lesson.leastWork) or more")
        }
        if projector && format == .json {
            throw ValidationError("--format json runs every part headless, so --projector has no dashboard to show: give one or the other")
        }
    }

    func run() throws {
        if handout, let number, let lesson = Lesson.numbered(number) {
            let run = LessonRun(lesson: lesson, headless: false, work: work, speed: speed)
            guard StandardOutput.write(Handout.markdown(lesson, commands: lesson.parts.map(run.arguments))) else {
                StandardError.write("sky: error: could not write to stdout (\(StandardOutput.failure ?? "closed")): the handout is lost\n")
                throw ExitStatus.outputIncomplete.exitCode
            }
            return
        }
        guard let number, let lesson = Lesson.numbered(number) else {
            StandardOutput.write("Lessons (run one with 'sky lesson N'):\n")
            for lesson in Lesson.all {
                let parts = lesson.parts.count == 1 ? "" : "  (\(lesson.parts.count) parts)"
                StandardOutput.write("  \(Self.padded(lesson.number))  \(lesson.title)\(parts)\n")
            }
            return
        }
        throw try LessonRun(lesson: lesson, headless: noTUI || format == .json, work: work, speed: speed, projector: projector, format: format).execute().exitCode
    }

    /// A lesson's number, right-aligned under the widest.
    private static func padded(_ number: Int) -> String {
        let width = String(Lesson.all.last?.number ?? 0).count
        return String(repeating: " ", count: width - String(number).count) + String(number)
    }

    /// The number of a lesson there is.
    static func lessonNumber(_ text: String) throws -> Int {
        guard let number = ArgumentValue.wholeNumber(text), Lesson.numbered(number) != nil else {
            throw ValidationError("must be the number of a lesson: \(numbers) ('sky lesson' lists them)")
        }
        return number
    }

    /// `1 to 5, 13`: the lessons' numbers, runs of them shortened.
    private static var numbers: String {
        var runs: [ClosedRange<Int>] = []
        for number in Lesson.all.map(\.number) {
            if let last = runs.last, last.upperBound + 1 == number {
                runs[runs.count - 1] = last.lowerBound...number
            } else {
                runs.append(number...number)
            }
        }
        return runs.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound) to \($0.upperBound)" }.joined(separator: ", ")
    }
}
