import Foundation
@testable import SkyHost
import SkyHostFixtures
import Testing
@testable import SkyCore
@testable import SkyFormat
@testable import SkySoak
@testable import SkyReport

/// The host's CPUs in the soak reports: interval lines, summaries, the metrics file, and the cause
/// named when the rate falls.
@Suite("Host figures in the soak reports")
struct HostReportTests {
    /// A watch over `host`, fed a sample at each of `times` (seconds); `change` runs before each
    /// sample after the first, with its index.
    static func watch(_ host: FakeHost, at times: [Int], change: (Int) -> Void = { _ in }) -> (HostWatch, HostFigures?) {
        let probe = HostProbe(root: HostRoot(host.root))
        var watch = HostWatch(missing: probe.missingReasons)
        var last: HostFigures?
        for (index, second) in times.enumerated() {
            if index > 0 { change(index) }
            last = watch.observe(probe.sample(), at: .seconds(second), verified: [], mismatches: [])
        }
        return (watch, last)
    }

    static let warning = ThrottleWarning(
        baseline: 4, lowestRate: 3, lowestAt: .seconds(150), firstAt: .seconds(120), active: true)

    @Test("counts that rose over the last minute name the cause: package and cores")
    func causeCounted() {
        let host = FakeHost(cores: 64, packages: 2)
        defer { host.remove() }
        // Samples every 30 s; the package counts rise between 60 and 120 s, core 3's too.
        let (watch, _) = Self.watch(host, at: [0, 30, 60, 90, 120]) { index in
            var core = Array(repeating: 0, count: 64)
            core[3] = index >= 3 ? 40 : 0
            host.setThrottleCounts(core: core, package: [index >= 3 ? 112 : 0, index >= 4 ? 200 : 0])
        }
        #expect(watch.cause == .counted(ThrottleCounts(core: 40, package: 312), over: .seconds(60)))
        let line = RunObservations(throttle: Self.warning, throttleCause: watch.cause).throttleLine
        #expect(line?.hasSuffix("(first seen at 2:00.0): thermal throttling: package throttled 312 times and cores 40 times in the last minute") == true)
    }

    @Test("counts that rose before the last minute, and not in it, leave the cause unknown")
    func causeUnknown() {
        let host = FakeHost(cores: 2)
        defer { host.remove() }
        let (watch, _) = Self.watch(host, at: [0, 30, 60, 90, 120]) { index in
            host.setThrottleCounts(core: [9, 0], package: [5])
        }
        #expect(watch.cause == .notCounted(over: .seconds(60)))
        let line = RunObservations(throttle: Self.warning, throttleCause: watch.cause).throttleLine
        #expect(line?.hasSuffix("cause unknown: the thermal_throttle counts did not rise in the last minute") == true)
    }

    @Test("a host without counts says cause unknown, and why")
    func causeWithoutCounts() {
        let host = FakeHost(cores: 2, hypervisor: true, thermal: .none, throttleCounts: false)
        defer { host.remove() }
        let (watch, _) = Self.watch(host, at: [0, 60])
        let line = RunObservations(throttle: Self.warning, throttleCause: watch.cause).throttleLine
        #expect(line?.hasSuffix("cause unknown (no thermal_throttle counts: virtual machine)") == true)
    }

    @Test("the interval's text names the busy range, the clock, the hottest core and the throttles")
    func intervalText() {
        let host = FakeHost(cores: 4)
        defer { host.remove() }
        let (_, figures) = Self.watch(host, at: [0, 10]) { _ in
            host.setTimes(busy: [10, 7, 10, 10], idle: [0, 3, 0, 0])
            host.setCelsius([60, 61, 71, 58])
            host.setMegahertz([2400, 2400, 1800, 2400])
            host.setThrottleCounts(core: [0, 0, 0, 0], package: [2])
        }
        let interval = IntervalFigures(
            start: .zero, end: .seconds(10), scans: 40, totalScans: 40, failed: 0, verificationFailures: 0, residentBytes: 0, cores: 4,
            throttled: false)
        #expect(IntervalLine.text(interval, number: 1, host: figures!).hasSuffix(
            "  cores 70-100% busy, 1800-2400 MHz, hottest 71°C on core 2, throttled 2 times (package 2, cores 0)"))
    }

    @Test("a throttled interval's mark names the cause, as text and as JSON; an interval that is not throttled names none")
    func intervalMark() throws {
        var interval = IntervalFigures(
            start: .seconds(110), end: .seconds(120), scans: 30, totalScans: 400, failed: 0, verificationFailures: 0, residentBytes: 0,
            cores: 2, throttled: true)
        let cause = ThrottleCause.counted(ThrottleCounts(core: 0, package: 312), over: .seconds(60))
        #expect(IntervalLine.text(interval, number: 12, cause: cause).hasSuffix(
            "THROTTLED? the rate is more than 10% below the first minute's: thermal throttling: package throttled 312 times in the last minute"))
        let object = try #require(JSONSerialization.jsonObject(with: Data(IntervalLine.json(interval, number: 12, cause: cause).utf8)) as? [String: Any])
        #expect(object["throttle_cause"] as? String == "thermal throttling: package throttled 312 times in the last minute")
        interval.throttled = false
        #expect(!IntervalLine.json(interval, number: 12, cause: cause).contains("throttle_cause"))
        #expect(!IntervalLine.text(interval, number: 12, cause: cause).contains("thermal"))
    }

    @Test("the interval's JSON lists every one of 64 cores, null where the host has no sensor")
    func intervalJSON() throws {
        let host = FakeHost(cores: 64, hypervisor: true, cpufreq: false, thermal: .none, throttleCounts: false)
        defer { host.remove() }
        let (_, figures) = Self.watch(host, at: [0, 10]) { _ in
            host.setTimes(busy: Array(repeating: 9, count: 64), idle: Array(repeating: 1, count: 64))
        }
        let interval = IntervalFigures(
            start: .zero, end: .seconds(10), scans: 40, totalScans: 40, failed: 0, verificationFailures: 0, residentBytes: 0, cores: 64,
            throttled: false)
        let line = IntervalLine.json(interval, number: 1, host: figures!)
        let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let perCore = try #require(object["per_core"] as? [[String: Any]])
        #expect(perCore.count == 64)
        #expect(perCore[63]["core"] as? Int == 63)
        #expect(perCore[63]["utilisation"] as? Double == 0.9)
        #expect(perCore[63]["mhz"] as? Double == 2400)
        #expect(perCore[63]["celsius"] is NSNull)
        #expect(perCore[63]["verified"] is NSNull)
        #expect(object["throttle_counts"] == nil)
        #expect(IntervalLine.text(interval, number: 1, host: figures!).hasSuffix("cores 90% busy, 2400 MHz, temperature n/a, throttle counts n/a"))
    }

    @Test("the JSON summary: every core, the reasons, the throttle counts, the host's steal; ranges past 1024 cores")
    func summary() async throws {
        let run = await ScanModel(configuration: RunConfiguration(total: 2, batch: 2, seed: 1, work: 0)).run()
        let rows = (0..<2048).map { CoreRow(cpu: $0, utilisation: 1, megahertz: 2400, celsius: $0 == 77 ? 90 : 60, verified: 3, mismatches: 0) }
        var observations = RunObservations(
            host: HostFigures(rows: rows, missing: ["no cpufreq: MHz from /proc/cpuinfo"], throttle: ThrottleCounts(core: 4, package: 312)),
            hostSteal: 0.0234)
        var summary = JSONSummary(run, exitStatus: 0, observations: observations)
        #expect(summary.run.perCore?.count == 1024)
        #expect(summary.run.perCore?[38] == JSONSummary.CoreEntry(CoreRow(cpu: 0, utilisation: 1, megahertz: 2400, celsius: 90, verified: 6, mismatches: 0)).ranged("76-77", worst: 77))
        #expect(summary.run.sensorsMissing == ["no cpufreq: MHz from /proc/cpuinfo"])
        #expect(summary.run.throttleCounts == JSONSummary.ThrottleCountsEntry(core: 4, package: 312))
        #expect(summary.run.hostSteal == 0.0234)
        let text = summary.encoded()
        #expect(text.contains("\"host_steal\":0.0234"))
        #expect(text.contains("\"throttle_counts\":{\"core\":4,\"package\":312}"))
        #expect(text.contains("{\"celsius\":60,\"cores\":\"0-1\",\"mhz\":2400,\"mismatches\":0,\"utilisation\":1,\"verified\":6,\"worst\":0}"))

        observations.host?.rows = Array(rows.prefix(64))
        observations.host?.throttle = nil
        observations.hostSteal = nil
        summary = JSONSummary(run, exitStatus: 0, observations: observations)
        #expect(summary.run.perCore?.map(\.core) == Array(0..<64))
        #expect(summary.run.throttleCounts == nil)
        #expect(!summary.encoded().contains("host_steal"))
        #expect(!summary.encoded().contains("throttle_counts"))
        // A run without host samples has none of these keys.
        #expect(!JSONSummary(run, exitStatus: 0).encoded().contains("per_core"))
    }

    @Test("the metrics file: per-core gauges and counters, the throttle events and the steal; no celsius without a sensor")
    func metrics() throws {
        var snapshot = SoakReportTests.snapshot(completed: 41, elapsed: .seconds(12))
        snapshot.progress.counters.scheduled = 41
        var reading = MetricsReading(
            snapshot: snapshot, elapsed: .seconds(12), cores: 2, residentBytes: 1, openDescriptors: 5, throttled: false,
            eventsDropped: 0, started: UTCTime(secondsSinceEpoch: 1_000), exitStatus: nil, verdict: .pass)
        reading.host = HostFigures(
            rows: [
                CoreRow(cpu: 0, utilisation: 0.98, megahertz: 2596.1, celsius: nil, verified: 20, mismatches: 0),
                CoreRow(cpu: 1, utilisation: 0.5, megahertz: 2596.1, celsius: nil, verified: 21, mismatches: 1),
            ],
            missing: [], throttle: ThrottleCounts(core: 40, package: 312))
        reading.hostSteal = 0.02
        let text = SoakReportTests.metricsFile("unwritten.prom").render(reading)
        let samples = try PrometheusText.parse(text)
        #expect(samples["sky_cpu_utilisation_ratio{cpu=\"0\"}"] == 0.98)
        #expect(samples["sky_cpu_utilisation_ratio{cpu=\"1\"}"] == 0.5)
        #expect(samples["sky_cpu_frequency_hertz{cpu=\"1\"}"] == 2_596_100_000)
        #expect(samples["sky_cpu_temperature_celsius{cpu=\"0\"}"] == nil)
        #expect(samples["sky_cpu_verified_scans_total{cpu=\"1\"}"] == 21)
        #expect(samples["sky_cpu_verification_failures_total{cpu=\"1\"}"] == 1)
        #expect(samples["sky_throttle_events_total{scope=\"core\"}"] == 40)
        #expect(samples["sky_throttle_events_total{scope=\"package\"}"] == 312)
        #expect(samples["sky_host_steal_ratio"] == 0.02)
        #expect(!text.contains("sky_cpu_temperature_celsius"))
    }
}

extension JSONSummary.CoreEntry {
    /// The entry as a range row shows it.
    func ranged(_ cores: String, worst: Int) -> Self {
        var entry = self
        entry.core = nil
        entry.cores = cores
        entry.worst = worst
        return entry
    }
}
