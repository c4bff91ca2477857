import Foundation
import Testing
import SkyCore
@testable import SkyReport

@Suite("Headless reports")
struct ReportTests {
    @Test("Event lines carry the documented fields")
    func eventLines() {
        let started = ScanEvent(kind: .started, scan: 7, priority: .high, slot: 2, time: .milliseconds(1500))
        #expect(EventLine.format(started) == #"{"event":"started","scan":7,"priority":"high","time":1.500000,"slot":2}"# + "\n")
        let failed = ScanEvent(kind: .failed(.signalLost), scan: 3, priority: .low, slot: 0, time: .microseconds(12))
        #expect(EventLine.format(failed) == #"{"event":"failed","scan":3,"priority":"low","time":0.000012,"slot":0,"error":"signal lost"}"# + "\n")
        let queued = ScanEvent(kind: .cancelled, scan: 9, priority: .medium, slot: nil, time: .seconds(2))
        #expect(EventLine.format(queued) == #"{"event":"cancelled","scan":9,"priority":"medium","time":2.000000}"# + "\n")
    }

    @Test("Fixed-point figures round and pad", arguments: [
        (1.5, 2, "1.50"), (0.004, 2, "0.00"), (0.005, 2, "0.01"), (12.0, 0, "12"), (-0.25, 1, "-0.3"), (3.14159, 3, "3.142"),
    ])
    func fixed(value: Double, places: Int, text: String) {
        #expect(FixedPoint.fixed(value, places: places) == text)
    }

    @Test("Dashboard figures appear in the JSON and text summaries only for a dashboard run")
    func dashboardFigures() async throws {
        let summary = await ScanModel(configuration: RunConfiguration(total: 3, batch: 1, seed: 1, work: 0)).run()
        let figures = FrameFigures(frames: 90, gapP50Ms: 33, gapP99Ms: 35.5, gapMaxMs: 41.25, cpuSeconds: 0.05, cpuShare: 0.0125, counterLagMaxMs: 812.5)
        let headless = try #require(try JSONSerialization.jsonObject(with: Data(JSONSummary(summary, exitStatus: 0).encoded().utf8)) as? [String: Any])
        #expect(headless["dashboard"] == nil)
        let withDashboard = try #require(try JSONSerialization.jsonObject(
            with: Data(JSONSummary(summary, exitStatus: 0, dashboard: figures).encoded().utf8)) as? [String: Any])
        let dashboard = try #require(withDashboard["dashboard"] as? [String: Any])
        #expect(dashboard["frames"] as? Int == 90)
        #expect(dashboard["gap_p99_ms"] as? Double == 35.5)
        #expect(dashboard["gap_max_ms"] as? Double == 41.25)
        #expect(dashboard["cpu_share"] as? Double == 0.0125)
        #expect(dashboard["counter_lag_max_ms"] as? Double == 812.5)
        #expect(!TextSummary.format(summary, replay: "sky").contains("dashboard:"))
        #expect(TextSummary.format(summary, replay: "sky", dashboard: figures)
            .contains("dashboard: 90 frames, gap between frames p50 33.0 ms, p99 35.5 ms, max 41.3 ms; 0.05 s CPU (1.3% of the cores); counters lagged the scans by at most 813 ms"))
    }

    @Test("The JSON summary agrees with the events file")
    func summaryMatchesEvents() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sky-\(UInt64.random(in: 0...UInt64.max)).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try EventsFile(path: path)
        let config = RunConfiguration(total: 40, batch: 3, seed: 99, failureRate: 0.3, work: 1_000)
        let summary = await ScanModel(configuration: config, sinks: [file]).run()
        #expect(file.close() == nil)

        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONSummary(summary, exitStatus: 0).encoded().utf8)) as? [String: Any])
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let events = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        func count(_ name: String) -> Int { events.filter { $0["event"] as? String == name }.count }

        for key in ["total", "batch", "seed", "scheduled", "completed", "failed", "cancelled", "elapsed_seconds",
                    "scans_per_second", "max_running", "latency_ms", "errors"] {
            #expect(json[key] != nil, "missing \(key)")
        }
        #expect(json["scheduled"] as? Int == count("scheduled"))
        #expect(json["completed"] as? Int == count("completed"))
        #expect(json["failed"] as? Int == count("failed"))
        #expect(json["cancelled"] as? Int == count("cancelled"))
        #expect(json["total"] as? Int == 40)

        let errors = try #require(json["errors"] as? [[String: Any]])
        let failedEvents = events.filter { $0["event"] as? String == "failed" }
        #expect(errors.count == failedEvents.count)
        #expect(Set(errors.compactMap { $0["scan"] as? Int }) == Set(failedEvents.compactMap { $0["scan"] as? Int }))
        #expect(Set(errors.compactMap { $0["error"] as? String }).isSubset(of: Set(ScanFailure.allCases.map(\.rawValue))))

        var concurrent = 0
        var most = 0
        for event in events {
            switch event["event"] as? String {
            case "started": concurrent += 1; most = max(most, concurrent)
            case "completed", "failed": concurrent -= 1
            default: break
            }
        }
        #expect(json["max_running"] as? Int == most)
    }

    @Test("The text summary names the outcome, the seed to replay and each error")
    func textSummary() async {
        let config = RunConfiguration(total: 12, batch: 2, seed: 5, failureRate: 0.5, work: 500)
        let summary = await ScanModel(configuration: config).run()
        let text = TextSummary.format(summary, replay: "sky --total 12 --batch 2 --seed 5")
        #expect(text.hasPrefix("sky: finished 12 scans"))
        #expect(text.contains("seed 5"))
        #expect(text.contains("completed \(summary.counters.completed)  failed \(summary.counters.failed)  cancelled 0"))
        #expect(text.contains("replay: sky --total 12 --batch 2 --seed 5"))
        // Each time says who measured it: the run time is each child's own, the wait the actor's.
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("  run time  ms  p50 ") && $0.hasSuffix("(each scan's child, first line to last)") })
        #expect(lines.contains { $0.hasPrefix("  wait time ms  p50 ") && $0.hasSuffix("(the actor, scheduled to started)") })
        for error in summary.errors {
            #expect(text.contains("scan \(error.scan) (\(error.priority)): \(error.failure)"))
        }
    }

    @Test("An unwritable events path is refused with the reason")
    func unwritableEvents() {
        #expect(throws: EventsFile.OpenError.self) { try EventsFile(path: "/nonexistent-dir/events.jsonl") }
    }
}
