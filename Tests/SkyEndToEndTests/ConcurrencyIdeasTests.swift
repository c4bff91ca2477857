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

    @Test("--take with a stream: the consumer takes its results and goes; onTermination cancels the producer at once")
    func streamTake() throws {
        let files = try RunFiles()
        let outcome = try SkyBinary.run([
            "--strategy", "stream", "--take", "2", "--total", "12", "--batch", "3", "--seed", "5", "--work", "20000",
            "--format", "json", "--events", files.events,
        ])
        #expect(outcome.status == 0)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(summary["ending"] as? String == "taken")
        #expect(summary["take"] as? Int == 2)
        #expect(summary["stopped_in_ms"] != nil)
        try files.expectCompleteEvents()

        let lines = try Self.engineLines(files)
        #expect((lines.first?["take"] as? Int) == 2)
        let stop = try #require(lines.firstIndex { $0["event"] as? String == "stopping" })
        #expect(lines[stop]["reason"] as? String == "taken")
        // The consumer stopped after its second result, and the stream terminated as it left.
        #expect(lines[..<stop].filter(Self.isEnd).count == 2)
        #expect(lines[stop + 1]["event"] as? String == "terminated")
        #expect(!lines[stop...].contains { $0["event"] as? String == "started" })
        #expect(lines.last?["event"] as? String == "finished" && lines.last?["reason"] as? String == "taken")

        // The record obeys the run book's rules: it replays.
        let replayed = try SkyBinary.run(["replay", files.events, "--no-tui"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout.contains("the consumer took 2 results and stopped taking"))
    }
}
