import Foundation
import Testing

@Suite("The summary's host")
struct HostNameTests {
    @Test("SKY_HOST names the host in the JSON summary, as the Job sets it to the node's name; without it, gethostname")
    func hostName() throws {
        let named = try SkyBinary.shell("SKY_HOST=node-17 \"$SKY\" --total 2 --work 0 --no-tui --format json")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(named.stdout.utf8)) as? [String: Any])
        #expect(summary["host"] as? String == "node-17")
        #expect((summary["cores"] as? Int ?? 0) >= 1)
        let plain = try SkyBinary.shell("SKY_HOST= \"$SKY\" --total 2 --work 0 --no-tui --format json")
        let unnamed = try #require(try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
        #expect(unnamed["host"] as? String == ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init)
            || unnamed["host"] as? String == ProcessInfo.processInfo.hostName)
    }

    @Test("The JSON summary says which run it is: sky's version, the kernel, the CPU model, and the start and end in UTC")
    func stamp() throws {
        let before = Date()
        let outcome = try SkyBinary.shell("SKY_HOST=node-17 \"$SKY\" soak --total 2 --work 0 --no-tui --format json")
        let after = Date()
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect((summary["sky_version"] as? String)?.isEmpty == false)
        let kernel = try String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(summary["kernel"] as? String == kernel)
        #expect((summary["cpu_model"] as? String)?.isEmpty == false)
        let format = ISO8601DateFormatter()
        let started = try #require((summary["started_at"] as? String).flatMap(format.date(from:)))
        let ended = try #require((summary["ended_at"] as? String).flatMap(format.date(from:)))
        #expect((summary["started_at"] as? String)?.hasSuffix("Z") == true)
        #expect(before.timeIntervalSince1970.rounded(.down) <= started.timeIntervalSince1970 && started <= ended && ended <= after)
        let text = try SkyBinary.shell("SKY_HOST=node-17 \"$SKY\" soak --total 2 --work 0 --no-tui")
        #expect(text.stdout.contains("\n  sky \(summary["sky_version"] as? String ?? "?") on node-17 (kernel \(kernel), "), "\(text.stdout)")
    }
}
