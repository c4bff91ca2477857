import Foundation
import SkyTUI
import Testing
@testable import SkyFrontEnd
@testable import SkyLessons

/// The lesson files' format (docs/lessons.md): `# Title`, `## Predict`, `## Part N: name` with one
/// `    sky …` line and its watch text, `## Questions`.
@Suite("The lesson format")
struct LessonFormatTests {
    static let good = """
        # Serial vs concurrent

        ## Predict

        How many times as long?

        ## Part 1: serial

            sky --strategy serial --total 8

        Only slot 0 is busy.

        ## Part 2: batched

        Before the command.

            sky --total 8 --batch 4

        After it.

        ## Questions

        1. Why?
        """

    @Test("Every lesson file in Assets/lessons reads, and each has an answer of its own")
    func everyFileReads() {
        #expect(Lesson.problems.map(\.description) == [])
        #expect(Lesson.all.count == embeddedLessons.count)
        #expect(Lesson.all.count >= 6)
        #expect(Set(Lesson.all.map(\.number)).count == Lesson.all.count, "two files with one number")
        for lesson in Lesson.all {
            #expect(LessonAnswers.answers(lesson.slug), "lesson \(lesson.number) has no answer in LessonAnswers.byLesson")
            #expect(lesson.parts.allSatisfy { $0.arguments.contains("--seed") }, "lesson \(lesson.number): a part without a seed is not repeatable")
        }
    }

    /// Words that say what the runtime does: the runtime or its pool, a count on a thread,
    /// escalation, the priority a task runs at.
    static var runtimeClaim: Regex<AnyRegexOutput> { try! Regex(#"runtime|pool|on a thread|escalat|r[au]ns? at (high|medium|low|background)"#) }

    /// Whether `text` speaks of the runtime without naming the toolchain and the platform it was measured on.
    static func claimsWithoutPlatform(_ text: String) -> Bool {
        let text = text.replacingOccurrences(of: "\n", with: " ")
        return text.contains(runtimeClaim) && !(text.contains("Swift 6.3.1") && text.contains("Linux"))
    }

    @Test("Every part has a `Code:` line, and each of its texts is in a line of code of the strategy file the part's command runs")
    func everyPartMarksItsCode() throws {
        for lesson in Lesson.all {
            for part in lesson.parts {
                let name = "lesson \(lesson.slug), part \(part.number)"
                #expect(!part.code.isEmpty, "\(name) has no `Code:` line: the code panel marks nothing for it")
                let source = StrategySource.of(try LessonRun.request(part.arguments).makeConfiguration())
                #expect(source.missing(part.code) == [], "\(name): in no line of code of \(source.path)")
            }
        }
    }

    @Test("A lesson, and each lesson's entry in docs/teaching.md, that says what the runtime or its pool does names the toolchain and the platform it was measured on")
    func runtimeClaimsNameTheirPlatform() throws {
        for file in embeddedLessons {
            #expect(!Self.claimsWithoutPlatform(file.text), "\(file.file) speaks of the runtime without naming where it was measured")
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let teaching = try String(contentsOf: root.appendingPathComponent("docs/teaching.md"), encoding: .utf8)
        // Each lesson's entry on its own, and the page before them.
        let sections = teaching.components(separatedBy: "\n### ")
        #expect(sections.count > Lesson.all.count)
        for section in sections {
            #expect(!Self.claimsWithoutPlatform(section), "docs/teaching.md: \(section.prefix { $0 != "\n" }) speaks of the runtime without naming where it was measured")
        }
        #expect(Self.claimsWithoutPlatform("`2 on a thread` on two cores") && !Self.claimsWithoutPlatform("how many run at once"))
    }

    @Test("A lesson reads into its title, prediction, parts (each a command and its watch text) and questions")
    func reads() throws {
        let lesson = try Lesson(file: "1-serial-vs-concurrent.md", text: Self.good)
        #expect(lesson.number == 1 && lesson.title == "Serial vs concurrent")
        #expect(lesson.predict == "How many times as long?")
        #expect(lesson.parts.map(\.name) == ["serial", "batched"])
        #expect(lesson.parts[0].arguments == ["--strategy", "serial", "--total", "8"])
        #expect(lesson.parts[0].watch == "Only slot 0 is busy.")
        #expect(lesson.parts[1].watch == "Before the command.\n\nAfter it.")
        #expect(lesson.questions == "1. Why?")
    }

    @Test("A file that breaks the format is refused, with its line and the problem", arguments: [
        ("## Predict", "## Guess", "`## Guess` is not a section here"),
        ("## Part 2: batched", "## Part 3: batched", "expected `## Part 2: name`"),
        ("## Part 2: batched", "## Part 2:", "expected `## Part 2: name`"),
        ("    sky --total 8 --batch 4", "    --total 8 --batch 4", "this one has 0"),
        ("After it.", "    sky --total 1", "this one has 2"),
        ("Only slot 0 is busy.", "", "says what to watch"),
        ("1. Why?", "", "no `## Questions` section, or an empty one"),
        ("# Serial vs concurrent", "Serial vs concurrent", "text before the first section"),
        ("Only slot 0 is busy.", "Code: `a`\nCode: `b`\nOnly slot 0 is busy.", "at most one `Code:` line; this one has 2"),
        ("Only slot 0 is busy.", "Code: the loop\nOnly slot 0 is busy.", "names text from the part's code in backticks"),
        ("Only slot 0 is busy.", "Code: `a`, `b\nOnly slot 0 is busy.", "names text from the part's code in backticks"),
        ("Only slot 0 is busy.", "Code: ``\nOnly slot 0 is busy.", "names text from the part's code in backticks"),
    ])
    func refused(replacing: String, with: String, problem: String) {
        let text = Self.good.replacing(replacing, with: with)
        #expect(throws: Lesson.FormatError.self) { try Lesson(file: "1-x.md", text: text) }
        do {
            _ = try Lesson(file: "1-x.md", text: text)
        } catch {
            #expect(error.description.contains(problem), "\(error)")
            #expect(error.description.hasPrefix("1-x.md"))
        }
    }

    @Test("A part's `Code:` line names the lines it is about, in backticks, and is not part of what to watch")
    func code() throws {
        let text = Self.good.replacing("After it.", with: "Code: `while let scan`, `group.addTask(`\n\nAfter it.")
        let lesson = try Lesson(file: "1-x.md", text: text)
        #expect(lesson.parts[0].code == [])
        #expect(lesson.parts[1].code == ["while let scan", "group.addTask("])
        #expect(lesson.parts[1].watch == "Before the command.\n\nAfter it.")
    }

    @Test("The lesson's number is the one its file's name begins with")
    func number() throws {
        #expect(try Lesson(file: "13-throwing.md", text: Self.good).number == 13)
        #expect(throws: Lesson.FormatError.self) { try Lesson(file: "throwing.md", text: Self.good) }
    }
}
