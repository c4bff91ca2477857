import Testing
@testable import SkyLessons

/// `sky lesson N --handout`: one page of Markdown with the lesson's predictions, commands and
/// room for answers, for every lesson.
@Suite("Handouts")
struct HandoutTests {
    @Test("Every lesson's handout: its title, prediction, each part's command and each question, with room to write after each; one page")
    func everyLesson() throws {
        #expect(!Lesson.all.isEmpty)
        for lesson in Lesson.all {
            let text = Handout.markdown(lesson, commands: lesson.parts.map(\.arguments))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(text.hasPrefix("# Lesson \(lesson.number): \(lesson.title)\n"))
            #expect(text.contains(lesson.predict))
            #expect(text.contains("My prediction: ___"))
            for part in lesson.parts {
                #expect(text.contains("## Part \(part.number): \(part.name)\n\n    sky \(part.arguments.joined(separator: " "))\n\nWhat I saw: ___"))
            }
            let questions = lines.filter { $0.first?.isNumber == true && $0.drop { $0.isNumber }.hasPrefix(". ") }
            #expect(!questions.isEmpty)
            #expect(lines.filter { $0.hasPrefix("   Answer: ___") }.count == questions.count, "lesson \(lesson.number)")
            // A line of underscores alone is a rule in Markdown, not room to write.
            #expect(!lines.contains { !$0.isEmpty && $0.allSatisfy { $0 == "_" || $0 == " " } })
            #expect(lines.count <= 90, "lesson \(lesson.number) takes \(lines.count) lines: more than a page")
        }
    }
}
