import Foundation
import SkyCore
@testable import SkyFormat
@testable import SkySoak
@testable import SkyCompare
@testable import SkyReport
import Testing

/// The comparison's figures, table and JSON, from real runs of the engine with cheap scans.
@Suite("sky compare: figures, checksums, table and JSON")
struct ComparisonTests {
    /// Cheap scans with some failures, so the runs are quick and the counts have something in them.
    static let shared = RunConfiguration(total: 24, batch: 3, seed: 8, failureRate: 0.25, work: 200)

    /// Runs each setting on `shared` in turn, as `sky compare` does; the CPU time is the
    /// process's over each run.
    static func compare(_ settings: [ComparedSetting], shared: RunConfiguration = shared) async -> Comparison {
        var comparison = Comparison(settings: settings, configuration: shared, cores: 2, replay: "sky compare")
        for setting in settings {
            let before = ProcessFigures.usage().cpuSeconds
            let summary = await ScanModel(configuration: setting.applied(to: shared)).run()
            let cpu = ProcessFigures.usage().cpuSeconds - before
            comparison.runs.append(ComparedRun(name: setting.name, snapshot: summary.snapshot, cpuSeconds: cpu, cores: 2))
        }
        return comparison
    }

    /// Every strategy that runs every scan it is given; `async-let` drops the second scan of a
    /// pair whose first failed (`asyncLetCannotAgree`).
    static let strategies = ScanStrategy.builtIn.filter { $0 != .asyncLet }.map { ComparedSetting.strategy($0) }

    @Test("async-let leaves scans unawaited when a pair's first fails: it drains, yet cannot agree, and the line says why")
    func asyncLetCannotAgree() async throws {
        // A pair whose first scan fails in its first half a percent of lines and whose second
        // would sweep them all: a seed chosen for that, so the second is surely cut short.
        func shared(_ seed: UInt64) -> RunConfiguration {
            RunConfiguration(total: 2, batch: 2, seed: seed, failureRate: 0.5, work: 200_000)
        }
        let seed = try #require((UInt64(0)..<100_000).first { seed in
            let plans = (0..<2).map(shared(seed).plan).sorted { ($0.priority, $0.index) < ($1.priority, $1.index) }
            return (plans[0].failure?.atLine ?? 200_000) < 1_000 && plans[1].failure == nil
        })
        let comparison = await Self.compare([.strategy(.batched), .strategy(.asyncLet)], shared: shared(seed))
        let pairs = comparison.runs[1]
        #expect(pairs.ending == .drained && pairs.counters.cancelled == 1)
        #expect(!pairs.drained)
        #expect(comparison.checksums.verdict == .differentScans)
        #expect(comparison.checksums.line.contains("async-let completed 0 of 2 (1 cancelled, left unawaited)"))
    }

    @Test("Every strategy runs the same scans: each drains, completes the same ones and the checksums agree")
    func strategiesAgree() async {
        let comparison = await Self.compare(Self.strategies)
        #expect(comparison.runs.map(\.name) == ["serial", "unbounded", "batched", "discarding", "reduce", "wait-for-all", "stream", "unstructured", "actor-queue", "actor-reentrant", "awaited", "unless-cancelled"])
        #expect(comparison.runs.allSatisfy { $0.drained })
        #expect(Set(comparison.runs.map(\.counters.completed)).count == 1)
        #expect(comparison.runs.allSatisfy { $0.counters.completed + $0.counters.failed == 24 && $0.resultsLost == 0 })
        let agreement = comparison.checksums
        #expect(agreement.verdict == .agree)
        #expect(agreement.line == "checksums agree: every run completed the same \(comparison.runs[0].counters.completed) scans with the same results")
        // Serial never runs two at once; unbounded puts every scan in the group.
        #expect(comparison.runs[0].maxRunning == 1)
        #expect(comparison.runs[2].maxRunning <= 3)
    }

    @Test("A thrown error stops its run early: the checksums cannot agree, and the table says why")
    func thrownRunCannotAgree() async throws {
        let comparison = await Self.compare([.errors(.result), .errors(.throw)])
        let thrown = comparison.runs[1]
        let scan = try #require(thrown.ending?.scan)
        #expect(thrown.ending == .thrown(scan: scan))
        #expect(thrown.counters.completed < comparison.runs[0].counters.completed)
        // Discarded results belong to scans the group cancelled when it threw.
        #expect(thrown.resultsLost <= thrown.counters.cancelled)
        #expect(thrown.counters.completed + thrown.counters.failed + thrown.counters.cancelled == 24)
        let agreement = comparison.checksums
        #expect(agreement.verdict == .differentScans)
        #expect(!agreement.agree)
        #expect(agreement.reason.contains("result completed \(comparison.runs[0].counters.completed) of 24;"))
        #expect(agreement.reason.contains("throw completed \(thrown.counters.completed) of 24 (thrown at scan \(scan))"))
        #expect(ComparisonTable.format(comparison).contains("  checksums cannot agree: the runs completed different scans: "))
    }

    @Test("Runs that each ran every scan yet differ are a fault, not different scans")
    func drainedRunsThatDiffer() async {
        var comparison = await Self.compare([.strategy(.serial), .strategy(.batched)])
        // One bit of one result flipped, as a fault would.
        comparison.runs[1].checksum ^= 1
        #expect(comparison.checksums.verdict == .differ)
        #expect(comparison.checksums.line.hasPrefix("checksums DIFFER: every run ran the same \(comparison.runs[0].counters.completed) scans"))
        comparison.runs.removeLast()
        #expect(comparison.checksums.verdict == .tooFew)
    }

    @Test("The CPU busy share is the CPU time over the wall time on every core")
    func cpuBusyShare() async {
        let summary = await ScanModel(configuration: Self.shared).run()
        var run = ComparedRun(name: "batched", snapshot: summary.snapshot, elapsed: .seconds(2), cpuSeconds: 1, cores: 2)
        #expect(run.cpuBusyShare == 0.25)
        run.cores = 1
        #expect(run.cpuBusyShare == 0.5)
        run.wall = .zero
        #expect(run.cpuBusyShare == 0)
    }

    @Test("The table: a column a run, a row a figure in the issue's order, every figure as the run has it")
    func table() async throws {
        let comparison = await Self.compare([.strategy(.serial), .strategy(.batched), .strategy(.stream)])
        let text = ComparisonTable.format(comparison)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "sky compare: the same 24 scans under serial, batched and stream, one run after another, on 2 cores")
        #expect(lines[1] == "  seed 8  batch 3  work 200 lines  priorities 20:50:30  failure rate 0.25  errors result")
        let header = try #require(lines.firstIndex { $0.hasSuffix("stream") && $0.contains("serial") })
        let rows = Array(lines[header..<(header + 1 + ComparisonTable.labels.count)])
        #expect(Set(rows.map(\.count)).count == 1, "every row as wide as the header:\n\(rows.joined(separator: "\n"))")
        #expect(rows.dropFirst().map { row in ComparisonTable.labels.first { row.hasPrefix("  " + $0 + " ") } } == ComparisonTable.labels)
        #expect(ComparisonTable.labels == [
            "ending", "wall time", "throughput", "CPU busy share", "most in the group", "most seen on a thread", "wait p50", "wait p95",
            "run p50", "run p95", "completed", "failed", "cancelled", "results lost", "checksum",
        ])
        func cells(_ label: String) -> [String] {
            let row = rows.first { $0.hasPrefix("  " + label + " ") }!.dropFirst(2 + label.count)
            // Cells are right-aligned and at least two spaces apart; a cell may hold one space.
            return row.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(cells("wall time") == comparison.runs.map { FixedPoint.fixed($0.wall.seconds, places: 2) + " s" })
        #expect(cells("CPU busy share") == comparison.runs.map { FixedPoint.fixed($0.cpuBusyShare * 100, places: 1) + "%" })
        #expect(cells("completed") == comparison.runs.map { "\($0.counters.completed)" })
        #expect(cells("most in the group") == comparison.runs.map { "\($0.maxRunning)" })
        #expect(cells("checksum").count == 3 && Set(cells("checksum")).count == 1)
        #expect(lines.contains { $0.hasPrefix("  checksums agree: ") })
        #expect(lines.last == "  replay: sky compare")
    }

    @Test("A run that measured no scan shows none for its times, not 0.0 ms")
    func nothingMeasured() async throws {
        let model = ScanModel(configuration: Self.shared)
        model.cancel()
        let cancelled = await model.run()
        #expect(cancelled.snapshot.runLatency.count == 0)
        var comparison = await Self.compare([.strategy(.serial)])
        comparison.runs.append(ComparedRun(name: "cancelled", snapshot: cancelled.snapshot, cpuSeconds: 0, cores: 2))
        let rows = ComparisonTable.format(comparison).split(separator: "\n").map(String.init)
        for label in ["wait p50", "wait p95", "run p50", "run p95"] {
            let row = try #require(rows.first { $0.hasPrefix("  " + label + " ") })
            #expect(row.hasSuffix(" none"), "\(row)")
            #expect(row.contains(" ms "), "the measured run keeps its time: \(row)")
        }
    }

    @Test("A stopped comparison lists the runs that did not run, and its columns are only the runs that ran")
    func stopped() async throws {
        var comparison = await Self.compare([.strategy(.serial)])
        comparison.settings = Self.strategies
        comparison.stopped = "stopped by SIGINT"
        let text = ComparisonTable.format(comparison)
        #expect(text.contains("  not run (stopped by SIGINT): unbounded, batched, discarding, reduce, wait-for-all, stream, unstructured, actor-queue, actor-reentrant, awaited, unless-cancelled"))
        #expect(text.contains("  checksums not compared: fewer than two runs ran"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(ComparisonJSON(comparison, exitStatus: 130).encoded().utf8)) as? [String: Any])
        #expect(json["not_run"] as? [String] == ["unbounded", "batched", "discarding", "reduce", "wait-for-all", "stream", "unstructured", "actor-queue", "actor-reentrant", "awaited", "unless-cancelled"])
        #expect(json["stopped"] as? String == "stopped by SIGINT")
        #expect((json["runs"] as? [Any])?.count == 1)
        #expect(json["checksums"] as? String == "too_few")
        #expect(json["exit_status"] as? Int == 130)
    }

    @Test("The JSON document: the shared settings once, every figure of each run, and whether the checksums agree")
    func json() async throws {
        let comparison = await Self.compare([.errors(.result), .errors(.throw)])
        let text = ComparisonJSON(comparison, exitStatus: 0).encoded()
        #expect(!text.contains("\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["compared"] as? String == "error_modes")
        #expect(json["names"] as? [String] == ["result", "throw"])
        #expect(json["checksums_agree"] as? Bool == false)
        #expect(json["checksums"] as? String == "different_scans")
        #expect(json["checksums_reason"] as? String == comparison.checksums.reason)
        #expect(json["stopped"] == nil)
        let shared = try #require(json["shared"] as? [String: Any])
        #expect(shared["seed"] as? Int == 8 && shared["total"] as? Int == 24 && shared["batch"] as? Int == 3)
        #expect(shared["strategy"] as? String == "batched")
        #expect(shared["error_mode"] == nil, "the compared setting is each run's own")
        let runs = try #require(json["runs"] as? [[String: Any]])
        #expect(runs.map { $0["error_mode"] as? String } == ["result", "throw"])
        for (run, figures) in zip(runs, comparison.runs) {
            #expect(run["ending"] as? String == figures.ending?.name)
            #expect(run["ending_scan"] as? Int == figures.ending?.scan)
            #expect(run["completed"] as? Int == figures.counters.completed)
            #expect(run["failed"] as? Int == figures.counters.failed)
            #expect(run["cancelled"] as? Int == figures.counters.cancelled)
            #expect(run["results_lost"] as? Int == figures.resultsLost)
            #expect(run["max_running"] as? Int == figures.maxRunning)
            #expect(run["most_seen_on_thread"] as? Int == figures.mostSeenOnThread)
            #expect(run["checksum"] as? String == Hex.format(figures.checksum))
            let wall = try #require(run["wall_seconds"] as? Double)
            let cpu = try #require(run["cpu_seconds"] as? Double)
            let share = try #require(run["cpu_busy_share"] as? Double)
            #expect(abs(share - cpu / (wall * 2)) < 1e-3 * max(1, share))
            let wait = try #require(run["wait_ms"] as? [String: Double])
            #expect(wait["p50"] == figures.wait.p50 && wait["p95"] == figures.wait.p95)
            let runTime = try #require(run["run_ms"] as? [String: Double])
            #expect(runTime["p50"] == figures.run.p50 && runTime["p95"] == figures.run.p95)
        }
    }
}
