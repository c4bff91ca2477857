import Foundation
import SkyHostFixtures
import Testing

/// The Grafana dashboard and the alert rules in Assets/deploy name only metrics that sky writes:
/// checked against the metrics files of real short soaks, not against a list kept by hand. One soak
/// reads a fake host with thermal sensors and throttle counts (which this machine lacks), one this
/// machine's own /proc (whose CPU times move); a name must be a sample name in one of them.
@Suite("Assets/deploy: the dashboard and the alerts over the metrics sky writes", .serialized)
struct DeployMetricsTests {
    /// The sample names (without labels) of the metrics files of two real soaks, and the first's
    /// samples and JSON summary.
    static func written() throws -> (names: Set<String>, faked: [String: Double], summary: [String: Any]) {
        let files = try RunFiles()
        let host = FakeHost(cores: 4, packages: 1)
        defer { host.remove() }
        let fake = files.folder + "/fake.prom"
        let soak = "soak --duration 1s --work 300 --batch 2 --report-every 0.5s --no-tui --format json"
        let faked = try SkyBinary.shell(
            "SKY_HOST=node-7 SKY_HOST_ROOT='\(host.root)' \"$SKY\" \(soak) --metrics-file '\(fake)' --trace '\(files.trace)'")
        #expect(faked.status == 0, "\(faked.stderr)")
        let own = try SkyBinary.shell("\"$SKY\" \(soak) --metrics-file '\(files.metrics)'")
        #expect(own.status == 0, "\(own.stderr)")
        let samples = try RunFiles.samples(at: fake)
        let names = Set(try (Array(samples.keys) + Array(files.samples().keys)).map { String($0.prefix { $0 != "{" }) })
        return (names, samples, try SoakCommandTests.json(try #require(faked.stdout.split(separator: "\n").last)))
    }

    /// Every `sky_…` name in a PromQL expression: its string literals (label values, which may
    /// hold anything) taken out first, then each identifier that starts `sky_`. A histogram's
    /// series are named with their suffix (`sky_scan_duration_seconds_bucket`), as the file has them.
    static func metricNames(in expression: String) -> Set<String> {
        let code = expression.replacing(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/, with: "\"\"")
        return Set(code.matches(of: /[A-Za-z_:][A-Za-z0-9_:]*/).map { String($0.output) }.filter { $0.hasPrefix("sky_") })
    }

    /// The dashboard's queries: every panel target's `expr`, and the template variables' queries.
    static func dashboardExpressions() throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: SkyBinary.packageRoot + "/Assets/deploy/grafana-sky.json"))
        var found: [String] = []
        func walk(_ value: Any, key: String?) {
            if let object = value as? [String: Any] {
                for (key, child) in object { walk(child, key: key) }
            } else if let array = value as? [Any] {
                for child in array { walk(child, key: key) }
            } else if let text = value as? String, ["expr", "query", "definition"].contains(key) {
                found.append(text)
            }
        }
        walk(try JSONSerialization.jsonObject(with: data), key: nil)
        return found
    }

    /// The rules' `expr` values: on their line (plain or quoted), or a block scalar (`>-`, `|`) on
    /// the lines below it that are indented further.
    static func ruleExpressions() throws -> [String] {
        let lines = try String(contentsOfFile: SkyBinary.packageRoot + "/Assets/deploy/sky-alerts.yaml", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        var found: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            let indent = line.prefix { $0 == " " }.count
            let text = line.dropFirst(indent)
            guard text.hasPrefix("expr:") else { continue }
            let value = text.dropFirst("expr:".count).trimmingCharacters(in: .whitespaces)
            guard value.hasPrefix(">") || value.hasPrefix("|") else {
                // A quoted value loses its quotes, or it would read as one string literal.
                let quoted = value.count >= 2 && ["\"", "'"].contains(value.first) && value.last == value.first
                found.append(quoted ? String(value.dropFirst().dropLast()) : value)
                continue
            }
            var block: [Substring] = []
            while index < lines.count, lines[index].prefix(while: { $0 == " " }).count > indent || lines[index].isEmpty {
                block.append(lines[index])
                index += 1
            }
            found.append(block.joined(separator: "\n"))
        }
        return found
    }

    @Test("Every sky_ metric the dashboard and the alert rules name is in a real metrics file; the file names the host")
    func namesAreWritten() throws {
        let (written, faked, summary) = try Self.written()
        let dashboard = try Self.dashboardExpressions().reduce(into: Set<String>()) { $0.formUnion(Self.metricNames(in: $1)) }
        let rules = try Self.ruleExpressions().reduce(into: Set<String>()) { $0.formUnion(Self.metricNames(in: $1)) }
        // What the files are meant to show: not vacuous, and the reading of a real histogram.
        #expect(dashboard.isSuperset(of: ["sky_verdict", "sky_last_success_timestamp_seconds", "sky_scan_duration_seconds_bucket",
                                          "sky_cpu_temperature_celsius", "sky_cpu_frequency_hertz", "sky_cpu_utilisation_ratio"]))
        #expect(rules.isSuperset(of: ["sky_verdict", "sky_verification_failures_total", "sky_last_success_timestamp_seconds"]))
        #expect(dashboard.subtracting(written).isEmpty, "the dashboard names metrics sky does not write: \(dashboard.subtracting(written).sorted())")
        #expect(rules.subtracting(written).isEmpty, "the alert rules name metrics sky does not write: \(rules.subtracting(written).sorted())")
        #expect(faked[#"sky_host_info{host="node-7",kernel="\#(FakeHost.kernel)",cpu_model="\#(FakeHost.cpuModel)"}"#] == 1)
        #expect(faked["sky_last_success_timestamp_seconds"] == faked["sky_run_end_timestamp_seconds"])
        // The start and the end are the summary's own.
        let utc = ISO8601DateFormatter()
        let started = try #require((summary["started_at"] as? String).flatMap(utc.date(from:)))
        let ended = try #require((summary["ended_at"] as? String).flatMap(utc.date(from:)))
        #expect(faked["sky_run_start_timestamp_seconds"] == started.timeIntervalSince1970)
        #expect(faked["sky_run_end_timestamp_seconds"] == ended.timeIntervalSince1970)
        #expect(faked["sky_dropped_events_total{file=\"trace\"}"] == 0)
    }

    @Test("The expressions are read as Prometheus reads them: names inside label values are no metric names")
    func namesFromExpressions() {
        #expect(Self.metricNames(in: #"rate(sky_scan_duration_seconds_bucket{job="sky_x", a='sky_y'}[5m]) / on(instance) sky_cores"#)
            == ["sky_scan_duration_seconds_bucket", "sky_cores"])
        #expect(Self.metricNames(in: #"node_uname_info{nodename="a\"sky_z"} unless on(instance) sky_build_info"#) == ["sky_build_info"])
    }

    @Test("A soak that fails keeps the last success of the pass before it, and says FAIL")
    func lastSuccessSurvivesFailure() throws {
        let files = try RunFiles()
        let passed = try SkyBinary.run(["soak", "--total", "6", "--work", "300", "--batch", "2", "--no-tui", "--metrics-file", files.metrics])
        #expect(passed.status == 0, "\(passed.stderr)")
        let before = try files.samples()
        let success = try #require(before["sky_last_success_timestamp_seconds"])
        #expect(success == before["sky_run_end_timestamp_seconds"])
        let failed = try SkyBinary.run([
            "soak", "--total", "40", "--work", "300", "--seed", "3", "--inject-corruption", "0.3", "--batch", "2", "--no-tui",
            "--metrics-file", files.metrics,
        ])
        #expect(failed.status == 2, "\(failed.stderr)")
        let after = try files.samples()
        #expect(after["sky_last_success_timestamp_seconds"] == success)
        #expect(try #require(after["sky_run_start_timestamp_seconds"]) >= success)
        #expect(RunFiles.verdict(in: after) == "fail")
    }
}
