import Foundation
import Testing

/// `sky fleet`, run on summaries that the real `sky soak` printed, as a fleet's pods print them.
@Suite("sky fleet", .serialized)
struct FleetCommandTests {
    /// How the table marks a host name that several summaries share.
    static let duplicateMark = "*"
    /// A soak short and cheap enough for a test, bounded by a total so that it passes on any
    /// machine; with interval lines before the summary, as a pod's log has them, where it runs
    /// long enough for one.
    static let passing = ["soak", "--total", "30", "--work", "200", "--batch", "1", "--report-every", "100ms", "--no-tui", "--format", "json"]
    /// A fixed set of scans, some of them corrupted, so the host fails on any machine.
    static let failing = ["soak", "--total", "40", "--work", "300", "--seed", "3", "--inject-corruption", "0.3", "--batch", "2", "--no-tui", "--format", "json"]

    /// A folder of the soaks' stdouts, one file a host; removed by the caller.
    static func pods(_ soaks: [String: [String]]) throws -> String {
        let folder = SkyBinary.temporaryPath("pods")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, arguments) in soaks {
            let outcome = try SkyBinary.run(arguments)
            try outcome.stdout.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
        }
        return folder
    }

    @Test("Three hosts' soaks merge; the one that failed verification fails the fleet: exit status 2")
    func failingHost() throws {
        let folder = try Self.pods(["node-a.jsonl": Self.passing, "node-b.jsonl": Self.failing, "node-c.jsonl": Self.passing])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let json = try SkyBinary.run(["fleet", folder, "--format", "json"])
        #expect(json.status == 2, "\(json.stderr)")
        #expect(json.stderr == "")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["exit_status"] as? Int == 2)
        let hosts = try #require(document["hosts"] as? [[String: Any]])
        // Every soak ran on this machine, so the three summaries share its name: kept, and marked.
        let host = try #require(hosts.first?["host"] as? String)
        #expect(hosts.allSatisfy { $0["host"] as? String == host && $0["duplicate"] as? Bool == true && $0["host_from_file"] as? Bool == false })
        #expect(hosts.map { ($0["file"] as? String)?.split(separator: "/").last } == ["node-a.jsonl", "node-b.jsonl", "node-c.jsonl"])
        #expect(hosts.map { ($0["verdict"] as? [String: Any])?["result"] as? String } == ["pass", "fail", "pass"])
        #expect((hosts[1]["mismatches"] as? Int ?? 0) > 0)
        #expect(hosts.allSatisfy { ($0["cores"] as? Int ?? 0) > 0 && ($0["rate_per_core"] as? Double ?? 0) > 0 })

        let text = try SkyBinary.run(["fleet", folder])
        #expect(text.status == 2)
        let rows = text.stdout.split(separator: "\n")
        #expect(rows.first?.hasPrefix("host ") == true)
        #expect(rows.dropFirst().prefix(3).allSatisfy { $0.hasPrefix(host + FleetCommandTests.duplicateMark) })
        #expect(rows[2].contains("FAIL: ") && rows[2].contains("possible hardware fault"))
        #expect(rows[1].hasSuffix("PASS") && rows[3].hasSuffix("PASS"))
        #expect(rows.last?.hasPrefix("fleet: FAIL: 1 of 3 hosts failed (\(host)), 2 passed") == true, "\(text.stdout)")
        #expect(text.stdout.contains("\n\(FleetCommandTests.duplicateMark) \(host): 3 summaries ("))
    }

    @Test("Hosts that all passed: exit status 0; a bad file beside them is named, the rest merge, exit status 65")
    func badFileBeside() throws {
        let folder = try Self.pods(["node-a.jsonl": Self.passing, "node-b.json": Self.passing])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clean = try SkyBinary.run(["fleet", folder])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout.contains("\nfleet: PASS: 2 of 2 hosts passed"), "\(clean.stdout)")

        try #"{"interval":1,"scans":3}"#.write(toFile: folder + "/node-c.log", atomically: false, encoding: .utf8)
        #expect(mkfifo(folder + "/node-d.json", 0o600) == 0)
        // A FIFO with no writer: read, it would hang sky (and this test).
        let skipped = try SkyBinary.run(["fleet", folder, folder + "/node-e.json"])
        #expect(skipped.status == 65)
        #expect(skipped.stderr.split(separator: "\n") == [
            "sky: fleet: \(folder)/node-c.log: not a sky summary (no line holds a \"verdict\")",
            "sky: fleet: \(folder)/node-d.json: a FIFO, not a regular file or a folder",
            "sky: fleet: \(folder)/node-e.json: no such file or directory",
        ])
        #expect(skipped.stdout.contains("\nfleet: INCOMPLETE: 2 of 2 hosts passed, 3 files skipped"), "\(skipped.stdout)")
        #expect(skipped.stdout.contains("skipped: \(folder)/node-d.json: a FIFO"))
    }

    @Test("Five hosts expected, one failed and one missing: sky fleet --expect 5 names both and exits 2; --expect-hosts names the absent")
    func expectedHosts() throws {
        let folder = SkyBinary.temporaryPath("expected")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Four hosts soak, each under its own name as the Job names them; node-4's results are
        // corrupted, and node-5's log was read before its soak had written a summary.
        let soaked = try SkyBinary.shell("""
            mkdir -p '\(folder)' && cd '\(folder)' || exit 9
            for n in 1 2 3; do SKY_HOST=node-$n "$SKY" \(Self.passing.joined(separator: " ")) > node-$n.jsonl || exit 9; done
            SKY_HOST=node-4 "$SKY" \(Self.failing.joined(separator: " ")) > node-4.jsonl
            printf '{"interval":1,"start":0.0' > node-5.log
            printf 'node-1\\nnode-2  # rack 3\\n\\nnode-3\\nnode-4\\nnode-5\\nnode-6\\n' > hosts.txt
            """)
        #expect(soaked.status == 0, "\(soaked.stderr)")

        let expected = try SkyBinary.run(["fleet", folder, "--expect", "5"])
        #expect(expected.status == 2, "\(expected.stderr)")
        let last = try #require(expected.stdout.split(separator: "\n").last)
        #expect(last.hasPrefix("fleet: FAIL: 1 of 5 hosts failed (node-4), 1 missing (node-5), 1 file skipped, 3 passed"), "\(expected.stdout)")
        // Every row says which sky ran it and when it started.
        let rows = expected.stdout.split(separator: "\n").filter { $0.hasPrefix("node-") }
        #expect(rows.count == 4 && rows.allSatisfy { $0.contains(" 0.") && $0.contains(" 20") }, "\(rows)")

        let named = try SkyBinary.run(["fleet", folder, "--expect-hosts", folder + "/hosts.txt", "--format", "json"])
        #expect(named.status == 2)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(named.stdout.utf8)) as? [String: Any])
        let fleet = try #require(document["fleet"] as? [String: Any])
        #expect(fleet["missing"] as? [String] == ["node-5", "node-6"] && fleet["failed_hosts"] as? [String] == ["node-4"])
        #expect((fleet["roll_up"] as? String)?.contains("2 missing (node-5, node-6)") == true)

        // No host failed, one missing: the fleet is incomplete.
        try FileManager.default.removeItem(atPath: folder + "/node-4.jsonl")
        try FileManager.default.removeItem(atPath: folder + "/node-5.log")
        let short = try SkyBinary.run(["fleet", folder, "--expect", "4"])
        #expect(short.status == 65)
        #expect(short.stdout.contains("\nfleet: INCOMPLETE: 3 of 4 hosts passed, 1 missing (unnamed); median rate per core "), "\(short.stdout)")
        #expect(try SkyBinary.run(["fleet", folder, "--expect", "3"]).status == 0)

        for bad in [["--expect", "0"], ["--expect", "3", "--expect-hosts", folder + "/hosts.txt"], ["--expect-hosts", folder + "/none.txt"]] {
            let refused = try SkyBinary.run(["fleet", folder] + bad)
            #expect(refused.status == 64 && refused.stderr.contains(bad[0]), "\(bad): \(refused.stderr)")
        }
    }

    @Test("Nothing to merge, or no path at all: bad input, exit status 64")
    func nothingToMerge() throws {
        let missing = try SkyBinary.run(["fleet", "/nonexistent/pods"])
        #expect(missing.status == 64)
        #expect(missing.stdout == "")
        #expect(missing.stderr.hasPrefix("sky: fleet: /nonexistent/pods: no such file or directory\nsky: error: no summary in any path given"))
        let none = try SkyBinary.run(["fleet"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("sky fleet needs one or more files or folders"))
        let format = try SkyBinary.run(["fleet", ".", "--format", "yaml"])
        #expect(format.status == 64)
        #expect(format.stderr.contains("must be 'text' or 'json'"))
    }

    @Test("docs/cli.md lists the exit statuses that sky fleet --help makes from the code")
    func exitStatusesInDocs() throws {
        let fromHelp = ExitStatusRows.inHelp(try SkyBinary.run(["fleet", "--help"]).stdout)
        let docs = try String(contentsOfFile: SkyBinary.packageRoot + "/docs/cli.md", encoding: .utf8)
        let section = try #require(docs.components(separatedBy: "\n## `sky fleet`\n").dropFirst().first?.components(separatedBy: "\n## ").first)
        #expect(fromHelp == [0, 2, 7, 64, 65, 74, 129, 130, 141, 143])
        // The section is the command's help, generated from the parser (CommandReferenceTests).
        #expect(ExitStatusRows.inHelp(section) == fromHelp)
    }

    @Test("docs/fleet-json.md's fleet document has the keys sky fleet prints")
    func documentInDocs() throws {
        let folder = try Self.pods(["node-a.jsonl": Self.passing])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let json = try SkyBinary.run(["fleet", folder, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let docs = try String(contentsOfFile: SkyBinary.packageRoot + "/docs/fleet-json.md", encoding: .utf8)
        let section = try #require(docs.components(separatedBy: "\n## Fleet document\n").dropFirst().first?.components(separatedBy: "\n## ").first)
        let host = try #require((document["hosts"] as? [[String: Any]])?.first)
        let fleet = try #require(document["fleet"] as? [String: Any])
        for key in Array(document.keys) + Array(host.keys) + Array(fleet.keys) {
            #expect(section.contains("`\(key)`"), "docs/fleet-json.md does not name \(key)")
        }
    }
}
