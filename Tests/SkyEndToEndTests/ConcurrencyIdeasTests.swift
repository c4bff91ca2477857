#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// The runs that show one idea of structured concurrency each, as a lesson runs them: the binary,
/// headless, with its events file; every claim is read from the events and the summary.
@Suite("One idea a run", .serialized)
struct ConcurrencyIdeasTests {
    /// The events file's lines, without the thread samples (taken beside the engine, not by it).
    static func engineLines(_ files: borrowing RunFiles) throws -> [[String: Any]] {
        try files.eventLines().filter { $0["event"] as? String != "threads" }
    }

    static let terminalNames: Set<String> = ["completed", "failed", "verification_failed", "cancelled"]

    static func isEnd(_ line: [String: Any]) -> Bool { terminalNames.contains(line["event"] as? String ?? "") }

    /// Starts sky with `arguments`, a JSON summary and `files`' events file, sends it SIGINT once
    /// `starts` scans have started, and returns what it printed; `nil` if it never got that far.
    static func interrupt(_ arguments: [String], afterStarts starts: Int, _ files: borrowing RunFiles) throws -> SkyBinary.Outcome? {
        let (process, out, err) = try SkyBinary.launch(arguments + ["--format", "json", "--events", files.events])
        guard SkyBinary.waitForStarts(starts, in: files.events, of: process) else {
            Issue.record("sky never started \(starts) scans")
            return nil
        }
        kill(process.processIdentifier, SIGINT)
        return SkyBinary.finish(process, out, err)
    }

    /// Runs sky to its end with `arguments`, a JSON summary and `files`' events file; checks that it
    /// exits with `status` and that the events are complete. Returns the summary and the engine's lines.
    static func run(
        _ arguments: [String], _ files: borrowing RunFiles, status: Int32 = 0
    ) throws -> (summary: [String: Any], lines: [[String: Any]]) {
        let outcome = try SkyBinary.run(arguments + ["--format", "json", "--events", files.events])
        #expect(outcome.status == status, "\(outcome.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        try files.expectCompleteEvents()
        return (summary, try engineLines(files))
    }

    @Test("--take with a stream: the consumer takes its results and goes; onTermination cancels the producer at once")
    func streamTake() throws {
        let files = try RunFiles()
        let (summary, lines) = try Self.run(
            ["--strategy", "stream", "--take", "2", "--total", "12", "--batch", "3", "--seed", "5", "--work", "20000"], files)
        #expect(summary["ending"] as? String == "taken")
        #expect(summary["take"] as? Int == 2)
        #expect(summary["stopped_in_ms"] != nil)
        #expect((lines.first?["take"] as? Int) == 2)
        let stop = try #require(lines.firstIndex { $0["event"] as? String == "stopping" })
        #expect(lines[stop]["reason"] as? String == "taken")
        // The consumer stopped after its second result (another scan may have ended meanwhile,
        // its result not yet taken), and the stream terminated as it left.
        #expect(lines[..<stop].filter(Self.isEnd).count >= 2)
        #expect(lines[stop + 1]["event"] as? String == "terminated")
        #expect(!lines[stop...].contains { $0["event"] as? String == "started" })
        #expect(lines.last?["event"] as? String == "finished" && lines.last?["reason"] as? String == "taken")

        // The record obeys the run book's rules: it replays.
        let replayed = try SkyBinary.run(["replay", files.events, "--no-tui"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout.contains("the stream's consumer took 2 results and went"))
    }

    @Test("--ignore-cancellation: after Ctrl-C, the children that check stop at once; those that never check run to their end")
    func ignoredCancellation() throws {
        let files = try RunFiles()
        // Seed 3 makes two of the four scans never check.
        guard let outcome = try Self.interrupt(
            ["--ignore-cancellation", "0.5", "--total", "4", "--batch", "4", "--seed", "3", "--failure-rate", "0", "--work", "20000"],
            afterStarts: 4, files)
        else { return }
        #expect(outcome.status == 130)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let (all, checking) = (try #require(summary["stopped_in_ms"] as? Double), try #require(summary["checking_stopped_in_ms"] as? Double))
        #expect(checking < all)
        try files.expectCompleteEvents()

        let lines = try Self.engineLines(files)
        let stop = try #require(lines.firstIndex { $0["event"] as? String == "stopping" })
        #expect(lines[..<stop].filter { $0["event"] as? String == "started" }.count == 4)
        let ends = lines[stop...].filter(Self.isEnd)
        let neverChecks = { (line: [String: Any]) in line["checks_cancellation"] as? Bool == false }
        #expect(ends.filter(neverChecks).count == 2)
        #expect(ends.filter(neverChecks).allSatisfy { $0["event"] as? String == "completed" })
        #expect(ends.filter { !neverChecks($0) }.allSatisfy { $0["event"] as? String == "cancelled" })
        // The two that check had both stopped before either of the others ended.
        #expect(ends.prefix(2).allSatisfy { !neverChecks($0) })
    }

    @Test("--take with a group: the body returns, and the group waits for its running children, dropping what they return")
    func groupBodyReturns() throws {
        let files = try RunFiles()
        let (summary, lines) = try Self.run(
            ["--take", "3", "--total", "12", "--batch", "4", "--seed", "5", "--failure-rate", "0.3", "--work", "20000"], files)
        #expect(summary["ending"] as? String == "taken")
        let stop = try #require(lines.firstIndex { $0["event"] as? String == "stopping" })
        // Three taken, and any other that ended while the body took them: it stays in the group.
        let untaken = lines[..<stop].filter(Self.isEnd).count - 3
        #expect(untaken >= 0)
        let unawaited = lines[stop...].filter { Self.isEnd($0) && $0["slot"] != nil }
        #expect(!unawaited.isEmpty)
        #expect(!unawaited.contains { $0["event"] as? String == "cancelled" })
        let discarded = try #require(lines.firstIndex { $0["event"] as? String == "discarded" })
        #expect(lines[discarded]["count"] as? Int == unawaited.count + untaken)
        #expect(summary["discarded"] as? Int == unawaited.count + untaken)
        #expect(!lines[discarded...].contains { Self.isEnd($0) && $0["slot"] != nil })

        let replayed = try SkyBinary.run(["replay", files.events, "--no-tui"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout.contains("the group's body took 3 results and returned"))
    }

    @Test("sky compare batched stream --take: the group waits for its children and drops their results; the stream cancels them")
    func compareTake() throws {
        let outcome = try SkyBinary.run([
            "compare", "batched", "stream", "--take", "3", "--total", "12", "--batch", "4", "--seed", "5", "--failure-rate", "0",
            "--work", "20000", "--format", "json",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(runs.map { $0["ending"] as? String } == ["taken", "taken"])
        #expect((runs[0]["results_lost"] as? Int ?? 0) > 0)
        #expect(runs[1]["results_lost"] as? Int == 0)
        #expect((runs[0]["completed"] as? Int ?? 0) > 3)
        #expect((document["shared"] as? [String: Any])?["take"] as? Int == 3)
    }

    @Test("--strategy async-let: the first of a pair fails, and leaving the pair's scope cancels the second, then waits for it")
    func asyncLetPair() throws {
        let files = try RunFiles()
        // Seed 238: the first scan of the pair fails within its first thousand lines; the second would sweep all.
        // Nothing completed, so the verdict is FAIL and the status 1.
        let (summary, lines) = try Self.run(
            ["--strategy", "async-let", "--total", "2", "--seed", "238", "--failure-rate", "0.5", "--work", "200000"], files, status: 1)
        #expect(summary["ending"] as? String == "drained")
        #expect(summary["cancelled"] as? Int == 1)
        #expect(!lines.contains { $0["event"] as? String == "stopping" })
        let ends = lines.filter(Self.isEnd)
        #expect(ends.map { $0["event"] as? String } == ["failed", "cancelled"])
        #expect(ends.map { $0["slot"] as? Int } == [0, 1])

        let replayed = try SkyBinary.run(["replay", files.events, "--no-tui"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout.contains("1 cancelled as their pair's scope was left without awaiting them"))
    }

    @Test("--strategy unstructured: after Ctrl-C the loop returns and its tasks run on; with --task-bag, the bag cancels them",
          arguments: [false, true])
    func unstructured(bag: Bool) throws {
        let files = try RunFiles()
        guard let outcome = try Self.interrupt(
            // Every scan at medium, the run's own priority (UnstructuredTaskTests says why).
            ["--strategy", "unstructured", "--total", "8", "--batch", "4", "--seed", "3", "--failure-rate", "0", "--priorities", "0:100:0",
             "--work", bag ? "2000000" : "100000"] + (bag ? ["--task-bag"] : []),
            afterStarts: 4, files)
        else { return }
        #expect(outcome.status == 130)
        try files.expectCompleteEvents()
        let lines = try Self.engineLines(files)
        let returned = try #require(lines.firstIndex { ["orphaned", "bag_cancelled"].contains($0["event"] as? String ?? "") })
        #expect(lines[returned]["event"] as? String == (bag ? "bag_cancelled" : "orphaned"))
        let left = lines[(returned + 1)...].filter { Self.isEnd($0) && $0["slot"] != nil }
        #expect(lines[returned]["count"] as? Int == left.count && !left.isEmpty)
        #expect(left.allSatisfy { $0["event"] as? String == (bag ? "cancelled" : "completed") })

        let replayed = try SkyBinary.run(["replay", files.events, "--no-tui"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
    }

    @Test("--catalogue: racy counts fewer than it was handed exactly when writes came back stale; safe counts every one",
          arguments: ["racy", "safe"])
    func catalogue(mode: String) throws {
        let files = try RunFiles()
        let (summary, lines) = try Self.run(
            ["--strategy", "unbounded", "--total", "200", "--seed", "1", "--failure-rate", "0", "--work", "0", "--catalogue", mode], files)
        let tally = try #require(summary["catalogue"] as? [String: Any])
        let line = try #require(lines.first { $0["event"] as? String == "catalogue" })
        for key in ["expected", "counted", "stale_writes"] { #expect(line[key] as? Int == tally[key] as? Int, "\(key)") }
        let (expected, counted, stale) = (tally["expected"] as? Int ?? -1, tally["counted"] as? Int ?? -1, tally["stale_writes"] as? Int ?? -1)
        #expect(expected == 200)
        #expect(counted <= expected && (counted < expected) == (stale > 0))
        if mode == "safe" { #expect(counted == expected) }
    }
}
