import Foundation
import SkyHostFixtures
import Testing

/// `sky soak` reading a fake host through `SKY_HOST_ROOT`: the 2-core test machine read as 64 cores.
@Suite("sky soak: per-core rows from the host")
struct HostRowsTests {
    static func soak(_ host: FakeHost, format: String) throws -> SkyBinary.Outcome {
        try SkyBinary.shell(
            "SKY_HOST_ROOT='\(host.root)' \"$SKY\" soak --duration 2s --no-tui --format \(format) --report-every 1s --work 300 --batch 2")
    }

    @Test("a 64-core virtual machine without sensors: 64 rows in the summary and in each interval, and the reasons")
    func virtualMachine() throws {
        let host = FakeHost(cores: 64, hypervisor: true, cpufreq: false, thermal: .none, throttleCounts: false)
        defer { host.remove() }
        let outcome = try Self.soak(host, format: "json")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = try outcome.stdout.split(separator: "\n").map(SoakCommandTests.json)
        let summary = try #require(lines.last)
        let perCore = try #require(summary["per_core"] as? [[String: Any]])
        #expect(perCore.count == 64)
        #expect(perCore.map { $0["core"] as? Int } == Array(0..<64))
        #expect(perCore.allSatisfy { $0["celsius"] is NSNull && $0["mhz"] as? Double == 2400 })
        #expect(summary["sensors_missing"] as? [String] == [
            "no cpufreq: MHz from /proc/cpuinfo", "no thermal sensors: virtual machine", "no thermal_throttle counts: virtual machine",
        ])
        #expect(summary["throttle_counts"] == nil)
        let intervals = lines.dropLast()
        #expect(intervals.count >= 2)
        #expect(intervals.allSatisfy { ($0["per_core"] as? [[String: Any]])?.count == 64 })
    }

    @Test("a 64-core host with sensors: temperatures, throttle counts, and the text lines say nothing is missing")
    func sensors() throws {
        let host = FakeHost(cores: 64, packages: 2)
        defer { host.remove() }
        let json = try Self.soak(host, format: "json")
        #expect(json.status == 0, "\(json.stderr)")
        let summary = try SoakCommandTests.json(try #require(json.stdout.split(separator: "\n").last))
        #expect(summary["sensors_missing"] as? [String] == [])
        #expect((summary["throttle_counts"] as? [String: Int]) == ["core": 0, "package": 0])
        #expect((summary["per_core"] as? [[String: Any]])?.allSatisfy { $0["celsius"] as? Double == 50 } == true)

        let text = try Self.soak(host, format: "text")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!text.stdout.contains("host sensors:"))
        #expect(text.stdout.contains("2400 MHz, hottest 50°C on core 0, not throttled"), "\(text.stdout)")
        #expect(text.stdout.contains("throttle counts: cores 0, package 0 during the run"))
    }

    @Test("the text run says once why figures are n/a, before the first interval")
    func reasonOnce() throws {
        let host = FakeHost(cores: 64, hypervisor: true, thermal: .none, throttleCounts: false)
        defer { host.remove() }
        let outcome = try Self.soak(host, format: "text")
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.first == "host sensors: no thermal sensors: virtual machine; no thermal_throttle counts: virtual machine")
        #expect(lines.filter { $0.contains("interval") && $0.contains("temperature n/a") }.count >= 2)
    }
}
