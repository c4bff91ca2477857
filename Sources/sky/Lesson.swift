/// A guided lesson: what to watch, a preset run, then questions. The texts are the Markdown files
/// in Assets/lessons, built into the binary by the EmbedTexts plugin.
struct Lesson {
    let number: Int
    let title: String
    /// The preset run's arguments, without the leading `sky`.
    let arguments: [String]
    let watch: String
    let questions: String

    /// Every lesson, in order.
    static let all: [Lesson] = embeddedLessons.compactMap { Lesson(file: $0.file, text: $0.text) }

    /// Reads `# Title`, the first indented `sky …` line, and the `## Watch` and `## Questions`
    /// sections; `nil` if any is missing (a test checks that every file parses).
    init?(file: String, text: String) {
        guard let number = Int(file.prefix { $0.isNumber }) else { return nil }
        var title: String?
        var command: [String]?
        var sections: [String: [Substring]] = [:]
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# ") {
                title = String(line.dropFirst(2))
            } else if line.hasPrefix("## ") {
                current = String(line.dropFirst(3))
            } else {
                if command == nil, line.hasPrefix("    sky ") {
                    command = line.split(separator: " ").dropFirst().map(String.init)
                    if current == nil { continue }
                }
                if let current { sections[current, default: []].append(line) }
            }
        }
        func section(_ name: String) -> String? {
            sections[name].map { $0.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        guard let title, let command, let watch = section("Watch"), let questions = section("Questions") else { return nil }
        self.number = number
        self.title = title
        arguments = command
        self.watch = watch
        self.questions = questions
    }
}
