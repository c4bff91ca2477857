/// `sky lesson N --handout`: the lesson on one page of Markdown, for a class to fill in on paper or
/// in an editor: the question to predict with room for the prediction, each part's command with
/// room for what the student saw, and the questions, each with room for an answer. Nothing runs:
/// the figures are the student's to write down.
public enum Handout {
    /// Room to write, after a label: a line of underscores alone would be a rule in Markdown.
    static func blank(_ label: String) -> String {
        label + " " + String(repeating: "_", count: max(10, 72 - label.count))
    }

    /// The handout of `lesson`, its parts run as `commands` (each part's arguments, without `sky`).
    public static func markdown(_ lesson: Lesson, commands: [[String]]) -> String {
        var lines = ["# Lesson \(lesson.number): \(lesson.title)", "", blank("Name:"), "", "## Predict", "", lesson.predict, ""]
        lines += [blank("My prediction:"), "", blank("Why:"), ""]
        for (part, arguments) in zip(lesson.parts, commands) {
            lines += ["## Part \(part.number): \(part.name)", "", "    sky " + arguments.joined(separator: " "), ""]
            lines += [blank("What I saw:"), "", blank("Its figures:"), ""]
        }
        lines += ["## Questions", ""] + answered(lesson.questions)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The questions, a numbered list, with a line to answer on after each one.
    static func answered(_ questions: String) -> [String] {
        var lines: [String] = []
        for line in questions.split(separator: "\n", omittingEmptySubsequences: false) {
            let isItem = line.first?.isNumber == true && line.drop { $0.isNumber }.hasPrefix(". ")
            if isItem && !lines.isEmpty { lines += ["", "   " + blank("Answer:"), ""] }
            lines.append(String(line))
        }
        return lines + ["", "   " + blank("Answer:")]
    }
}
