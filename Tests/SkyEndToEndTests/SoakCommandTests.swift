import Foundation
import Testing

/// `sky soak` and the soak flags, run as a user or a fleet's job would run them.
@Suite("sky soak", .serialized)
struct SoakCommandTests {
    static func json(_ text: some StringProtocol) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("Injected corruption is caught by verification: exit status 2 (stress-ng's 'stressor failed'), in the summary, the events and the metrics")
    func corruptionCaught() throws {
        let events = SkyBinary.temporaryPath("corrupt.jsonl")
        let metrics = SkyBinary.temporaryPath("corrupt.prom")
        defer {
            try? FileManager.default.removeItem(atPath: events)
            try? FileManager.default.removeItem(atPath: metrics)
        }
        let outcome = try SkyBinary.run([
            // A total rather than a duration: the same scans, and so the same faults, on any machine.
            "soak", "--total", "40", "--work", "300", "--seed", "3", "--inject-corruption", "0.3", "--batch", "2",
            "--format", "json", "--events", events, "--metrics-file", metrics,
        ])
        #expect(outcome.status == 2, "\(outcome.stderr)")
        let summary = try Self.json(outcome.stdout)
        let faults = try #require(summary["verification_failures"] as? Int)
        #expect(faults > 0)
        #expect(VerdictJSON(summary).result == "fail")
        #expect(VerdictJSON(summary).reason.contains("possible hardware fault"))
        #expect(summary["exit_status"] as? Int == 2)
        #expect(summary["failed"] as? Int == 0)
        #expect(summary["verify"] as? Bool == true)
        let listed = try #require(summary["verification_errors"] as? [[String: Any]])
        #expect(listed.count == faults)
        #expect(listed.allSatisfy { $0["core"] is Int && ($0["thread"] as? Int ?? 0) > 0 && $0["checksum"] as? String != $0["expected_checksum"] as? String })
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").map(Self.json)
        let faulted = lines.filter { $0["event"] as? String == "verification_failed" }
        #expect(faulted.count == faults)
        #expect(faulted.allSatisfy { $0["core"] is Int && $0["thread"] is Int && $0["slot"] is Int })
        let samples = try RunFiles.samples(at: metrics)
        #expect(samples["sky_verification_failures_total"] == Double(faults))
        #expect(samples["sky_scans_total{outcome=\"verification_failed\"}"] == Double(faults))
        #expect(samples["sky_exit_status"] == 2)
        #expect(RunFiles.verdict(in: samples) == "fail")
        #expect(samples["sky_running"] == 0)
    }

    @Test("A run bounded by time alone ends by itself, drains, and passes")
    func durationEnds() throws {
        let outcome = try SkyBinary.run(["--duration", "200ms", "--work", "1000", "--batch", "2", "--failure-rate", "0", "--format", "json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let summary = try Self.json(outcome.stdout)
        #expect(summary["ending"] as? String == "time_up")
        #expect(summary["total"] == nil)
        #expect(summary["duration_seconds"] as? Double == 0.2)
        #expect(VerdictJSON(summary).result == "pass")
        let completed = try #require(summary["completed"] as? Int)
        let cancelled = try #require(summary["cancelled"] as? Int)
        #expect(completed > 0)
        #expect(completed + cancelled == summary["scheduled"] as? Int)
        #expect(cancelled <= 2)
    }

    @Test("--report-every with --format json: stdout is JSON Lines, the intervals and then the summary")
    func jsonLines() throws {
        let outcome = try SkyBinary.run([
            "soak", "--duration", "700ms", "--work", "200", "--batch", "2", "--report-every", "200ms", "--format", "json",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = try outcome.stdout.split(separator: "\n").map(Self.json)
        let intervals = lines.dropLast()
        #expect(intervals.count >= 3)
        for (number, interval) in intervals.enumerated() {
            #expect(interval["interval"] as? Int == number + 1)
            for key in ["scans_per_second", "scans_per_second_per_core", "mean_scans_per_second", "total_scans", "failed",
                        "verification_failures", "rss_bytes"] {
                #expect(interval[key] != nil, "missing \(key)")
            }
            #expect((interval["rss_bytes"] as? Int ?? 0) > 0)
        }
        let summary = try #require(lines.last)
        #expect(VerdictJSON(summary).result == "pass")
        let kept = try #require(summary["intervals"] as? [[String: Any]])
        #expect(kept.count == intervals.count)
        let scans = kept.compactMap { $0["scans"] as? Int }.reduce(0, +)
        #expect(scans == (summary["completed"] as? Int ?? -1) + (summary["failed"] as? Int ?? -1))
    }

    @Test("SIGTERM mid-soak cancels the scans and leaves a complete summary, events file and metrics file")
    func sigterm() throws {
        let events = SkyBinary.temporaryPath("soak-term.jsonl")
        let metrics = SkyBinary.temporaryPath("soak-term.prom")
        defer {
            try? FileManager.default.removeItem(atPath: events)
            try? FileManager.default.removeItem(atPath: metrics)
        }
        // Scans long enough (seconds in a debug build) that the signal finds them running.
        let (process, out, err) = try SkyBinary.launch([
            "soak", "--duration", "1h", "--batch", "2", "--work", "3000000", "--events", events, "--metrics-file", metrics,
            "--format", "json",
        ])
        guard SkyBinary.waitForStarts(2, in: events, of: process) else {
            Issue.record("sky never started two scans")
            return
        }
        kill(process.processIdentifier, SIGTERM)
        let outcome = SkyBinary.finish(process, out, err)
        #expect(outcome.status == 143)
        let summary = try Self.json(outcome.stdout)
        #expect(summary["ending"] as? String == "cancelled")
        #expect(VerdictJSON(summary).result == "untrustworthy")
        #expect(VerdictJSON(summary).reason.contains("SIGTERM"))
        let scheduled = try #require(summary["scheduled"] as? Int)
        var terminal: [Int: Int] = [:]
        for line in try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n") {
            let event = try Self.json(line)
            if ["completed", "failed", "cancelled", "verification_failed"].contains(event["event"] as? String ?? "") {
                terminal[event["scan"] as? Int ?? -1, default: 0] += 1
            }
        }
        #expect(terminal.count == scheduled)
        #expect(terminal.values.allSatisfy { $0 == 1 })
        let samples = try RunFiles.samples(at: metrics)
        #expect(samples["sky_running"] == 0)
        #expect(samples["sky_exit_status"] == 143)
        #expect(samples["sky_scans_total{outcome=\"cancelled\"}"] == summary["cancelled"] as? Double)
    }

    @Test("sky soak --help shows its defaults and examples; sky --help mentions sky soak")
    func help() throws {
        let soak = try SkyBinary.run(["soak", "--help"])
        #expect(soak.status == 0)
        #expect(soak.stdout.contains("--batch auto"))
        #expect(soak.stdout.contains("--inject-corruption"))
        #expect(soak.stdout.contains("2    FAIL: a result failed verification"))
        #expect(soak.stdout.contains("7    UNTRUSTWORTHY:"))
        let sky = try SkyBinary.run(["--help"])
        #expect(sky.stdout.contains("sky soak"))
    }
}
