import SkyCore
import SkyLessons
import SkySoak
import SkyTUI

/// `sky lesson N`: the question to predict, each part's run in turn, then the answers computed
/// from the runs' own events, then the questions.
///
/// Each part is a `sky` run as its command line says, with the lesson's `--work`, `--speed` and
/// `--no-tui` put in; its events go to a record kept in memory, which the lesson's answer reads
/// (`LessonAnswers`). On the dashboard the done screen's Enter goes on to the next part, and q
/// ends the lesson; headless, the parts run one after another.
struct LessonRun {
    /// Events a part's record keeps at most: far more than a lesson's small runs write.
    static let recordLimit = 1_000_000
    /// Answers are wrapped to this width.
    static let width = 80

    let lesson: Lesson
    /// `--no-tui`
    let headless: Bool
    let work: Int?
    let speed: Double?
    /// `--projector`: every part's dashboard opens in the projector's view.
    var projector = false
    /// `--format`: with json, stdout carries only the parts' summaries, a line each.
    var format = RunDefaults.format

    /// The lesson waits for the student (a prediction, Enter before each part): on a terminal,
    /// without `--no-tui`.
    var interactive: Bool { !headless && Terminal.stdinIsTerminal && Terminal.stdoutIsTerminal }

    /// Runs the lesson and returns its exit status.
    func execute() throws -> ExitStatus {
        say("Lesson \(lesson.number): \(lesson.title)\n\nPredict\n\n\(lesson.predict)")
        var prediction = ""
        if interactive {
            say("\nYour prediction (Enter to skip): ", newline: false)
            prediction = String((readLine() ?? "").drop { $0 == " " })
        }
        var records: [PartRecord] = []
        var status = ExitStatus.success
        for part in lesson.parts {
            let arguments = self.arguments(of: part)
            say("\nPart \(part.number) of \(lesson.parts.count): \(part.name)\n\n    sky \(arguments.joined(separator: " "))\n\n\(part.watch)")
            if interactive {
                say("\nPress Enter to start it.", newline: false)
                _ = readLine()
            }
            say("")
            let request = try Self.request(arguments)
            // A lesson file's `Code:` text that the part's file lacks would mark nothing, silently.
            let source = StrategySource.of(try request.makeConfiguration())
            for text in source.missing(part.code) {
                StandardError.write("sky: lesson \(lesson.number), part \(part.number): its Code: text `\(text)` is in no line of code of \(source.path)\n")
            }
            let record = ScanEventBuffer(limit: Self.recordLimit)
            let loadAtStart = HostLoad.read()
            let outcome = try request.perform(lesson: stage(of: part), record: record)
            records.append(PartRecord(
                part: part, configuration: outcome.configuration, cores: Cores.active, events: record.drain().compactMap(\.event),
                dropped: record.dropped, hostLoad: HostLoad(from: loadAtStart, to: HostLoad.read())))
            // A run a failure stopped (a throw, --fail-fast) is what a lesson shows, not a problem.
            if outcome.status != .success && outcome.status != .failure { status = outcome.status }
            // stdout is lost (closed, full), and its line said so: the parts after would only be
            // lost too, and say so again.
            if StandardOutput.failure != nil { break }
            // A signal, or q on the dashboard, ends the lesson; the answers still follow.
            if outcome.status.signal != nil || !outcome.goesOn { break }
        }
        say("\nWhat the runs did")
        if !prediction.isEmpty { say("\nYou predicted: \(prediction)") }
        for paragraph in LessonAnswers.answer(lesson: lesson.slug, records: records) {
            say("\n" + TextWrap.lines(paragraph, width: Self.width).joined(separator: "\n"))
        }
        say("\nQuestions\n\n\(lesson.questions)")
        return status
    }

    /// The part's command line, with the lesson's own options in place of the part's.
    /// The run a part's command line asks for, `arguments` without the leading `sky`, as the
    /// lesson runs it: the code panel's file is the one its configuration runs
    /// (LessonFormatTests holds every part's `Code:` texts to that file).
    static func request(_ arguments: [String]) throws -> RunRequest {
        let parsed = try RunCommand.parse(arguments)
        return RunRequest(scans: parsed.scans, output: parsed.output, single: parsed.single, defaults: .sky)
    }

    func arguments(of part: Lesson.Part) -> [String] {
        var arguments = part.arguments
        if let work {
            Self.set("--work", to: "\(work)", in: &arguments)
            // A cancel timed for the part's own work comes as far into a run of `work`: with
            // lighter scans the run is shorter, and is still cancelled partway, where the lesson
            // looks. A part whose time its `--spacing` sets keeps its cancel.
            let own = part.ownWork
            if !part.arguments.contains("--spacing"), own > 0,
                let given = Self.value(of: "--cancel-after", in: part.arguments),
                let cancel = try? ArgumentValue.duration(given, in: RunConfiguration.durationRange)
            {
                // To the millisecond, as the lesson wrote it.
                let milliseconds = (min(cancel, cancel * (Double(work) / Double(own))) / .milliseconds(1)).rounded()
                let scaled = Duration.milliseconds(max(1, Int64(milliseconds)))
                Self.set("--cancel-after", to: ArgumentValue.text(scaled), in: &arguments)
            }
        }
        if let speed { Self.set("--speed", to: "\(speed)", in: &arguments) }
        if headless && !arguments.contains("--no-tui") { arguments.append("--no-tui") }
        if format == .json { Self.set("--format", to: format.rawValue, in: &arguments) }
        if projector && !headless && !arguments.contains("--projector") { arguments.append("--projector") }
        return arguments
    }

    /// The value the arguments give `option`, if they give it one.
    private static func value(of option: String, in arguments: [String]) -> String? {
        arguments.firstIndex(of: option).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }

    /// Gives `option` the value `value`: in place of the one the arguments give it, else at the end.
    private static func set(_ option: String, to value: String, in arguments: inout [String]) {
        if let at = arguments.firstIndex(of: option), at + 1 < arguments.count {
            arguments[at + 1] = value
        } else {
            arguments += [option, value]
        }
    }

    /// What the dashboard says of `part`: its place in the lesson, and what its done screen's
    /// Enter leads to.
    private func stage(of part: Lesson.Part) -> LessonStage {
        let title = "lesson \(lesson.number), part \(part.number) of \(lesson.parts.count): \(part.name)"
        guard let next = lesson.parts.first(where: { $0.number == part.number + 1 }) else {
            return LessonStage(title: title, next: "the answers", nextBrief: "the answers", code: part.code)
        }
        return LessonStage(title: title, next: "part \(next.number), \(next.name)", nextBrief: "part \(next.number)", code: part.code)
    }

    /// The lesson's own text: on stdout, or on stderr beside the parts' JSON summaries.
    private func say(_ text: String, newline: Bool = true) {
        switch format {
        case .text: StandardOutput.write(text + (newline ? "\n" : ""))
        case .json: StandardError.write(text + (newline ? "\n" : ""))
        }
    }
}
