import Foundation
import Testing

/// The events file read line by line, as a replay reads it: every line must be possible given
/// the lines before it.
@Suite("The events file in causal order")
struct EventsFileOrderTests {
    @Test("Each strategy's file replays in line order: slots, batch and time agree",
          arguments: ["serial", "unbounded", "batched", "stream"])
    func replay(strategy: String) throws {
        let path = SkyBinary.temporaryPath("order.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try SkyBinary.run([
            "--strategy", strategy, "--total", "60", "--batch", "3", "--seed", "5", "--work", "1", "--no-tui", "--events", path,
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        var batch = strategy == "serial" ? 1 : strategy == "unbounded" ? 60 : 3
        var holder: [Int: Int] = [:]
        var terminal = 0
        var last = 0.0
        for (number, line) in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").enumerated() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let name = try #require(event["event"] as? String)
            let time = try #require(event["time"] as? Double)
            // A threads line is sampled beside the engine, and may trail the line before it a little.
            if name != "threads" {
                #expect(time >= last, "line \(number + 1): time goes back")
                last = time
            }
            if name == "batch" { batch = try #require(event["batch"] as? Int) }
            guard let scan = event["scan"] as? Int, let slot = event["slot"] as? Int else {
                if ["completed", "failed", "cancelled", "verification_failed"].contains(name) { terminal += 1 }
                continue
            }
            if name == "delivered" {
                #expect(holder[slot] == scan, "line \(number + 1): scan \(scan) delivers from a slot it does not hold")
            } else if name == "started" {
                #expect(holder[slot] == nil, "line \(number + 1): slot \(slot) is still held by scan \(holder[slot] ?? -1)")
                holder[slot] = scan
                #expect(holder.count <= batch, "line \(number + 1): \(holder.count) busy with a batch of \(batch)")
            } else {
                #expect(holder[slot] == scan, "line \(number + 1): scan \(scan) ends in a slot it does not hold")
                holder[slot] = nil
                terminal += 1
            }
        }
        #expect(terminal == 60)
    }
}
