import Foundation
import Testing

/// `sky replay`: a run recorded with `--events`, played back by the binary.
@Suite("Replaying a recorded run")
struct ReplayTests {
    /// Records a run headless; returns its summary (without the once-a-second status lines, which
    /// a replay read at once does not print) and the events file's path.
    static func record(_ arguments: [String], name: String) throws -> (summary: [Substring], events: String) {
        let events = SkyBinary.temporaryPath(name)
        let outcome = try SkyBinary.run(arguments + ["--no-tui", "--events", events])
        #expect([0, 1, 2, 7].contains(outcome.status), "\(outcome.stderr)")
        return (summaryLines(outcome.stdout), events)
    }

    /// The summary's lines without those measured around the run rather than recorded in it: the
    /// status lines, the intervals, a falling rate's warning (which a slow enough machine,
    /// such as one under ThreadSanitizer, can raise on any run over a minute and a half), the
    /// host's CPUs, a busy machine (the tests around it keep it busy), and the live run's exit
    /// status, which the replay, reading a file, does not exit with.
    static func summaryLines(_ text: String) -> [Substring] {
        let measured = ["[", "  intervals:", "  warning: the rate fell", "  cores over the run:", "  host sensors:", "  throttle counts:", "  busy machine:", "  exit status "]
        return text.split(separator: "\n").filter { line in !measured.contains { line.hasPrefix($0) } }
    }

    @Test("Read at once, the recording gives the recorded run's summary, line for line", arguments: [
        "--total 40 --batch 4 --seed 3 --work 20000",
        "--total 30 --batch 3 --seed 5 --work 20000 --strategy stream",
        "--total 24 --seed 2 --work 20000 --strategy unbounded",
        "--total 6 --seed 2 --work 20000 --strategy serial --spacing 20ms",
        "--total 30 --batch 3 --seed 4 --work 20000 --errors throw --failure-rate 0.2",
        "--total 40 --batch 2 --seed 7 --work 20000 --fail-fast --failure-rate 0.3",
        "--duration 300ms --batch 2 --seed 9 --work 20000",
        "--total 30 --batch 2 --seed 1 --work 20000 --verify --inject-corruption 0.2",
        "--total 30 --batch 4 --seed 11 --work 20000 --errors collect --failure-rate 0.1",
        "--total 5 --seed 15 --work 2000 --strategy serial --spacing 300ms --cancel-after 700ms",
        "--total 8 --batch 8 --seed 11 --work 20000 --strategy actor-queue --spacing 20ms",
        "--total 12 --batch 4 --seed 11 --work 20000 --strategy actor-queue --spacing 300ms --cancel-after 500ms",
        "--total 16 --batch 6 --seed 12 --work 20000 --strategy actor-reentrant",
        "--duration 300ms --batch 3 --seed 5 --work 20000 --strategy actor-reentrant",
        "--duration 300ms --batch 3 --seed 5 --work 20000 --strategy actor-queue --spacing 30ms",
    ])
    func headless(_ run: String) throws {
        let recorded = try Self.record(run.split(separator: " ").map(String.init), name: "replay.jsonl")
        defer { try? FileManager.default.removeItem(atPath: recorded.events) }
        let replayed = try SkyBinary.run(["replay", recorded.events])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stderr.isEmpty, "\(replayed.stderr)")
        #expect(Self.summaryLines(replayed.stdout) == recorded.summary)
    }

    @Test("--format json prints one JSON document: the summary the recorded run printed")
    func json() throws {
        let events = SkyBinary.temporaryPath("json.jsonl")
        defer { try? FileManager.default.removeItem(atPath: events) }
        let arguments = ["--total", "12", "--batch", "3", "--seed", "5", "--work", "2000", "--failure-rate", "0.3", "--format", "json"]
        let run = try SkyBinary.run(arguments + ["--no-tui", "--events", events])
        #expect(run.status == 0, "\(run.stderr)")
        let replayed = try SkyBinary.run(["replay", events, "--no-tui", "--format", "json"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout.split(separator: "\n").count == 1, "\(replayed.stdout)")
        let live = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let played = try #require(try JSONSerialization.jsonObject(with: Data(replayed.stdout.utf8)) as? [String: Any])
        for key in ["total", "batch", "seed", "scheduled", "completed", "failed", "cancelled", "checksum"] {
            #expect(played[key] != nil, "no \(key)")
            #expect("\(played[key] ?? "")" == "\(live[key] ?? "")", "\(key)")
        }
        let failed = { (summary: [String: Any]) in Set((summary["errors"] as? [[String: Any]] ?? []).map { "\($0["scan"] ?? "")" }) }
        #expect(failed(played) == failed(live) && failed(played).count == played["failed"] as? Int)
        #expect((played["failed"] as? Int ?? 0) > 0)
        #expect((played["verdict"] as? [String: Any])?["result"] as? String == "pass")
    }

    /// A recording to break, as lines.
    static func lines() throws -> (path: String, lines: [String]) {
        let recorded = try record(["--total", "12", "--batch", "3", "--seed", "3", "--work", "2000"], name: "broken.jsonl")
        let text = try String(contentsOfFile: recorded.events, encoding: .utf8)
        return (recorded.events, text.split(separator: "\n").map(String.init))
    }

    @Test("A broken file exits 65 with one line naming the line and the problem")
    func brokenFile() throws {
        let (path, lines) = try Self.lines()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let firstStart = try #require(lines.firstIndex { $0.contains("\"event\":\"started\"") })
        let cases: [(lines: [String], line: Int, problem: String)] = [
            (Array(lines.dropLast(3)), lines.count - 3, "the file ends before the run does"),
            (lines.enumerated().map { $0.offset == 4 ? "{\"event\":" : $0.element }, 5, "not JSON"),
            (Array(lines.dropFirst()), 1, "the first line is not a run line"),
            (
                lines.enumerated().map { $0.offset == firstStart ? $0.element.replacingOccurrences(of: "\"slot\":0", with: "\"slot\":2") : $0.element },
                firstStart + 1, "starts in slot 2, but the rules start scan"
            ),
            (lines + [lines[1]], lines.count + 1, "after the run finished"),
            // A run that says it drained, having run none of its scans.
            ([lines[0], try #require(lines.first { $0.contains("\"event\":\"finished\"") })], 2, "the run finishes drained, but only 0 of its"),
            // Its phase in words, not a Swift value (once "finished(SkyCore.RunEnding.drained)").
            (
                lines.map { $0.contains("\"event\":\"finished\"") ? $0.replacingOccurrences(of: "\"drained\"", with: "\"cancelled\"") : $0 },
                lines.firstIndex { $0.contains("\"event\":\"finished\"") }! + 1, "the run finishes as cancelled, but its events say it is finished as drained"
            ),
            // A line with no end, as /dev/zero gives, once grew the reader's memory without bound.
            ([lines[0], String(repeating: "x", count: 70_000)], 2, "the line is longer than 65536 bytes"),
            // The fuzzer's first find: a control character of the file quoted raw in the refusal, a command to the terminal.
            (
                [lines[0].replacingOccurrences(of: "\"strategy\":\"batched\"", with: "\"strategy\":\"bat\\u001b[2Jched\"")] + lines.dropFirst(), 1,
                "unknown strategy \"bat\\u{1B}[2Jched\""
            ),
            // A batched run given a spacing once reached the engine's preconditions: exit 132.
            (
                [lines[0].replacingOccurrences(of: "\"spacing\":0.000000", with: "\"spacing\":1.000000")] + lines.dropFirst(), 1,
                "could not have run: --spacing is the gap between scans run one at a time: use it with --strategy serial or actor-queue, not batched"
            ),
        ]
        let empty = try SkyBinary.run(["replay", "/dev/null"])
        #expect(empty.status == 65 && empty.stderr.hasSuffix("cannot be replayed: the file is empty, not an events file written by sky --events\n"), "\(empty.stderr)")
        for broken in cases {
            try (broken.lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
            let outcome = try SkyBinary.run(["replay", path])
            #expect(outcome.status == 65, "\(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
            let stderr = outcome.stderr.split(separator: "\n")
            #expect(stderr.count == 1, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("cannot be replayed: line \(broken.line): "), "\(outcome.stderr)")
            #expect(outcome.stderr.contains(broken.problem), "\(outcome.stderr)")
        }
    }

    @Test("/dev/zero is no events file: exit 65 at once, its first line too long, in bounded memory")
    func endlessLine() throws {
        let outcome = try SkyBinary.run(["replay", "/dev/zero", "--no-tui"])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("line 1: the line is longer than 65536 bytes"), "\(outcome.stderr)")
    }

    @Test("A FIFO with no writer waits for one, and a signal during the wait stops the replay with 128 + the signal")
    func fifoWithoutWriter() throws {
        let fifo = SkyBinary.temporaryPath("replay.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        let (process, out, err) = try SkyBinary.launch(["replay", fifo, "--no-tui"])
        // The open blocks until a writer comes; none will. Sent once it waits there (the kernel's
        // `wait_for_partner`), the signal stops it; bounded, so a sky that never gets there fails.
        var polls = 0
        while (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/wchan", encoding: .utf8)) != "wait_for_partner" && polls < 3_000 {
            polls += 1
            usleep(10_000)
        }
        #expect(polls < 3_000, "sky never waited for a writer")
        kill(process.processIdentifier, SIGTERM)
        let outcome = SkyBinary.finish(process, out, err)
        #expect(outcome.status == 143, "\(outcome.stderr)")
    }

    @Test("A missing file, a directory or an absurd speed is bad input: one line, exit 64", arguments: [
        (["replay", "/nonexistent/run.jsonl"], "No such file or directory"),
        (["replay", "/tmp"], "is a directory"),
        (["replay", "/dev/null", "--speed", "0"], "--speed"),
        (["replay"], "Missing expected argument"),
    ])
    func badInput(_ arguments: [String], problem: String) throws {
        let outcome = try SkyBinary.run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.split(separator: "\n").count == 1 && outcome.stderr.contains(problem), "\(outcome.stderr)")
    }

    @Test("On the dashboard: the recorded run plays under a replay title, pauses, steps, and ends as recorded")
    func dashboard() throws {
        let recorded = try Self.record(["--total", "12", "--batch", "3", "--seed", "3", "--work", "100000"], name: "dashboard.jsonl")
        defer { try? FileManager.default.removeItem(atPath: recorded.events) }
        let terminal = try TmuxTerminal("\(SkyBinary.url.path) replay \(recorded.events) --speed 0.5")
        let name = URL(fileURLWithPath: recorded.events).lastPathComponent
        // The whole frame, title to footer: a capture can land part-way through drawing one.
        let first = try terminal.waitForScreen { $0.contains("RUNNING") && $0.contains("SKY  replay of") && $0.contains("q quit") }
        #expect(first.contains("SKY  replay of \(name) at 0.5×"), "\(first)")
        // Keys that would change the run are not offered.
        #expect(!first.contains("c cancel") && !first.contains("+ -"), "\(first)")
        try terminal.send("Space")
        let paused = try terminal.waitForScreen { $0.contains("replay paused") }
        #expect(paused.contains("PAUSED"), "\(paused)")
        let started = Self.startedScans(paused)
        try terminal.send("n")
        let stepped = try terminal.waitForScreen { Self.startedScans($0) != started }
        #expect(stepped.contains("PAUSED"), "a step leaves the replay paused:\n\(stepped)")
        try terminal.send("Space")
        let done = try terminal.waitForSteadyScreen(limit: .seconds(300)) { $0.contains("DONE") }
        let completed = recorded.summary.first { $0.contains("completed ") }.flatMap { $0.firstMatch(of: /completed (\d+)/) }.map { Int($0.1)! }
        #expect(done.contains("completed \(try #require(completed))/12"), "\(done)")
        try terminal.send("q")
        #expect(try terminal.exitStatus() == 0)
        let summary = try terminal.screen()
        #expect(summary.contains(recorded.summary.first { $0.contains("checksum") }!), "\(summary)")
        let settings = try terminal.terminalSettings()
        #expect(settings.before == settings.after)
    }

    /// The scans the slot lanes show running, e.g. `[4, 18, 19]`.
    static func startedScans(_ screen: String) -> [Int] {
        screen.split(separator: "\n").compactMap { row in row.firstMatch(of: /slot \d+ ▶ scan +(\d+)/).map { Int($0.1)! } }
    }
}
