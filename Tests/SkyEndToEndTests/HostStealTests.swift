#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SkyHostFixtures
import Testing

/// Heavy steal makes a soak's figures the hypervisor's: the verdict is UNTRUSTWORTHY and the status
/// 7, stress-ng's "metrics may be untrustworthy".
@Suite("sky soak on a host whose hypervisor steals")
struct HostStealTests {
    /// A virtual machine's two CPUs, with the /proc/stat a run will end on beside its own, as
    /// `proc/stat.later`: 1000 of 4600 ticks since the start stolen (22%), or none.
    static func host(stolen: Bool) throws -> FakeHost {
        let host = FakeHost(cores: 2, hypervisor: true, cpufreq: false, thermal: .none, throttleCounts: false)
        host.setTimes(busy: [1000, 1000], idle: [1000, 1000], steal: stolen ? [500, 500] : [0, 0])
        let later = try String(contentsOfFile: host.root + "/proc/stat", encoding: .utf8)
        try later.write(toFile: host.root + "/proc/stat.later", atomically: true, encoding: .utf8)
        host.setTimes(busy: [100, 100], idle: [100, 100])
        return host
    }

    @Test("Steal over the run above 10% of the host's CPU time: verdict untrustworthy, exit 7; none: PASS, exit 0", arguments: [true, false])
    func steal(stolen: Bool) throws {
        let host = try Self.host(stolen: stolen)
        defer { host.remove() }
        let out = host.root + "/out.jsonl"
        // A run bounded by time, so it ends at its time on any machine, even under the thread
        // sanitizer. The end's /proc/stat is put in place once the first interval line is out,
        // after the start's reading; the waits are bounded guards against a hang. The summary is
        // the last line.
        let outcome = try SkyBinary.shell("""
            SKY_HOST_ROOT='\(host.root)' "$SKY" soak --duration 4s --batch 2 --work 1000 --report-every 1s --no-tui --format json > '\(out)' &
            sky=$!
            for i in $(seq 1200); do grep -q '"interval"' '\(out)' 2>/dev/null && break; sleep 0.05; done
            mv '\(host.root)/proc/stat.later' '\(host.root)/proc/stat'
            wait $sky
            status=$?
            tail -n 1 '\(out)'
            exit $status
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

    @Test("On the dashboard, the end's verdict is the summary's: UNTRUSTWORTHY beside exit 7 when the host stole, PASS beside 0 when not",
          arguments: [true, false])
    func stealOnTheDashboard(stolen: Bool) throws {
        let host = try Self.host(stolen: stolen)
        defer { host.remove() }
        // A run bounded by time, so it ends at its time on any machine. The end's /proc/stat is put
        // in place once the cores panel shows its first reading, long after the start's.
        let terminal = try TmuxTerminal(
            "SKY_HOST_ROOT='\(host.root)' \(SkyBinary.url.path) soak --duration 6s --batch 2 --work 1000", width: 120, height: 40)
        try terminal.waitForScreen { $0.contains("── Cores  2 CPUs") }
        #expect(rename(host.root + "/proc/stat.later", host.root + "/proc/stat") == 0)
        let done = try terminal.waitForSteadyScreen { $0.contains("DONE: TIME UP") }
        let header = done.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        if stolen {
            #expect(header.contains("verdict UNTRUSTWORTHY"), "\(done)")
        } else {
            #expect(header.hasSuffix("verdict PASS"), "\(done)")
        }
        #expect(!done.contains("PASS") || !stolen, "\(done)")
        try terminal.send("q")
        #expect(try terminal.exitStatus() == (stolen ? 7 : 0))
        let summary = try terminal.screen()
        #expect(summary.contains(stolen ? "verdict: UNTRUSTWORTHY: the host's hypervisor stole 22%" : "verdict: PASS"), "\(summary)")
    }
}
