import SkyCore
import Testing
@testable import SkyLessons

/// Each lesson's least work (`Lesson.leastWork`): measured for every lesson, by slug, and a safe
/// default for a lesson not yet measured.
@Suite("Lessons' least work")
struct LeastWorkTests {
    @Test("Every lesson's least work is measured, and every measured one is a lesson's")
    func everyLessonMeasured() {
        for lesson in Lesson.all {
            #expect(
                lesson.leastWorkIsMeasured,
                """
                lesson \(lesson.number) (\(lesson.slug)) has no least work of its own, so it refuses any --work lighter than its \
                heaviest part's, \(lesson.leastWork): find the lightest --work at which every part's answer still says what the \
                lesson claims, and set it under "\(lesson.slug)" in Lesson.leastWorkBySlug (Sources/SkyLessons/LeastWork.swift)
                """)
            #expect(RunConfiguration.workRange.contains(lesson.leastWork))
        }
        let slugs = Set(Lesson.all.map(\.slug))
        #expect(Set(Lesson.leastWorkBySlug.keys).subtracting(slugs).sorted() == [], "a least work for no lesson: renamed, or gone?")
        #expect(Lesson.workEveryLessonTakes == Lesson.all.map(\.leastWork).max())
    }

    @Test("A lesson not yet measured takes no lighter work than its heaviest part's own")
    func unmeasuredDefault() throws {
        let text = """
            # New
            ## Predict
            P
            ## Part 1: light
                sky --work 300_000 --seed 1
            W
            ## Part 2: heavy
                sky --work 2000000 --seed 1
            W
            ## Part 3: the default
                sky --seed 1
            W
            ## Questions
            Q
            """
        let lesson = try Lesson(file: "99-not-yet-measured.md", text: text)
        #expect(!lesson.leastWorkIsMeasured)
        #expect(lesson.parts.map(\.ownWork) == [300_000, 2_000_000, RunConfiguration.defaultWork])
        #expect(lesson.leastWork == 2_000_000)
    }
}
