import Foundation
import Testing

@Suite("sky bench", .serialized)
struct BenchTests {
    /// `{"median": m, "min": a, "max": b}` with a ≤ m ≤ b, all finite.
    private func checkSpread(_ value: Any?, _ name: String) {
        guard let spread = value as? [String: Double], let median = spread["median"], let low = spread["min"],
            let high = spread["max"]
        else {
            Issue.record("\(name) is not a spread: \(String(describing: value))")
            return
        }
        #expect(Set(spread.keys) == ["median", "min", "max"], "\(name)")
        #expect(median.isFinite && low.isFinite && high.isFinite, "\(name)")
        #expect(low <= median && median <= high, "\(name)")
        #expect(low > 0 || name.hasSuffix("switches_per_scan"), "\(name) is zero")
    }

    @Test("--quick --format json: one object with every figure, its spread and the targets")
    func quickJSON() throws {
        let outcome = try SkyBinary.run(["bench", "--quick", "--format", "json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // stderr is not a terminal here, so no progress is drawn on it.
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        #expect(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(object["quick"] as? Bool == true)
        #expect(object["rounds"] as? Int == 3)
        let cores = try #require(object["cores"] as? Int)

        let kernel = try #require(object["kernel"] as? [String: Any])
        for key in ["swift_ns_per_line", "c_ns_per_line", "ratio"] { checkSpread(kernel[key], "kernel.\(key)") }
        #expect(kernel["inputs_checked"] as? Int == 3)
        #expect((kernel["checksum"] as? String)?.count == 16)

        let scaling = try #require(object["scaling"] as? [String: Any])
        let points = try #require(scaling["points"] as? [[String: Any]])
        let batches = points.compactMap { $0["batch"] as? Int }
        #expect(batches.first == 1 && batches.last == 2 * cores && batches.contains(cores))
        for point in points {
            for key in ["scans_per_second", "speedup", "efficiency"] { checkSpread(point[key], "scaling.\(key)") }
        }
        checkSpread(scaling["load"], "scaling.load")
        checkSpread(scaling["threads_efficiency"], "scaling.threads_efficiency")
        // Other load and steal are zero on a quiet machine, so only their shape is checked.
        for key in ["others", "steal"] {
            let spread = try #require(scaling[key] as? [String: Double])
            #expect(Set(spread.keys) == ["median", "min", "max"])
        }
        #expect(object["others_share"] is Double)
        #expect(object["steal_share"] is Double)

        let engine = try #require(object["engine"] as? [String: Any])
        for key in ["engine_scans_per_second", "bare_scans_per_second", "ratio", "prioritized_scans_per_second",
                    "ratio_to_prioritized", "empty_children_per_second", "ratio_to_empty_children",
                    "engine_switches_per_scan", "bare_switches_per_scan", "engine_cpu_us_per_scan",
                    "bare_cpu_us_per_scan", "cpu_cost_ratio"] {
            checkSpread(engine[key], "engine.\(key)")
        }
        // --quick: three rounds, three times over for the engine.
        #expect(engine["rounds"] as? Int == 9)

        let batching = try #require(object["batching"] as? [String: Any])
        #expect((batching["points"] as? [[String: Any]])?.compactMap { $0["batch"] as? Int } == [2, 64, 1024])
        checkSpread(batching["ratio"], "batching.ratio")
        #expect(batching["rounds"] as? Int == 9)
        #expect(object["baseline"] == nil)

        let dashboard = try #require(object["dashboard"] as? [String: Any])
        for key in ["headless_scans_per_second", "dashboard_scans_per_second", "ratio", "frames", "gap_p99_ms",
                    "gap_max_ms", "cpu_share"] {
            checkSpread(dashboard[key], "dashboard.\(key)")
        }
        #expect(dashboard["terminal"] as? String == "100x30")

        let targets = try #require(object["targets"] as? [[String: Any]])
        #expect(targets.compactMap { $0["figure"] as? String }
            == ["kernel.ratio", "scaling.points[batch=\(cores)].efficiency", "engine.ratio", "batching.ratio", "dashboard.ratio"])
        #expect(targets.allSatisfy { $0["met"] is Bool && $0["median"] is Double && $0["minimum"] is Double })
    }

    @Test("--quick prints the table: every section, the checksum agreement and the targets")
    func quickText() throws {
        let outcome = try SkyBinary.run(["bench", "--quick"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        for text in ["median", "Kernel against C", "Swift rate / C rate", "Scaling through the engine",
                     "load at batch", "Engine overhead", "Sky's rate / bare rate", "Batch size", "batch 1024 rate / batch 2 rate", "Dashboard cost",
                     "gap between frames, p99, ms", "host steal", "gave the same signals and checksum on 3 inputs", "Targets met:"] {
            #expect(outcome.stdout.contains(text), "missing \(text)")
        }
    }

    @Test("Bad input: one line naming the flag and what it accepts, exit status 64", arguments: [
        (["bench", "--rounds", "2"], "--rounds", "from 3 to 50"),
        (["bench", "--format", "xml"], "--format", "'text' or 'json'"),
        (["bench", "--total", "5"], "--total", "the options are --quick --rounds --format --save --baseline --fail-on-regression --version --help (see 'sky bench --help')"),
    ])
    func badInput(arguments: [String], flag: String, accepted: String) throws {
        let outcome = try SkyBinary.run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(flag))
        #expect(outcome.stderr.contains(accepted), "\(outcome.stderr)")
    }

    @Test("SIGINT stops the bench: the run in progress is cancelled, exit status 130, no figures")
    func interrupted() throws {
        // Fifty rounds take minutes in any build, so the signal lands while the bench runs.
        let (process, out, err) = try SkyBinary.launch(["bench", "--quick", "--rounds", "50"])
        #expect(SkyBinary.waitForHandler(of: SIGINT, in: process))
        kill(process.processIdentifier, SIGINT)
        let outcome = SkyBinary.finish(process, out, err)
        #expect(outcome.status == 130)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.isEmpty)
    }

    @Test("sky --help names the bench; sky bench --help explains it")
    func help() throws {
        #expect(try SkyBinary.run(["--help"]).stdout.contains("sky bench"))
        let help = try SkyBinary.run(["bench", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--quick"))
        #expect(help.stdout.contains("Exit status:"))
    }
}
