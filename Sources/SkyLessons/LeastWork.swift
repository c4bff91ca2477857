import SkyCore

/// The lightest `--work` each lesson takes: below it, what the lesson is about can no longer be
/// seen in its runs, so `sky lesson N --work W` refuses it rather than answer a run that shows
/// nothing (a cancel that comes before the scans are in the group, a partner that ends before its
/// pair's failure, two parts too short to tell apart).
///
/// Keyed by the lesson's slug, as its answer is (`LessonAnswers`), so the lessons can be put in
/// another order by renaming their files.
extension Lesson {
    /// Each lesson's least work, by slug: the lightest work at which every part's answer still says
    /// what the lesson claims, found by running each lesson, release build, at lighter and lighter
    /// works on 2 busy cores (Swift 6.3.1, Linux), with room to spare.
    static let leastWorkBySlug: [String: Int] = [
        // At 500 every partner ends before its pair's failure: nothing to cancel.
        "async-let": 10_000,
        // A scan of 14 ms dwarfs a child's start; a busy machine says so beside the speed-up.
        "serial-vs-concurrent": 20_000,
        // At 5000 a high scan can finish among the mediums.
        "priorities": 10_000,
        // At 500 `for try await` finds its siblings already ended: 1 of 18 cancelled.
        "reduce-and-wait-for-all": 5_000,
        // At 500 both parts end their first scan within a millisecond.
        "unbounded-vs-batched": 5_000,
        // At 10000, once in four, the failure comes before the body's third result.
        "body-returns-early": 50_000,
        // The throw discards finished results at any work.
        "throwing-loses-results": 0,
        // Below it the throw finds 0 or 1 sibling to cancel (3 at its own work).
        "errors-result-vs-throw": 10_000,
        // At 500 the cancel comes at 1 ms, before the window holds 4 scans; here at 12.5 ms. A
        // light scan keeps the serial part's cancel in a gap between two scans.
        "cancellation": 5_000,
        // The cancel comes at 12.5 ms; at 2000 it found 1 and 3 scans in the group.
        "check-cancellation-or-is-cancelled": 20_000,
        // At 500 the scans end before the cancel: nothing to stop.
        "unchecked-cancellation": 20_000,
        // At 2000 part 2's scans ended before the cancel.
        "cancellation-handler": 20_000,
        // The failure cancels the group, and the children added after it end cancelled (part 1) or
        // are never added (part 2) at any work, down to 0.
        "add-unless-cancelled": 0,
        // Both parts book the same outcomes at any work.
        "discarding-group": 0,
        // Below it 1 or 2 scans run at the termination (3 at its own work).
        "stream-termination": 10_000,
        // At 2000 the cancel found 3 tasks running, not 4.
        "unstructured-tasks": 20_000,
        // Inheriting a task-local value takes no work.
        "task-local-values": 0,
        // At 500 a task can end before the loop awaits it, and is not raised.
        "priority-escalation": 5_000,
        // At 500 the reentrant actor ran 2 jobs at once, not 8.
        "queue-inside-an-actor": 5_000,
        // The racy catalogue loses updates at any work.
        "actor-reentrancy": 0,
    ]

    /// Whether this lesson's least work was measured (a test asks every lesson's author to).
    public var leastWorkIsMeasured: Bool { Self.leastWorkBySlug[slug] != nil }

    /// The lightest `--work` this lesson takes. A lesson not yet measured takes no lighter work
    /// than its heaviest part's own: the work its claims were written for.
    public var leastWork: Int {
        Self.leastWorkBySlug[slug] ?? parts.map(\.ownWork).max() ?? RunConfiguration.defaultWork
    }

    /// The lightest `--work` every lesson takes.
    public static var workEveryLessonTakes: Int { all.map(\.leastWork).max() ?? 0 }
}

extension Lesson.Part {
    /// The `--work` its command gives (a whole number, underscores allowed), or the run's default.
    public var ownWork: Int {
        arguments.firstIndex(of: "--work").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1].filter { $0 != "_" }) : nil }
            ?? RunConfiguration.defaultWork
    }
}
