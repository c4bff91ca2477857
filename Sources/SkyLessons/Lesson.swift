/// A guided lesson: a question to predict, then runs in parts, each with its own `sky` command and
/// what to watch in it, then questions. The answers come from the runs themselves
/// (`LessonAnswers`).
///
/// The texts are the Markdown files in Assets/lessons, built into the binary by the EmbedTexts
/// plugin; docs/lessons.md describes their format, which `init(file:text:)` reads.
public struct Lesson: Sendable {
    /// One run of the lesson.
    public struct Part: Sendable {
        /// From 1, in the order the parts run.
        public let number: Int
        /// A few words: `the task group`.
        public let name: String
        /// The run's arguments, without the leading `sky`.
        public let arguments: [String]
        /// What to look for while it runs.
        public let watch: String
        /// Texts from the lines of code the part is about, which the code panel marks: the
        /// backticked texts of its `Code:` line, if it has one.
        public let code: [String]
    }

    /// The number the file's name begins with (`9-cancellation.md` is lesson 9): its place in
    /// the course.
    public let number: Int
    /// The file's name without its number and `.md` (`cancellation`): the lesson's name whatever
    /// its place, which its answer is keyed by.
    public let slug: String
    public let title: String
    /// What the student is asked to predict before anything runs.
    public let predict: String
    public let parts: [Part]
    public let questions: String

    /// Every lesson whose file reads, by number.
    public static let all: [Lesson] = embeddedLessons.compactMap { try? Lesson(file: $0.file, text: $0.text) }.sorted { $0.number < $1.number }

    /// Every embedded file's problem, if it has one (a test holds this empty).
    public static var problems: [FormatError] {
        embeddedLessons.compactMap { file -> FormatError? in
            do throws(FormatError) {
                _ = try Lesson(file: file.file, text: file.text)
                return nil
            } catch {
                return error
            }
        }
    }

    /// The lesson numbered `number`, if there is one.
    public static func numbered(_ number: Int) -> Lesson? {
        all.first { $0.number == number }
    }

    /// Why a lesson file cannot be read.
    public struct FormatError: Error, CustomStringConvertible {
        public let file: String
        /// The line the problem is on, from 1; `nil` for a problem of the whole file.
        public let line: Int?
        public let problem: String

        public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(problem)" }
    }

    /// Reads `text`, the file named `file`: `# Title`, `## Predict`, then `## Part 1: name`,
    /// `## Part 2: name`… each with one indented `    sky …` line and its watch text, then
    /// `## Questions`.
    public init(file: String, text: String) throws(FormatError) {
        func fail(_ problem: String, line: Int? = nil) -> FormatError { FormatError(file: file, line: line, problem: problem) }
        guard let number = Int(file.prefix { $0.isNumber }) else { throw fail("the file's name does not begin with the lesson's number") }
        var title: String?
        var sections: [(heading: String, line: Int, body: [(line: Int, text: Substring)])] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("## ") {
                sections.append((String(line.dropFirst(3)), index + 1, []))
            } else if line.hasPrefix("# ") {
                guard title == nil, sections.isEmpty else { throw fail("a second title, or a title after a section", line: index + 1) }
                title = String(line.dropFirst(2))
            } else if sections.isEmpty {
                guard line.allSatisfy(\.isWhitespace) else { throw fail("text before the first section", line: index + 1) }
            } else {
                sections[sections.count - 1].body.append((index + 1, line))
            }
        }
        guard let title, !title.isEmpty else { throw fail("no `# Title` line") }
        func prose(_ body: [(line: Int, text: Substring)]) -> String {
            trimmed(body.map(\.text).joined(separator: "\n"))
        }
        var predict: String?
        var parts: [Part] = []
        var questions: String?
        for section in sections {
            if section.heading == "Predict", predict == nil, parts.isEmpty {
                predict = prose(section.body)
            } else if section.heading == "Questions", questions == nil, predict != nil, !parts.isEmpty {
                questions = prose(section.body)
            } else if section.heading.hasPrefix("Part "), predict != nil, questions == nil {
                parts.append(try Self.part(section.heading, number: parts.count + 1, body: section.body, at: section.line, fail: fail))
            } else {
                throw fail("`## \(section.heading)` is not a section here: the sections are Predict, Part 1…, Questions, in that order", line: section.line)
            }
        }
        guard let predict, !predict.isEmpty else { throw fail("no `## Predict` section, or an empty one") }
        guard !parts.isEmpty else { throw fail("no `## Part 1: name` section") }
        guard let questions, !questions.isEmpty else { throw fail("no `## Questions` section, or an empty one") }
        self.number = number
        slug = String(file.drop { $0.isNumber }.drop { $0 == "-" }.prefix { $0 != "." })
        self.title = title
        self.predict = predict
        self.parts = parts
        self.questions = questions
    }

    /// `## Part N: name`, with its one command line, at most one `Code:` line, and the watch text
    /// around them.
    private static func part(
        _ heading: String, number: Int, body: [(line: Int, text: Substring)], at line: Int, fail: (String, Int?) -> FormatError
    ) throws(FormatError) -> Part {
        let prefix = "Part \(number): "
        guard heading.hasPrefix(prefix), heading.count > prefix.count else {
            throw fail("expected `## \(prefix)name`, the parts numbered from 1 in order", line)
        }
        let commands = body.filter { $0.text.hasPrefix("    sky ") }
        guard commands.count == 1, let command = commands.first else {
            throw fail("a part has one command line, indented four spaces: `    sky …`; this one has \(commands.count)", line)
        }
        let codeLines = body.filter { $0.text.hasPrefix("Code:") }
        guard codeLines.count <= 1 else { throw fail("a part has at most one `Code:` line; this one has \(codeLines.count)", line) }
        var code: [String] = []
        if let codeLine = codeLines.first {
            let pieces = codeLine.text.split(separator: "`", omittingEmptySubsequences: false)
            code = pieces.indices.filter { $0 % 2 == 1 }.map { String(pieces[$0]) }
            guard pieces.count % 2 == 1, !code.isEmpty, !code.contains(where: \.isEmpty) else {
                throw fail("a `Code:` line names text from the part's code in backticks: Code: `continuation.onTermination`", codeLine.line)
            }
        }
        // The blank lines around the command and `Code:` lines close up to one, as a paragraph break.
        let rest = body.filter { $0.line != command.line && $0.line != codeLines.first?.line }.map(\.text)
        let watch = trimmed(rest.enumerated().filter { $0.offset == 0 || !($0.element.isEmpty && rest[$0.offset - 1].isEmpty) }.map(\.element).joined(separator: "\n"))
        guard !watch.isEmpty else { throw fail("a part says what to watch, beside its command", line) }
        return Part(
            number: number, name: String(heading.dropFirst(prefix.count)),
            arguments: command.text.split(separator: " ").dropFirst().map(String.init), watch: watch, code: code)
    }
}

/// `text` without the blank lines and spaces around it.
private func trimmed(_ text: String) -> String {
    String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
}
