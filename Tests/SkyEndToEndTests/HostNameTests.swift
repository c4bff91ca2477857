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
}
