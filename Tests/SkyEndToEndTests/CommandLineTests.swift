import Foundation
import Testing

@Suite("The sky command", .serialized)
struct CommandLineTests {
    @Test("Bad input: one line naming the flag and what it accepts, exit status 64", arguments: [
        (["--total", "0"], "--total", "from 1 to"),
        (["--total", "-5"], "--total", "from 1 to"),
        (["--total", "abc"], "--total", "whole number"),
        (["--total", "99999999999999"], "--total", "from 1 to"),
        (["--batch", "0"], "--batch", "'auto'"),
        (["--batch", "lots"], "--batch", "'auto'"),
        (["--seed", "-1"], "--seed", "whole number"),
        (["--failure-rate", "1.5"], "--failure-rate", "from 0 to 1"),
        (["--failure-rate", "often"], "--failure-rate", "from 0 to 1"),
        (["--priorities", "50:50"], "--priorities", "adding up to 100"),
        (["--priorities", "50:30:30"], "--priorities", "adding up to 100"),
        (["--priorities", "a:b:c"], "--priorities", "adding up to 100"),
        (["--work", "-1"], "--work", "from 0 to"),
        (["--format", "xml"], "--format", "'text' or 'json'"),
        (["--bogus"], "--bogus", "--total"),
        (["--events", "/nonexistent-dir/run.jsonl"], "--events", "cannot write"),
        (["--total"], "--total", "Missing value"),
        (["--strategy", "fast"], "--strategy", "'serial', 'unbounded', 'batched', 'discarding', 'reduce', 'wait-for-all', 'stream', 'async-let', 'unstructured'"),
        (["--errors", "ignore"], "--errors", "'result', 'throw', 'collect'"),
        (["--speed", "2"], "--speed", "from 0.01 to 1.0"),
        (["--spacing", "soon", "--strategy", "serial"], "--spacing", "e.g. 500ms"),
        (["--spacing", "2s"], "--spacing", "--strategy serial"),
        (["--spacing", "2s", "--strategy", "actor-reentrant"], "--spacing", "--strategy serial or actor-queue"),
        (["--errors", "throw", "--strategy", "actor-queue"], "--errors throw", "actor-queue cannot: the actor hands each job's Result back"),
        // The examples are values the option takes: no 8h for a spacing of at most 1h.
        (["--spacing", "8h", "--strategy", "serial"], "--spacing", "from 0 to 1h: a number and a unit (d, h, m, s, ms or us), or several from the largest down as 1m30s; e.g. 500ms, 2s or 10m ("),
        (["--report-every", "25h"], "--report-every", "from 100ms to 24h: a number and a unit (d, h, m, s, ms or us), or several from the largest down as 1m30s; e.g. 500ms, 2s, 10m or 8h"),
        (["--strategy", "unbounded", "--total", "20000"], "--strategy unbounded", "at most 10000"),
        (["--strategy", "stream", "--errors", "throw"], "--errors throw",
         "serial (out of the serial loop), unbounded or batched (out of the task group), wait-for-all (out of waitForAll()), async-let (out of the async let pair's scope); stream cannot: its results come through an AsyncStream, which does not throw"),
        (["--strategy", "unstructured", "--errors", "throw"], "--errors throw", "unstructured cannot: its tasks have no parent to throw to"),
        (["lesson", "99"], "'99' is invalid for '<n>'", "must be the number of a lesson: 1 to "),
        (["lesson", "x"], "'x' is invalid for '<n>'", "must be the number of a lesson: 1 to "),
        (["lesson", "2", "--batch", "3"], "--batch", "the options are --no-tui --projector --work --speed --handout --format --version --help ("),
        (["lesson", "5", "--speed", "2"], "--speed", "from 0.01 to 1.0"),
        (["lesson", "5", "--work", "-1"], "--work", "from 0 to"),
        (["--errors", "collect", "--strategy", "serial"], "--errors collect", "--strategy batched"),
        (["--errors", "collect", "--total", "20000"], "--errors collect", "at most 10000"),
        (["soak", "--errors", "collect"], "--errors collect", "needs a --total"),
        (["--errors", "collect", "--take", "3"], "--errors collect", "--errors result or throw"),
        (["--cancel-after", "soon"], "--cancel-after", "e.g. 500ms"),
        (["--cancel-after", "0"], "--cancel-after", "from 1ms"),
        (["--take", "0", "--strategy", "stream"], "--take", "from 1 to"),
        (["--take", "3", "--duration", "5s"], "--take", "give a --total"),
        (["soak", "--take", "3"], "--take", "give a --total"),
        (["--ignore-cancellation", "2"], "--ignore-cancellation", "from 0 to 1"),
        (["--task-bag"], "--task-bag", "--strategy unstructured"),
        (["--catalogue", "sloppy"], "--catalogue", "'racy', 'safe'"),
        (["--catalogue", "racy", "--strategy", "serial"], "--catalogue", "unbounded, batched, discarding or stream"),
        (["--counters", "sideways"], "--counters", "'via-actor', 'direct'"),
        (["soak", "--bogus"], "--bogus", "--no-verify"),
        (["--duration", "soon"], "--duration", "e.g. 500ms"),
        (["--duration", "0"], "--duration", "e.g. 500ms"),
        (["--inject-corruption", "2"], "--inject-corruption", "from 0 to 1"),
        (["--report-every", "1ms"], "--report-every", "e.g. 500ms"),
        (["--metrics-file", "/nonexistent-dir/sky.prom"], "--metrics-file", "cannot write"),
        (["--metrics-file", "/"], "--metrics-file", "is a directory, not a regular file"),
        (["--events", "/nonexistent-dir/out", "--metrics-file", "/nonexistent-dir/out"], "--metrics-file", "a file of its own"),
        (["--trace", "/nonexistent-dir/run.json"], "--trace", "cannot write"),
        (["--trace", "/"], "--trace", "cannot write '/': Is a directory"),
        (["--events", "/nonexistent-dir/out", "--trace", "/nonexistent-dir/out"], "--trace", "the same file as --events"),
        (["--trace", "/nonexistent-dir/out", "--metrics-file", "/nonexistent-dir/out"], "--metrics-file", "the same file as --trace"),
        (["soak", "--batch", "0"], "--batch", "'auto'"),
        (["soak", "--strategy", "unbounded"], "--strategy unbounded", "--total"),
    ])
    func badInput(arguments: [String], flag: String, accepted: String) throws {
        let outcome = try SkyBinary.run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.stdout.isEmpty)
        let lines = outcome.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(flag))
        #expect(outcome.stderr.contains(accepted))
        #expect(!outcome.stderr.contains("Fatal error"))
    }

    @Test("--help shows examples and exits 0; --version prints the version")
    func helpAndVersion() throws {
        let help = try SkyBinary.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Examples:"))
        #expect(help.stdout.contains("sky --total 20 --batch 4"))
        #expect(help.stdout.contains("Exit status:"))
        #expect(help.stdout.contains("Dashboard keys"))
        #expect(help.stdout.contains(#/\n  q Esc \^C +Quit: /#), "\(help.stdout)")
        #expect(help.stdout.contains(#/\n  Up Down +Scroll the help, the code or the explain panel/#), "\(help.stdout)")
        let version = try SkyBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.split(separator: ".").count == 3)
    }

    @Test("Every subcommand answers --version with the version and --help with its examples", arguments: [
        [], ["run"], ["lesson"], ["soak"], ["bench"],
    ])
    func subcommandHelpAndVersion(subcommand: [String]) throws {
        let version = try SkyBinary.run(subcommand + ["--version"])
        #expect(version.status == 0)
        #expect(version.stderr.isEmpty, "\(version.stderr)")
        #expect(version.stdout == (try SkyBinary.run(["--version"])).stdout)
        let help = try SkyBinary.run(subcommand + ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Examples:"))
        #expect(help.stdout.contains("OPTIONS:"))
    }

    @Test("sky help lists the subcommands, the run first as the default")
    func subcommandList() throws {
        let help = try SkyBinary.run(["help"])
        #expect(help.status == 0)
        for line in ["run (default)", "lesson", "soak", "bench"] {
            #expect(help.stdout.contains("\n  \(line) "), "no \(line) in\n\(help.stdout)")
        }
    }

    @Test("sky run is sky: the same seed gives the same run")
    func runByName() throws {
        let arguments = ["--total", "6", "--batch", "2", "--seed", "3", "--work", "1000", "--format", "json"]
        let unnamed = try SkyBinary.run(arguments)
        let named = try SkyBinary.run(["run"] + arguments)
        #expect(unnamed.status == 0 && named.status == 0)
        let checksum = { (outcome: SkyBinary.Outcome) throws -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            return "\(object["checksum"] ?? "none")"
        }
        #expect(try checksum(unnamed) == checksum(named))
    }

    @Test("docs/cli.md lists the exit statuses that every command's --help makes from the code")
    func exitStatusesInDocs() throws {
        var fromHelp: Set<Int> = []
        // Every command's help: the docs' table covers them all.
        for command in [[], ["soak"], ["bench"], ["replay"], ["compare"], ["lesson"]] {
            let help = try SkyBinary.run(command + ["--help"]).stdout
            let block = try #require(help.components(separatedBy: "Exit status:\n").last?.components(separatedBy: "\n\n").first)
            for line in block.split(separator: "\n") {
                // A row begins with its status; the signals' row names the other two before "SIG".
                for match in line.matches(of: /^  (\d+) |(\d+) SIG/) {
                    if let status = Int(match.1 ?? match.2 ?? "") { fromHelp.insert(status) }
                }
            }
        }
        let docs = try String(contentsOfFile: SkyBinary.packageRoot + "/docs/cli.md", encoding: .utf8)
        let section = try #require(docs.components(separatedBy: "\n## Exit status\n").dropFirst().first?.components(separatedBy: "\n## ").first)
        var fromDocs: Set<Int> = []
        for line in section.split(separator: "\n") where line.hasPrefix("| ") {
            let cell = line.split(separator: "|").first ?? ""
            for word in cell.split(separator: ",") {
                if let status = Int(word.trimmingCharacters(in: .whitespaces)) { fromDocs.insert(status) }
            }
        }
        #expect(fromHelp == [0, 1, 2, 4, 7, 64, 65, 71, 74, 129, 130, 141, 143], "3 is stress-ng's \"no resource\", which harnesses count as a pass")
        #expect(fromDocs == fromHelp)
    }

    @Test("A JSON run prints exactly one object with the documented keys, and the events agree")
    func jsonRun() throws {
        let events = SkyBinary.temporaryPath("events.jsonl")
        defer { try? FileManager.default.removeItem(atPath: events) }
        let outcome = try SkyBinary.run([
            "--total", "15", "--batch", "3", "--seed", "21", "--work", "2000", "--failure-rate", "0.3",
            "--format", "json", "--events", events,
        ])
        #expect(outcome.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").count == 1)
        for key in ["total", "batch", "seed", "scheduled", "completed", "failed", "cancelled", "elapsed_seconds",
                    "scans_per_second", "max_running", "latency_ms", "errors"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["seed"] as? Int == 21)
        let latency = try #require(object["latency_ms"] as? [String: Double])
        #expect(Set(latency.keys) == ["p50", "p95", "p99"])

        let terminal = try terminalEvents(events)
        #expect(terminal.count == 15)
        #expect(terminal.values.allSatisfy { $0.count == 1 })
        let failed = terminal.values.filter { $0 == ["failed"] }.count
        #expect(object["failed"] as? Int == failed)
        #expect((object["errors"] as? [Any])?.count == failed)
    }

    @Test("The same seed replays the same run")
    func replay() throws {
        let arguments = ["--total", "12", "--batch", "2", "--seed", "77", "--work", "1000", "--format", "json"]
        func key(_ outcome: SkyBinary.Outcome) throws -> [String] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            let errors = (object["errors"] as? [[String: Any]] ?? []).map { "\($0["scan"]!) \($0["error"]!)" }.sorted()
            return ["\(object["checksum"]!)", "\(object["failed"]!)"] + errors
        }
        #expect(try key(SkyBinary.run(arguments)) == key(SkyBinary.run(arguments)))
    }

    @Test("The replay line gives --batch only to a strategy that takes it, and runs the same scans again",
          arguments: [("serial", false), ("async-let", false), ("unbounded", false), ("batched", true), ("stream", true)])
    func replayLine(strategy: String, takesBatch: Bool) throws {
        let arguments = ["--strategy", strategy, "--total", "6", "--batch", "3", "--seed", "8", "--work", "500", "--failure-rate", "0"]
        let outcome = try SkyBinary.run(arguments)
        let line = try #require(outcome.stdout.split(separator: "\n").first { $0.hasPrefix("  replay: sky ") })
        let words = line.dropFirst("  replay: sky ".count).split(separator: " ").map(String.init)
        #expect(words.contains("--batch") == takesBatch, "\(line)")
        let again = try SkyBinary.run(words)
        #expect(again.status == 0)
        #expect(again.stdout.split(separator: "\n").first { $0.contains("checksum") } == outcome.stdout.split(separator: "\n").first { $0.contains("checksum") })
    }

    @Test("--fail-fast stops at the first failure with exit status 1")
    func failFast() throws {
        let outcome = try SkyBinary.run([
            "--total", "20", "--batch", "2", "--seed", "4", "--work", "20000", "--failure-rate", "1", "--fail-fast",
        ])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("--fail-fast cancelled the rest"))
    }

    /// Terminal events per scan, from an events file.
    @Test("--errors throw ends at the first failure with exit status 1, and every scan is accounted")
    func throwMode() throws {
        let events = SkyBinary.temporaryPath("throw.jsonl")
        defer { try? FileManager.default.removeItem(atPath: events) }
        let outcome = try SkyBinary.run([
            "--errors", "throw", "--total", "40", "--batch", "3", "--work", "2000", "--seed", "6", "--failure-rate", "0.2",
            "--format", "json", "--events", events,
        ])
        #expect(outcome.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as! [String: Any]
        #expect(json["ending"] as? String == "thrown")
        #expect(json["error_mode"] as? String == "throw")
        #expect(json["failed"] as? Int == 1)
        let completed = try #require(json["completed"] as? Int)
        let cancelled = try #require(json["cancelled"] as? Int)
        #expect(completed + 1 + cancelled == 40)
        let terminal = try terminalEvents(events)
        #expect(terminal.count + (json["not_started"] as? Int ?? 0) == 40)
        #expect(terminal.values.allSatisfy { $0.count == 1 })
    }

    @Test("--errors throw with serial says the failure left the loop, and the run shows it: nothing ran beside it, nothing started after")
    func throwSerial() throws {
        let events = SkyBinary.temporaryPath("throw-serial.jsonl")
        defer { try? FileManager.default.removeItem(atPath: events) }
        let outcome = try SkyBinary.run([
            "--strategy", "serial", "--errors", "throw", "--total", "10", "--work", "1000", "--seed", "3", "--failure-rate", "0.3",
            "--no-tui", "--events", events,
        ])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("thrown out of the serial loop, stopped the run after"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("no scan started after it"))
        #expect(!outcome.stdout.contains("task group"), "\(outcome.stdout)")
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
        let failed = try #require(lines.firstIndex { $0.contains(#""event":"failed""#) })
        #expect(!lines[failed...].contains { $0.contains(#""event":"started""#) }, "a scan started after the thrown failure")
        // What the loop cancelled had never started: no cancelled event holds a slot.
        #expect(!lines[failed...].contains { $0.contains(#""event":"cancelled""#) && $0.contains(#""slot""#) })
    }

    private func terminalEvents(_ path: String) throws -> [Int: [String]] {
        var terminal: [Int: [String]] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let name = try #require(event["event"] as? String)
            // The run's own changes (a cancel, a batch change) sit between the scans' events.
            if ["run", "batch", "paused", "resumed", "step", "stopping", "time_up", "discarded", "finished", "threads"].contains(name) {
                #expect(event["time"] as? Double != nil)
                continue
            }
            let scan = try #require(event["scan"] as? Int)
            #expect(event["priority"] as? String != nil && event["time"] as? Double != nil)
            if name == "started" { #expect(event["slot"] as? Int != nil) }
            if name == "failed" { #expect(event["error"] as? String != nil) }
            if ["completed", "failed", "cancelled"].contains(name) { terminal[scan, default: []].append(name) }
        }
        return terminal
    }
}
