#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SkyHost
import Testing
@testable import SkyCore
@testable import SkyFormat
@testable import SkySoak
@testable import SkyReport

/// What the metrics file says of the run as a whole: which sky on which host and when, the verdict
/// in three states, the scans' run times as a histogram, and the last success, which outlives the
/// runs that do not pass.
@Suite("The metrics file: identity, verdict, run times, last success")
struct MetricsFileTests {
    static func reading(_ verdict: Verdict.Result, status: Int32? = nil, ended: Int64? = nil) -> MetricsReading {
        var reading = MetricsReading(
            snapshot: SoakReportTests.snapshot(completed: 10, elapsed: .seconds(5)), elapsed: .seconds(5), cores: 2, residentBytes: 1,
            openDescriptors: 5, throttled: false, eventsDropped: 0, started: UTCTime(secondsSinceEpoch: 1_000), exitStatus: status, verdict: verdict)
        reading.ended = ended.map(UTCTime.init(secondsSinceEpoch:))
        return reading
    }

    static func samples(_ path: String) throws -> [String: Double] {
        try PrometheusText.parse(String(contentsOfFile: path, encoding: .utf8))
    }

    @Test("Build and host info, the start, and the end once the run has ended; label values escaped")
    func identity() throws {
        let host = HostDescription(name: "rack \"7\"\\b", kernel: "6.1.0-28-amd64", cpuModel: "AMD EPYC\n7B13")
        let file = MetricsFile(path: "unwritten.prom", host: host)
        var reading = Self.reading(.pass)
        reading.started = UTCTime(secondsSinceEpoch: 1_700_000_000)
        let running = try PrometheusText.parse(file.render(reading))
        #expect(running["sky_build_info{version=\"\(SkyVersion.current)\"}"] == 1)
        #expect(running[#"sky_host_info{host="rack \"7\"\\b",kernel="6.1.0-28-amd64",cpu_model="AMD EPYC\n7B13"}"#] == 1)
        #expect(running["sky_run_start_timestamp_seconds"] == 1_700_000_000)
        #expect(running["sky_run_end_timestamp_seconds"] == nil)
        let ended = try PrometheusText.parse(file.render(Self.reading(.fail, status: 1, ended: 1_700_000_600)))
        #expect(ended["sky_run_end_timestamp_seconds"] == 1_700_000_600)
        // What the host does not say is left out, not written empty.
        let unknown = MetricsFile(path: "unwritten.prom", host: HostDescription(name: "n", kernel: nil, cpuModel: nil))
        #expect(try PrometheusText.parse(unknown.render(Self.reading(.pass)))["sky_host_info{host=\"n\"}"] == 1)
    }

    @Test("The verdict is a state set: its own state 1, the other two 0", arguments: Verdict.Result.allCases)
    func verdictStates(verdict: Verdict.Result) throws {
        let samples = try PrometheusText.parse(SoakReportTests.metricsFile("unwritten.prom").render(Self.reading(verdict)))
        for state in Verdict.Result.allCases {
            #expect(samples["sky_verdict{verdict=\"\(state.rawValue)\"}"] == (state == verdict ? 1 : 0))
        }
        #expect(samples["sky_pass"] == nil)
    }

    @Test("The run times as a histogram: cumulative buckets, +Inf the count, and the sum, from the run's own")
    func runTimes() async throws {
        let summary = await ScanModel(configuration: RunConfiguration(total: 12, batch: 2, seed: 5, failureRate: 0.25, work: 200, verify: true)).run()
        var reading = Self.reading(.pass, status: 0)
        reading.snapshot = summary.snapshot
        let samples = try PrometheusText.parse(SoakReportTests.metricsFile("unwritten.prom").render(reading))
        let buckets = summary.snapshot.runBuckets
        #expect(buckets.count == summary.counters.finished)
        #expect(samples["sky_scan_duration_seconds_count"] == Double(summary.counters.finished))
        #expect(samples["sky_scan_duration_seconds_bucket{le=\"+Inf\"}"] == Double(summary.counters.finished))
        #expect(abs((samples["sky_scan_duration_seconds_sum"] ?? -1) - buckets.sum.seconds) < 1e-6)
        let written = ["0.001", "0.002", "0.005", "0.01", "0.02", "0.05", "0.1", "0.2", "0.5", "1", "2", "5", "10", "20", "50", "100"]
            .map { samples["sky_scan_duration_seconds_bucket{le=\"\($0)\"}"] }
        #expect(written == buckets.atMost.map { Double($0) })
        #expect(zip(buckets.atMost, buckets.atMost.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("A run that passes sets the last success; the writes after it carry it, in this run and the next, until one passes")
    func lastSuccessCarried() throws {
        let folder = try OutputPathTests.Folder()
        let path = folder.path + "/sky.prom"
        func lastSuccess() throws -> Double? { try Self.samples(path)["sky_last_success_timestamp_seconds"] }
        let first = SoakReportTests.metricsFile(path)
        try first.write(Self.reading(.pass))
        #expect(try lastSuccess() == nil, "no run has passed yet")
        try first.write(Self.reading(.pass, status: 0, ended: 2_000))
        #expect(try lastSuccess() == 2_000)
        // The same file goes on for a rerun (the dashboard's `r`), which fails: the pass stays.
        try first.write(Self.reading(.pass))
        try first.write(Self.reading(.fail, status: 2, ended: 2_500))
        #expect(try lastSuccess() == 2_000)

        // The next run fails, and one after it is stopped by a signal: the pass before them stays.
        let second = SoakReportTests.metricsFile(path)
        try second.write(Self.reading(.pass))
        #expect(try lastSuccess() == 2_000)
        try second.write(Self.reading(.fail, status: 2, ended: 3_000))
        #expect(try lastSuccess() == 2_000)
        let third = SoakReportTests.metricsFile(path)
        try third.write(Self.reading(.untrustworthy, status: 143, ended: 3_500))
        // A PASS whose status says otherwise (stdout lost after the verdict) is no success either.
        try third.write(Self.reading(.pass, status: 74, ended: 3_600))
        #expect(try lastSuccess() == 2_000)

        try SoakReportTests.metricsFile(path).write(Self.reading(.pass, status: 0, ended: 4_000))
        #expect(try lastSuccess() == 4_000)
        withExtendedLifetime(folder) {}
    }

    @Test("Only a well-formed line gives a last success; anything else in the old file gives none", arguments: [
        ("", nil), ("sky_last_success_timestamp_seconds 1700000000\n", 1_700_000_000),
        ("\u{0}\u{FF}junk\n# HELP x\nsky_last_success_timestamp_seconds 12", 12),
        ("sky_last_success_timestamp_seconds 1700000000.5\n", nil), ("sky_last_success_timestamp_seconds 1e9\n", nil),
        ("sky_last_success_timestamp_seconds\n", nil), ("sky_last_success_timestamp_seconds \n", nil),
        ("sky_last_success_timestamp_seconds NaN\n", nil), ("sky_last_success_timestamp_seconds +Inf\n", nil),
        ("sky_last_success_timestamp_seconds -5\n", nil), ("sky_last_success_timestamp_seconds 0\n", nil),
        ("sky_last_success_timestamp_seconds 12abc\n", nil), ("sky_last_success_timestamp_seconds 12 1700000000000\n", nil),
        ("sky_last_success_timestamp_seconds{a=\"b\"} 5\n", nil), ("sky_last_success_timestamp_seconds_x 5\n", nil),
        ("sky_last_success_timestamp_seconds  5\n", nil), (String(repeating: "9", count: 400_000), nil),
        ("sky_last_success_timestamp_seconds 99999999999999999999\n", nil),
    ] as [(String, Int64?)])
    func lastSuccessParsed(text: String, value: Int64?) {
        #expect(LastSuccess.parse(text) == value)
    }

    @Test("The old file is read only if it is a regular file, without blocking or following a link; random bytes give nothing")
    func lastSuccessNodes() throws {
        let folder = try OutputPathTests.Folder()
        let valid = folder.path + "/valid.prom"
        #expect(FileManager.default.createFile(atPath: valid, contents: Data("sky_last_success_timestamp_seconds 77\n".utf8)))
        #expect(LastSuccess.read(from: valid) == 77)
        #expect(symlink(valid, folder.path + "/link.prom") == 0)
        #expect(LastSuccess.read(from: folder.path + "/link.prom") == nil)
        // A FIFO with no writer: a blocking open would wait for one for ever.
        #expect(mkfifo(folder.path + "/fifo.prom", 0o644) == 0)
        #expect(LastSuccess.read(from: folder.path + "/fifo.prom") == nil)
        #expect(LastSuccess.read(from: folder.path) == nil)
        #expect(LastSuccess.read(from: folder.path + "/missing.prom") == nil)
        let noise = try #require(FileHandle(forReadingAtPath: "/dev/urandom")).readData(ofLength: 1 << 16)
        #expect(FileManager.default.createFile(atPath: folder.path + "/noise.prom", contents: noise))
        #expect(LastSuccess.read(from: folder.path + "/noise.prom") == nil)
    }
}
