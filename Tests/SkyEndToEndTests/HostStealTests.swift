import Foundation
import SkyHostFixtures
import Testing

/// Heavy steal makes a soak's figures the hypervisor's: the verdict is UNTRUSTWORTHY and the status
/// 7, stress-ng's "metrics may be untrustworthy".
@Suite("sky soak on a host whose hypervisor steals")
struct HostStealTests {
    @Test("Steal over the run above 10% of the host's CPU time: verdict untrustworthy, exit 7; none: PASS, exit 0", arguments: [true, false])
    func steal(stolen: Bool) throws {
        let host = FakeHost(cores: 2, hypervisor: true, cpufreq: false, thermal: .none, throttleCounts: false)
        defer { host.remove() }
        // The /proc/stat the run will end on: 1000 of 4600 ticks since the start stolen (22%), or none.
        host.setTimes(busy: [1000, 1000], idle: [1000, 1000], steal: stolen ? [500, 500] : [0, 0])
        let later = try String(contentsOfFile: host.root + "/proc/stat", encoding: .utf8)
        try later.write(toFile: host.root + "/proc/stat.later", atomically: true, encoding: .utf8)
        host.setTimes(busy: [100, 100], idle: [100, 100])
        let events = host.root + "/events.jsonl"
        // Scans of seconds in a debug build: the end's /proc/stat is put in place once both have
        // started, long before either ends; the waits are bounded guards against a hang.
        let outcome = try SkyBinary.shell("""
            SKY_HOST_ROOT='\(host.root)' "$SKY" soak --total 2 --batch 2 --work 1000000 --no-tui --format json --events '\(events)' &
            sky=$!
            for i in $(seq 1200); do [ "$(grep -c '"started"' '\(events)' 2>/dev/null)" -ge 2 ] && break; sleep 0.05; done
            mv '\(host.root)/proc/stat.later' '\(host.root)/proc/stat'
            wait $sky
            """)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], "\(outcome.stderr)")
        let verdict = VerdictJSON(summary)
        if stolen {
            #expect(outcome.status == 7, "\(outcome.stderr)")
            #expect(verdict.result == "untrustworthy")
            #expect(verdict.reason.contains("stole 22% of its CPU time"), "\(verdict.reasons)")
            #expect(abs((summary["host_steal"] as? Double ?? 0) - 1000.0 / 4600) < 0.001)
        } else {
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(verdict.result == "pass", "\(verdict.reasons)")
            #expect(summary["host_steal"] as? Double == 0)
        }
        #expect(summary["exit_status"] as? Int == Int(outcome.status))
    }
}
