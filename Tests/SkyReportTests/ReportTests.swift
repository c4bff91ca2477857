import Foundation
import Testing
import SkyCore
@testable import SkyFormat
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

    @Test("A run whose body cancelled its group at a failure (--errors cancel) drains, and its first line says the group cancelled the rest")
    func groupCancelledAtAFailure() async {
        // Seed 4 fails scan 3 among forty, with scans left to add after it.
        let config = RunConfiguration(total: 40, batch: 4, seed: 4, failureRate: 0.1, work: 0, errors: .cancel)
        let summary = await ScanModel(configuration: config).run()
        #expect(summary.ending == .drained && summary.counters.cancelled > 0)
        #expect(TextSummary.headline(summary) == "sky: finished \(summary.counters.finished) scans in \(FixedPoint.fixed(summary.snapshot.elapsed.seconds, places: 2)) s; \(summary.counters.cancelled) cancelled by their group, which its body cancelled at a failure")
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
        #expect(!TextSummary.format(summary, replay: "sky", view: .soak).contains("dashboard:"))
        // A teaching run leaves its frame figures out: they are the operator's.
        #expect(!TextSummary.format(summary, replay: "sky", dashboard: figures, view: .teaching).contains("dashboard:"))
        #expect(TextSummary.format(summary, replay: "sky", dashboard: figures, view: .soak)
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

    @Test("The summary's runtime priority line says what the scans read: each child task's base, what all ran at; in a serial run, that no priority reached the runtime",
          arguments: [ScanStrategy.batched, .serial])
    func runtimePriority(strategy: ScanStrategy) async throws {
        let config = RunConfiguration(total: 12, batch: 3, seed: 5, failureRate: 0.2, work: 500, strategy: strategy)
        // The run's task at medium, not awaited, which would raise it to the test's priority.
        let summary = await withCheckedContinuation { continuation in
            Task.detached(priority: .medium) { continuation.resume(returning: await ScanModel(configuration: config).run()) }
        }
        let line = TextSummary.format(summary, replay: "sky").split(separator: "\n").first { $0.contains("runtime priority") }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONSummary(summary, exitStatus: 0).encoded().utf8)) as? [String: Any])
        let runtime = try #require(json["runtime_priority"] as? [String: Any])
        #expect(json["priority_shift"] == nil)
        #expect(runtime["scans"] as? Int == 12)
        #expect(runtime["ran_at"] as? [String: Int] == ["high": 0, "medium": 12, "low": 0, "other": 0])
        switch strategy {
        case .serial:
            #expect(line == "  runtime priority: none reached it; the 12 scans ran inline in the loop's task, at medium (Task.currentPriority)")
            #expect(runtime["own_tasks"] as? Int == 0 && runtime["base_as_asked"] as? Int == 0)
        default:
            #expect(line == "  runtime priority: 12 of 12 child tasks kept their scan's priority as base (Task.basePriority); all 12 ran at medium (Task.currentPriority)")
            #expect(runtime["own_tasks"] as? Int == 12 && runtime["base_as_asked"] as? Int == 12)
        }
    }

    @Test("Readings that differ are listed by priority")
    func mixedRuntimePriority() {
        var readings = PriorityReadings()
        readings.note(asked: .high, ChildView(base: .high, current: .high))
        readings.note(asked: .low, ChildView(base: .medium, current: .medium))
        readings.note(asked: .low, ChildView(base: .low, current: TaskPriority(rawValue: 9)))
        readings.note(asked: .low, ChildView())
        #expect(TextSummary.runtimePriorityLine(readings)
            == "runtime priority: 2 of 3 child tasks kept their scan's priority as base (Task.basePriority); they ran at high 1, medium 1, other 1 (Task.currentPriority)")
        #expect(TextSummary.runtimePriorityLine(PriorityReadings()) == nil)
        var one = PriorityReadings()
        one.note(asked: .low, ChildView(base: .low, current: .medium))
        #expect(TextSummary.runtimePriorityLine(one)
            == "runtime priority: 1 of 1 child task kept its scan's priority as base (Task.basePriority); it ran at medium (Task.currentPriority)")
    }

    @Test("An async let run's line says the binding takes no priority, and how many bases matched all the same")
    func asyncLetRuntimePriority() {
        var readings = PriorityReadings()
        for asked in [ScanPriority.high, .medium, .low] { readings.note(asked: asked, ChildView(base: .medium, current: .medium)) }
        #expect(TextSummary.runtimePriorityLine(readings, strategy: .asyncLet)
            == "runtime priority: an async let takes none; 1 of 3 child tasks had their scan's as base all the same (Task.basePriority); all 3 ran at medium (Task.currentPriority)")
    }

    @Test("An unwritable events path is refused with the reason")
    func unwritableEvents() {
        #expect(throws: EventsFile.OpenError.self) { try EventsFile(path: "/nonexistent-dir/events.jsonl") }
    }
}
