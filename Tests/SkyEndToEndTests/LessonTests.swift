import Foundation
import Testing

/// `sky lesson`, run headless as a class's own machines and the tests run it: each lesson asks
/// for a prediction, runs every part in turn, answers from the runs' events, and asks its
/// questions; what it says is checked against what the runs printed.
@Suite("Lessons")
struct LessonTests {
    /// The lessons' files, by number.
    static var files: [Int: String] {
        let folder = SkyBinary.packageRoot + "/Assets/lessons"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return Dictionary(uniqueKeysWithValues: names.filter { $0.hasSuffix(".md") }.compactMap { name in
            Int(name.prefix { $0.isNumber }).map { ($0, folder + "/" + name) }
        })
    }

    /// The number of the lesson whose file is named `slug` (`5-cancellation.md` is `cancellation`),
    /// wherever the course puts it.
    static func number(_ slug: String) throws -> Int {
        try #require(files.first { ($0.value as NSString).lastPathComponent.drop { $0.isNumber } == "-\(slug).md" }?.key, "no lesson \(slug)")
    }

    /// The arguments of each part's `    sky …` line in lesson `number`'s file.
    static func parts(of number: Int) throws -> [[String]] {
        let text = try String(contentsOfFile: try #require(files[number]), encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasPrefix("    sky ") }.map { $0.split(separator: " ").dropFirst().map(String.init) }
    }

    /// The numbers in `text` that come right before `suffix`.
    static func numbers(before suffix: String, in text: String) -> [Int] {
        text.components(separatedBy: suffix).dropLast().compactMap { Int($0.split(separator: " ").last ?? "") }
    }

    /// Lesson `number`'s least work, as `sky` gives it: a handout at `--work 0`, which runs
    /// nothing, is refused with it, or is taken by a lesson that takes any work.
    static func leastWork(of number: Int) throws -> Int {
        let probe = try SkyBinary.run(["lesson", "\(number)", "--handout", "--work", "0"])
        if probe.status == 0 { return 0 }
        let least = try #require(probe.stderr.firstMatch(of: /: it takes --work (\d+) or more/), "\(probe.stderr)")
        return try #require(Int(least.1))
    }

    @Test("sky lesson lists every lesson file, by number: nineteen or more, one idea each")
    func listing() throws {
        let listing = try SkyBinary.run(["lesson"])
        #expect(listing.status == 0)
        #expect(Self.files.count >= 19)
        // Titles are plain text on a terminal: no Markdown marks.
        #expect(!listing.stdout.contains("`"), "\(listing.stdout)")
        #expect(listing.stdout.split(separator: "\n").count == Self.files.count + 1, "\(listing.stdout)")
        for number in Self.files.keys {
            #expect(listing.stdout.contains("\n  \(number < 10 ? " " : "")\(number)  "), "lesson \(number) is not listed")
        }
    }

    @Test("A lesson's number is a whole number as every other: it may contain underscores (docs/cli.md)")
    func numberWithUnderscore() throws {
        let lesson = try SkyBinary.run(["lesson", "0_1", "--no-tui", "--work", "\(try Self.leastWork(of: 1))"])
        #expect(lesson.status == 0, "\(lesson.stderr)")
        #expect(lesson.stdout.hasPrefix("Lesson 1: "), "\(lesson.stdout)")
    }

    @Test("--format json prints each part's summary as a line of JSON, the lesson's text on stderr")
    func json() throws {
        let lesson = try SkyBinary.run(["lesson", "9", "--format", "json", "--work", "\(try Self.leastWork(of: 9))"])
        #expect(lesson.status == 0, "\(lesson.stderr)")
        #expect(lesson.stderr.hasPrefix("Lesson 9: "), "\(lesson.stderr)")
        let parts = try #require(lesson.stderr.firstMatch(of: /Part 1 of (\d+)/).flatMap { Int($0.1) })
        let lines = lesson.stdout.split(separator: "\n")
        #expect(lines.count == parts, "\(lesson.stdout)")
        for line in lines {
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(summary["completed"] != nil)
        }
        for refused in [["--handout"], ["--projector"]] {
            let outcome = try SkyBinary.run(["lesson", "9", "--format", "json"] + refused)
            #expect(outcome.status == 64)
            #expect(outcome.stderr.contains("--format json"), "\(outcome.stderr)")
        }
    }

    @Test("A full stdout ends a lesson at the first part that lost its output: one line on stderr, exit 74")
    func fullStdout() throws {
        let lesson = try SkyBinary.shell("\"$SKY\" lesson 1 --no-tui --work \(try Self.leastWork(of: 1)) > /dev/full")
        #expect(lesson.status == 74)
        #expect(lesson.stderr.components(separatedBy: "could not write to stdout").count == 2, "\(lesson.stderr)")
    }

    @Test("Every lesson predicts, runs each part headless in turn, answers from its runs, and ends with questions; no verdict")
    func everyLesson() throws {
        // The cancellation lesson is run on its own below.
        let cancellation = try Self.number("cancellation")
        for number in Self.files.keys.sorted() where number != cancellation {
            let work = try Self.leastWork(of: number)
            let outcome = try SkyBinary.run(["lesson", "\(number)", "--no-tui", "--work", "\(work)"])
            try Self.checkShape(of: outcome, lesson: number, work: work)
        }
    }

    @Test("A --work lighter than a lesson's least is refused before anything runs: one line names the lesson and its least work, exit 64; the help's examples suit every lesson")
    func lightWorkRefused() throws {
        var least: [Int: Int] = [:]
        for number in Self.files.keys.sorted() {
            let work = try Self.leastWork(of: number)
            least[number] = work
            guard work > 0 else { continue }
            let refused = try SkyBinary.run(["lesson", "\(number)", "--no-tui", "--work", "\(work - 1)"])
            #expect(refused.status == 64)
            #expect(refused.stdout.isEmpty, "nothing ran: \(refused.stdout)")
            let lines = refused.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(refused.stderr)")
            #expect(lines.first?.contains("lesson \(number) (") == true && lines.first?.contains("--work \(work) or more") == true, "\(refused.stderr)")
        }
        #expect(least.values.contains { $0 > 0 }, "no lesson refuses a light work: a light scan shows every lesson's claim?")
        let help = try SkyBinary.run(["lesson", "--help"])
        let examples = help.stdout.matches(of: /sky lesson \d+ [^\n]*--work (\d+)/).compactMap { Int($0.1) }
        #expect(!examples.isEmpty, "\(help.stdout)")
        for example in examples {
            #expect(least.filter { $0.value > example }.isEmpty, "the help's example --work \(example) is refused by lessons \(least.filter { $0.value > example }.keys.sorted())")
        }
    }

    static func checkShape(of outcome: SkyBinary.Outcome, lesson number: Int, work: Int) throws {
        let parts = try Self.parts(of: number)
        #expect(outcome.status == 0, "lesson \(number): \(outcome.stderr)")
        #expect(outcome.stderrBesidesStatus.isEmpty, "\(outcome.stderr)")
        let out = outcome.stdout
        #expect(out.hasPrefix("Lesson \(number): "))
        #expect(out.contains("\n\nPredict\n\n"))
        let commands = out.split(separator: "\n").filter { $0.hasPrefix("    sky ") }.map { Self.withoutCancel(String($0)) }
        #expect(commands.count == parts.count, "lesson \(number): \(commands)")
        for index in parts.indices {
            #expect(out.contains("\nPart \(index + 1) of \(parts.count): "), "lesson \(number) ran no part \(index + 1)")
            #expect(commands.contains(Self.printed(parts[index], work: work)), "lesson \(number) part \(index + 1) printed another command")
        }
        #expect(out.components(separatedBy: "\nsky: ").count - 1 == parts.count, "one summary a part")
        #expect(!out.contains("verdict:"), "a lesson's summaries end without a verdict")
        let answers = try #require(out.components(separatedBy: "\nWhat the runs did\n").last)
        #expect(answers.contains("Part \(parts.count) ("), "the answer speaks of every part")
        #expect(out.contains("\nQuestions\n\n1. "))
    }

    /// The command a part runs under `--no-tui --work W`, as the lesson prints it, but for the
    /// time of a cancel that scales with the work (`cancelScalesWithWork` holds it): a cancel the
    /// part's `--spacing` times stays.
    static func printed(_ arguments: [String], work: Int) -> String {
        var arguments = arguments
        if let at = arguments.firstIndex(of: "--work") { arguments[at + 1] = "\(work)" } else { arguments += ["--work", "\(work)"] }
        return withoutCancel("    sky " + (arguments + ["--no-tui"]).joined(separator: " "))
    }

    /// `command` with `…` for the time of its `--cancel-after`, unless its `--spacing` times it.
    static func withoutCancel(_ command: String) -> String {
        var words = command.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if let at = words.firstIndex(of: "--cancel-after"), at + 1 < words.count, !words.contains("--spacing") { words[at + 1] = "…" }
        return words.joined(separator: " ")
    }

    @Test("--handout prints the lesson as Markdown with its commands as they would run, and runs nothing; refused without a lesson; a full stdout exits 74")
    func handout() throws {
        let unchecked = try Self.number("unchecked-cancellation")
        let handout = try SkyBinary.run(["lesson", "\(unchecked)", "--handout", "--work", "100000"])
        #expect(handout.status == 0, "\(handout.stderr)")
        #expect(handout.stdout.hasPrefix("# Lesson \(unchecked): "))
        #expect(handout.stdout.contains("\n    sky --ignore-cancellation 0.5 --total 4 --batch 4 --seed 3 --failure-rate 0 --work 100000 --cancel-after 63ms\n"), "\(handout.stdout)")
        #expect(!handout.stdout.contains("sky: "), "nothing ran: no summary")
        let refused = try SkyBinary.run(["lesson", "--handout"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--handout needs a lesson's number"), "\(refused.stderr)")
        let full = try SkyBinary.shell("\"$SKY\" lesson 1 --handout > /dev/full")
        #expect(full.status == 74)
        #expect(full.stderr.contains("the handout is lost"), "\(full.stderr)")
    }

    @Test("A lighter --work brings a part's cancel in with it, so the run is still cancelled partway; a cancel the spacing times stays")
    func cancelScalesWithWork() throws {
        // The unchecked-cancellation parts sweep 8 000 000 lines and cancel at 5 s; the cancellation lesson's serial part is timed
        // by its two-second gaps.
        let unchecked = try SkyBinary.run(["lesson", "\(try Self.number("unchecked-cancellation"))", "--no-tui", "--work", "100000"])
        #expect(unchecked.status == 0, "\(unchecked.stderr)")
        #expect(unchecked.stdout.components(separatedBy: " --work 100000 --cancel-after 63ms --no-tui\n").count == 3, "\(unchecked.stdout)")
        let parts = try Self.parts(of: try Self.number("cancellation"))
        #expect(parts.last?.contains("--spacing") == true)
        #expect(Self.printed(parts.last ?? [], work: 1).contains("--cancel-after 5.5s"))
    }

    @Test("Cancellation lesson: the cancels it asks for print no FAIL verdict; its end says what each cancel did, as the summary measured it")
    func cancellation() throws {
        let number = try Self.number("cancellation")
        let work = try Self.leastWork(of: number)
        let outcome = try SkyBinary.run(["lesson", "\(number)", "--no-tui", "--work", "\(work)"])
        try Self.checkShape(of: outcome, lesson: number, work: work)
        let out = outcome.stdout
        #expect(!out.contains("verdict: FAIL"))
        // The serial part cannot end before its cancel: six scans two seconds apart take ten. The
        // cancel comes at 5.5 s or, on a loaded machine, a little after. Only the serial part's
        // figures are read: on a slow enough machine the first part is cancelled at 3 s too.
        let serialPart = try #require(out.components(separatedBy: "\nPart 2 of 2: ").last?.components(separatedBy: "\nWhat the runs did\n").first)
        let cancelled = try #require(serialPart.firstMatch(of: /sky: cancelled after (\d+\.\d+) s/), "\(out)")
        #expect(try #require(Double(cancelled.1)) >= 5.5)
        let answers = try #require(out.components(separatedBy: "\nWhat the runs did\n").last).replacingOccurrences(of: "\n", with: " ")
        let serialAnswer = try #require(answers.components(separatedBy: "Part 2 (").last, "\(answers)")
        let came = try #require(serialAnswer.firstMatch(of: #/The cancel came at (\d+\.\d+) s, /#), "\(answers)")
        #expect(try #require(Double(came.1)) >= 5.5)
        #expect(answers.contains("into a gap: the loop was asleep until"), "\(answers)")
        // The same figure in the summary and in the answer.
        let summaryLine = try #require(out.split(separator: "\n").first { $0.contains("the serial loop's sleep between two scans ended") })
        let figure = try #require(summaryLine.split(separator: " ").dropLast(4).last)
        #expect(answers.contains("its sleep ended \(figure) ms later"), "\(summaryLine) / \(answers)")
        #expect(answers.contains("the loop started the scans in this order: "))
    }

    @Test("Throwing-loses-results lesson: the collecting body's throw discards finished results; the events, the summary and the answer give one count, above 0")
    func throwingLosesResults() throws {
        let number = try Self.number("throwing-loses-results")
        let arguments = try #require(try Self.parts(of: number).first)
        #expect(arguments.contains("collect"))
        let events = SkyBinary.temporaryPath("lesson13.jsonl")
        defer { try? FileManager.default.removeItem(atPath: events) }
        let run = try SkyBinary.run(arguments + ["--work", "500", "--no-tui", "--format", "json", "--events", events])
        #expect(run.status == 1, "a thrown failure: \(run.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let discarded = try #require(summary["discarded"] as? Int)
        #expect(discarded > 0)
        var fromEvents: Int?
        var collected: Set<Int> = []
        var cancelledAfterCollect = 0
        for line in try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n") {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            switch event["event"] as? String {
            case "discarded": fromEvents = event["count"] as? Int
            case "delivered": collected.insert(try #require(event["scan"] as? Int))
            case "cancelled" where collected.contains(event["scan"] as? Int ?? -1): cancelledAfterCollect += 1
            default: break
            }
        }
        #expect(fromEvents == discarded)
        #expect(!collected.isEmpty && cancelledAfterCollect == collected.count, "every collected result went with the throw")
        // Scans that completed after the throw are booked completed; the group dropped their results.
        #expect(summary["completed"] as? Int == discarded - collected.count)
        // The lesson says the count its own run's summary says.
        let lesson = try SkyBinary.run(["lesson", "\(number)", "--no-tui", "--work", "\(try Self.leastWork(of: number))"])
        let lost = Self.numbers(before: " finished results were discarded with the body's array", in: lesson.stdout)
        #expect(lost.count == 1 && lost[0] > 0, "\(lesson.stdout)")
        let answers = lesson.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(answers.contains(": \(lost.first ?? -1) discarded, as the summary says"), "\(answers)")
    }
}

extension LessonTests {
    @Test("docs/lessons.md's table has every lesson, by number, and the README points to it")
    func lessonsTable() throws {
        let text = try String(contentsOfFile: SkyBinary.packageRoot + "/docs/lessons.md", encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.dropFirst(2).first?.isNumber == true }
        #expect(rows.count == Self.files.count, "\(rows)")
        for number in Self.files.keys {
            #expect(rows.contains { $0.hasPrefix("| \(number) | ") }, "docs/lessons.md lists no lesson \(number)")
        }
        let readme = try String(contentsOfFile: SkyBinary.packageRoot + "/README.md", encoding: .utf8)
        #expect(readme.contains("(docs/lessons.md)") && readme.contains("(docs/teaching.md)"))
        // The lecturer's page has each lesson's question, what to see and the answer's figures.
        let teaching = try String(contentsOfFile: SkyBinary.packageRoot + "/docs/teaching.md", encoding: .utf8)
        for number in Self.files.keys {
            let section = try #require(teaching.components(separatedBy: "\n### \(number). ").dropFirst().first, "docs/teaching.md has no lesson \(number)")
            #expect(section.contains("`sky lesson \(number)`") && section.contains("- **Ask:**") && section.contains("- **The answer gives:**"))
        }
    }
}

extension LessonTests {
    @Test("On the dashboard: predict, c cancels part 1, Enter goes on to part 2, q ends the lesson; no verdict, and the end says what the cancel did")
    func dashboard() throws {
        // Wide enough for the whole hint beside a cancel's figures; tall, so the summaries and the
        // answers stay on the screen once the lesson has ended.
        let number = try Self.number("cancellation")
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) lesson \(number)", width: 140, height: 120)
        let asked = try terminal.waitForScreen { $0.contains("Your prediction (Enter to skip):") }
        #expect(asked.contains("Your prediction (Enter to skip):"), "\(asked)")
        try terminal.send("none left", "Enter")
        let ready = try terminal.waitForScreen { $0.contains("Press Enter to start it.") }
        #expect(ready.contains("Press Enter to start it."), "\(ready)")
        try terminal.send("Enter")
        // Not a steady screen: the clock moves until the part is cancelled.
        let running = try terminal.waitForScreen { $0.contains("SKY  lesson \(number), part 1 of 2: the task group") && $0.contains("c cancel") }
        #expect(running.contains("c cancel"), "\(running)")
        try terminal.send("c")
        let done = try terminal.waitForSteadyScreen { $0.contains("Enter: part 2, the serial queue   q: end the lesson") }
        #expect(done.contains("Enter: part 2, the serial queue   q: end the lesson"), "\(done)")
        #expect(done.contains("CANCELLED"), "\(done)")
        try terminal.send("x")
        try terminal.send("Enter")
        let between = try terminal.waitForScreen { $0.contains("Part 2 of 2: the serial queue") && $0.contains("Press Enter to start it.") }
        #expect(between.contains("sky: cancelled after"), "part 1's summary: \(between)")
        #expect(!between.contains("verdict"), "\(between)")
        try terminal.send("Enter")
        let second = try terminal.waitForScreen { $0.contains("SKY  lesson \(number), part 2 of 2: the serial queue") && $0.contains("q quit") }
        #expect(second.contains("SKY  lesson \(number), part 2 of 2: the serial queue"), "\(second)")
        try terminal.send("q")
        #expect(try terminal.exitStatus() == 0)
        let end = try terminal.screen()
        #expect(!end.contains("verdict"), "\(end)")
        #expect(end.contains("\nWhat the runs did\n"), "\(end)")
        #expect(end.contains("You predicted: none left"))
        #expect(end.contains("Part 1 (the task group): The cancel came at "), "\(end)")
        #expect(end.contains("\nQuestions\n"))
        let settings = try terminal.terminalSettings()
        #expect(settings.before == settings.after)
    }
}

extension LessonTests {
    @Test("Every lesson runs live at 80×24, one after another in one terminal: it asks, part 1 draws its dashboard, q ends the lesson, exit 0")
    func everyLessonLive() throws {
        let lessons = try Self.files.keys.sorted().map { ($0, try Self.leastWork(of: $0)) }
        // One terminal for them all, the shell going on to the next lesson at Enter: a terminal
        // each would cost more than the lessons do.
        let script = lessons.map { number, work in
            "clear; \(SkyBinary.url.path) lesson \(number) --work \(work); echo \"lesson \(number) exited $?\"; read next"
        }.joined(separator: "; ")
        let terminal = try TmuxTerminal(script, width: 80, height: 24)
        for (number, _) in lessons {
            let asked = try terminal.waitForScreen { $0.contains("Lesson \(number): ") && $0.contains("Your prediction (Enter to skip):") }
            #expect(asked.contains("Your prediction (Enter to skip):"), "lesson \(number): \(asked)")
            try terminal.send("Enter")
            let ready = try terminal.waitForScreen { $0.contains("Press Enter to start it.") }
            #expect(ready.contains("Press Enter to start it."), "lesson \(number): \(ready)")
            try terminal.send("Enter")
            let drawn = try terminal.waitForScreen { $0.contains(" SKY  lesson \(number), part 1 of ") }
            #expect(drawn.contains(" SKY  lesson \(number), part 1 of "), "lesson \(number): \(drawn)")
            try terminal.send("q")
            let ended = try terminal.waitForScreen { $0.contains("lesson \(number) exited ") }
            #expect(ended.contains("lesson \(number) exited 0"), "lesson \(number): \(ended)")
            try terminal.send("Enter")
        }
        #expect(try terminal.exitStatus() == 0)
        let settings = try terminal.terminalSettings()
        #expect(settings.before == settings.after)
    }
}
