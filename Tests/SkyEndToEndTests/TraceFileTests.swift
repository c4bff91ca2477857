#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// `--trace FILE`: the run as a Chrome trace that agrees with the events file and the summary, in
/// every strategy, and that stays valid JSON however the run ends.
@Suite("The trace file", .serialized)
struct TraceFileTests {
    @Test("Every strategy: one span per started scan, never overlapping on a slot's track, agreeing with the events file and the summary",
          arguments: [
            ["--strategy", "serial"], ["--strategy", "unbounded"], ["--strategy", "batched"], ["--strategy", "stream"],
            ["--errors", "throw"],
          ])
    func strategies(flags: [String]) throws {
        let files = try RunFiles()
        let outcome = try SkyBinary.run(
            ["--total", "30", "--batch", "3", "--work", "2000", "--seed", "6", "--failure-rate", "0.2", "--no-tui", "--format", "json"]
                + flags + files.flags)
        let throwing = flags.contains("throw")
        #expect(outcome.status == (throwing ? 1 : 0), "\(outcome.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(summary["trace_dropped"] as? Int == 0)
        let trace = try files.expectCompleteTrace()
        #expect(trace.spanCount("completed") == summary["completed"] as? Int)
        #expect(trace.spanCount("failed") == summary["failed"] as? Int)
        // Scans cancelled before they started have no span.
        let cancelledWaiting = try files.eventLines().filter { $0["event"] as? String == "cancelled" && $0["slot"] == nil }.count
        #expect(trace.spanCount("cancelled") + cancelledWaiting + (summary["not_started"] as? Int ?? 0) == summary["cancelled"] as? Int)
        // The name each scan read about itself: its child task's, or the serial loop's.
        let serial = flags.contains("serial")
        for span in trace.spans {
            let args = try #require(TraceReading.figures(span)?.args)
            let scan = try #require(args["scan"] as? Int)
            #expect(span["name"] as? String == "scan \(scan)")
            for key in ["priority_asked", "outcome", "wait_ms"] { #expect(args[key] != nil, "no \(key) in \(args)") }
            // A throwing group discards the reports of the scans it cancels, names and all.
            if throwing && args["outcome"] as? String == "cancelled" { continue }
            #expect(args["task"] as? String == (serial ? "serial loop" : "scan \(scan)"), "\(args)")
            // What the scan read of its priorities: a serial run's scans have no task of their own.
            #expect(args["priority_current"] != nil)
            #expect((args["priority_base"] == nil) == serial, "\(args)")
            switch args["outcome"] as? String {
            case "completed": #expect((args["checksum"] as? String)?.count == 16)
            case "failed": #expect(args["error"] as? String != nil)
            default: break
            }
        }
        #expect(!trace.phase("C").isEmpty, "no counters")
        if throwing { #expect(trace.instants.contains("throw")) }
    }

    @Test("--fail-fast and --duration show as instants where they stopped the run")
    func stops() throws {
        let failing = try RunFiles()
        let failFast = try SkyBinary.run(
            ["--total", "40", "--batch", "2", "--work", "2000", "--seed", "4", "--failure-rate", "0.5", "--fail-fast", "--no-tui"] + failing.flags)
        #expect(failFast.status == 1)
        #expect(try failing.expectCompleteTrace().instants.contains("fail fast"))
        let timed = try RunFiles()
        let timeUp = try SkyBinary.run(["--duration", "300ms", "--batch", "2", "--work", "20000", "--seed", "4", "--no-tui"] + timed.flags)
        #expect(timeUp.status == 0)
        #expect(try timed.expectCompleteTrace().instants.contains("time up"))
    }

    @Test("A trace on a full disk: exit 74, one line, and the events and metrics complete")
    func fullDisk() throws {
        let files = try RunFiles()
        let outcome = try SkyBinary.shell(
            "\"$SKY\" \(HostileOutputTests.quickRun) --format json --events \(files.events) --metrics-file \(files.metrics) --trace /dev/full")
        #expect(outcome.status == 74)
        #expect(HostileOutputTests.lines(outcome.stderr) == [
            "sky: error: the trace file is incomplete: a write failed (No space left on device); not even its end could be written, so it does not parse",
        ])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(VerdictJSON(summary).result == "untrustworthy")
        #expect(VerdictJSON(summary).reason.hasPrefix("the trace file is incomplete"))
        #expect(try files.expectCompleteEvents() == 50)
        try files.expectFinalMetrics(status: 74)
    }

    @Test("A trace past the size limit (ulimit -f) is cut back to whole events and closed: it still parses")
    func fileSizeLimit() throws {
        let files = try RunFiles()
        // 8 KiB: room for the metrics file (about 5 KiB on two CPUs), not for the spans of 50 scans (about 15 KiB).
        let outcome = try SkyBinary.shell(
            "ulimit -f 8; \"$SKY\" \(HostileOutputTests.quickRun) --metrics-file \(files.metrics) --trace \(files.trace)")
        #expect(outcome.status == 74)
        #expect(HostileOutputTests.lines(outcome.stderr) == ["sky: error: the trace file is incomplete: a write failed (File too large)"])
        let trace = try TraceReading(path: files.trace)
        #expect(trace.spans.count > 0 && trace.spans.count < 50)
        try files.expectFinalMetrics(status: 74)
    }
}
