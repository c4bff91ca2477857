import Foundation
import Testing

/// Lessons 1 and 19 headless: what each answer says is what its own run's summary printed.
extension LessonTests {
    /// The text after `What the runs did`, on one line.
    static func answers(of outcome: SkyBinary.Outcome) throws -> String {
        try #require(outcome.stdout.components(separatedBy: "\nWhat the runs did\n").last).replacingOccurrences(of: "\n", with: " ")
    }

    @Test("Async-let lesson: the partners the answer says Swift cancelled are as many as part 1's summary cancelled; the group's summary cancels none")
    func asyncLet() throws {
        let number = try Self.number("async-let")
        let work = try Self.leastWork(of: number)
        let outcome = try SkyBinary.run(["lesson", "\(number)", "--no-tui", "--work", "\(work)"])
        try Self.checkShape(of: outcome, lesson: number, work: work)
        let counts = outcome.stdout.matches(of: /completed (\d+)  failed (\d+)  cancelled (\d+)  \(scheduled/).map { Int($0.3) }
        #expect(counts.count == 2, "\(outcome.stdout)")
        let answers = try Self.answers(of: outcome)
        let part1 = try #require(answers.components(separatedBy: "Part 2 (").first)
        #expect(part1.components(separatedBy: "Swift cancelled its partner").count - 1 == counts.first ?? -1, "\(answers)")
        #expect(counts.last == 0)
        #expect(answers.contains(/0 cancelled; at most 2 in the group at once, (none|never more than [12]) seen on a thread\. No scan was cancelled/), "\(answers)")
    }

    @Test("Actor-reentrancy lesson: the answer's tally is the catalogue line of each part's own summary")
    func reentrancy() throws {
        let number = try Self.number("actor-reentrancy")
        let work = try Self.leastWork(of: number)
        let outcome = try SkyBinary.run(["lesson", "\(number)", "--no-tui", "--work", "\(work)"])
        try Self.checkShape(of: outcome, lesson: number, work: work)
        let tallies = outcome.stdout.matches(of: /catalogue \((racy|safe)\): expected (\d+), got (\d+)/).map { (String($0.1), String($0.2), String($0.3)) }
        #expect(tallies.map(\.0) == ["racy", "safe"], "\(outcome.stdout)")
        let answers = try Self.answers(of: outcome)
        for (mode, expected, counted) in tallies {
            #expect(answers.contains("the catalogue (\(mode)) was handed \(expected) results and counted \(counted)."), "\(answers)")
        }
        if let lost = outcome.stdout.firstMatch(of: /losing (\d+) updates/) {
            #expect(answers.contains("It lost \(lost.1) update"), "\(answers)")
        }
    }
}
