#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// `sky compare` headless, as a harness uses it: the table read back row by row, bad input
/// refused before anything runs, and signals that stop the comparison with the table still printed.
@Suite("sky compare, headless", .serialized)
struct CompareCommandTests {
    /// The rows of the table, as the issue lists its figures.
    static let labels = [
        "ending", "wall time", "throughput", "CPU busy share", "most in the group", "most seen on a thread", "wait p50", "wait p95",
        "run p50", "run p95", "completed", "failed", "cancelled", "results lost", "checksum",
    ]

    /// The comparison table of a text report: each figure's cells, one per run, by label.
    struct Table {
        var names: [String]
        var rows: [String: [String]]
        var lines: [String]

        init(_ stdout: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let start = try #require(lines.firstIndex { $0.hasPrefix("sky compare: the same ") }, "no table in\n\(stdout)", sourceLocation: sourceLocation)
            // The heading, the shared settings, a blank line, then the names over the columns.
            names = lines[start + 3].split(separator: " ").map(String.init)
            rows = Self.rows(lines[(start + 4)...])
        }

        /// The figure rows among `lines`, each label's cells: the table printed, or on screen.
        static func rows(_ lines: some Sequence<String>) -> [String: [String]] {
            var rows: [String: [String]] = [:]
            for line in lines {
                guard let label = CompareCommandTests.labels.first(where: { line.hasPrefix("  \($0) ") }) else { continue }
                // Cells are right-aligned at least two spaces apart.
                rows[label] = line.dropFirst(2 + label.count).split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
            }
            return rows
        }

        func numbers(_ label: String) -> [Double] {
            (rows[label] ?? []).compactMap { Double($0.split(separator: " ")[0].trimmingCharacters(in: CharacterSet(charactersIn: "%/s"))) }
        }

        /// The line that starts with `prefix` after the table, if any.
        func line(_ prefix: String) -> String? { lines.first { $0.hasPrefix("  " + prefix) } }
    }

    @Test("Bad input: one line naming the problem and the accepted values, exit status 64, nothing run", arguments: [
        (["compare"], "two or more names", "serial, unbounded, batched, discarding, reduce, wait-for-all, stream, async-let, unstructured, actor-queue, actor-reentrant, awaited, unless-cancelled (strategies) or result, throw, collect, cancel (error modes)"),
        (["compare", "serial"], "two or more names", "result, throw, collect, cancel (error modes)"),
        (["compare", "serial", "fast"], "'fast' is invalid", "serial, unbounded, batched, discarding, reduce, wait-for-all, stream, async-let, unstructured, actor-queue, actor-reentrant, awaited, unless-cancelled (strategies) or result, throw, collect, cancel"),
        (["compare", "throw", "collect", "--strategy", "serial"], "collect: --errors collect", "use it with --strategy batched, not serial"),
        (["compare", "throw", "collect", "--total", "20000"], "collect", "at most 10000"),
        (["compare", "serial", "batched", "--errors", "collect"], "serial: --errors collect", "use it with --strategy batched, not serial"),
        (["compare", "serial", "serial"], "'serial' is named twice", "strategies"),
        (["compare", "batched", "throw"], "not both strategies or both error modes", "--strategy or --errors"),
        (["compare", "serial", "batched", "--strategy", "stream"], "--strategy", "compare result and throw"),
        (["compare", "result", "throw", "--errors", "throw"], "--errors", "compare strategies"),
        (["compare", "stream", "batched", "--errors", "throw"], "stream cannot: its results come through an AsyncStream, which does not throw", "--errors throw is for --strategy serial (out of the serial loop), unbounded or batched (out of the task group), wait-for-all (out of waitForAll()), async-let (out of the async let pair's scope)"),
        (["compare", "result", "throw", "--strategy", "stream"], "throw: --errors throw", "stream cannot: its results come through an AsyncStream"),
        (["compare", "serial", "unbounded", "--total", "20000"], "unbounded", "at most 10000"),
        (["compare", "serial", "unbounded", "--duration", "10s"], "unbounded", "needs a --total"),
        (["compare", "serial", "batched", "--spacing", "1s"], "--spacing", "serial"),
        (["compare", "serial", "batched", "--events", "/tmp/x.jsonl"], "--events is for a single run", "--trace, --metrics-file"),
        (["compare", "serial", "batched", "--report-every", "1s"], "--report-every is for a single run", "--explain"),
        (["compare", "serial", "batched", "--total", "0"], "--total", "from 1 to"),
        (["compare", "serial", "batched", "--bogus"], "--bogus", "--no-tui"),
    ])
    func badInput(arguments: [String], problem: String, accepted: String) throws {
        let outcome = try SkyBinary.run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.stdout.isEmpty, "something ran:\n\(outcome.stdout)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("sky: error: "))
        #expect(outcome.stderr.contains(problem), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(accepted), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("sky compare --help"), "\(outcome.stderr)")
    }

    @Test("Strategies one after another: a column each, the same scans, checksums that agree, and the replay line")
    func strategies() throws {
        let outcome = try SkyBinary.run([
            "compare", "serial", "batched", "unbounded", "--total", "12", "--batch", "3", "--seed", "5", "--work", "2000", "--no-tui",
        ])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        let starts = outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("sky compare: run ") }
        #expect(starts == ["sky compare: run 1 of 3, --strategy serial", "sky compare: run 2 of 3, --strategy batched", "sky compare: run 3 of 3, --strategy unbounded"])
        let table = try Table(outcome.stdout)
        #expect(table.names == ["serial", "batched", "unbounded"])
        #expect(Set(table.rows.keys) == Set(Self.labels))
        #expect(table.rows.values.allSatisfy { $0.count == 3 }, "\(table.rows)")
        #expect(table.rows["ending"] == ["drained", "drained", "drained"])
        let completed = table.numbers("completed")
        let failed = table.numbers("failed")
        #expect(zip(completed, failed).allSatisfy { $0 + $1 == 12 })
        #expect(Set(completed).count == 1)
        #expect(table.numbers("cancelled") == [0, 0, 0] && table.numbers("results lost") == [0, 0, 0])
        #expect(Set(table.rows["checksum"]!).count == 1)
        #expect(table.line("checksums agree: every run completed the same \(Int(completed[0])) scans") != nil, "\(outcome.stdout)")
        let running = table.numbers("most in the group")
        #expect(running[0] == 1 && (1...3).contains(running[1]) && (1...12).contains(running[2]), "\(running)")
        // Read every 20 ms, so a run this short may show none; never more than ran, nor than the cores.
        let onThread = table.numbers("most seen on a thread")
        #expect(zip(onThread, running).allSatisfy { $0 <= $1 && $0 <= Double(ProcessInfo.processInfo.activeProcessorCount) })
        #expect(table.numbers("CPU busy share").allSatisfy { $0 > 0 }, "\(table.rows["CPU busy share"]!)")
        #expect(table.numbers("wall time").allSatisfy { $0 > 0 })
        #expect(table.line("replay: ") == "  replay: sky compare serial batched unbounded --total 12 --batch 3 --seed 5 --work 2000")
    }

    @Test("Without --seed, one seed is chosen for every run and printed; the replay line repeats the same runs")
    func randomSeed() throws {
        let first = try SkyBinary.run(["compare", "result", "throw", "--total", "10", "--batch", "2", "--work", "2000", "--failure-rate", "0.3", "--no-tui"])
        #expect(first.status == 0)
        let table = try Table(first.stdout)
        let replay = try #require(table.line("replay: sky compare result throw ")).dropFirst("  replay: sky ".count)
        let seed = try #require(replay.firstMatch(of: /--seed (\d+)/)?.1)
        #expect(table.lines.contains { $0.hasPrefix("  seed \(seed)  ") })
        let again = try SkyBinary.run(replay.split(separator: " ").map(String.init) + ["--no-tui"])
        #expect(again.status == 0)
        // The same scans, so the same failures and the same completed results in the run that
        // drains; the thrown run stops where its first failure lands.
        let repeated = try Table(again.stdout)
        #expect(repeated.rows["checksum"]?.first == table.rows["checksum"]?.first)
        #expect(repeated.rows["failed"]?.first == table.rows["failed"]?.first)
    }

    /// Launches sky, reads its status lines (stdout, or stderr with `--format json`) until
    /// `marker` has appeared after `after`, then sends `signal` and returns the whole outcome. A
    /// watchdog ends sky if the marker never comes, which fails the test rather than hanging it.
    static func interrupt(_ arguments: [String], after: String, marker: String, with signal: Int32) throws -> SkyBinary.Outcome {
        let (process, out, err) = try SkyBinary.launch(arguments)
        let watched = arguments.contains("json") ? err : out
        let watchdog = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
        var seen = Data()
        while true {
            let data = watched.fileHandleForReading.availableData
            if data.isEmpty { break }
            seen += data
            let text = String(decoding: seen, as: UTF8.self)
            if let at = text.range(of: after), text[at.upperBound...].contains(marker) { break }
        }
        kill(process.processIdentifier, signal)
        var outcome = SkyBinary.finish(process, out, err)
        watchdog.cancel()
        if watched === out {
            outcome.stdout = String(decoding: seen, as: UTF8.self) + outcome.stdout
        } else {
            outcome.stderr = String(decoding: seen, as: UTF8.self) + outcome.stderr
        }
        return outcome
    }

    /// The one JSON document on stdout.
    static func document(_ stdout: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(stdout.hasSuffix("\n") && stdout.dropLast().split(separator: "\n").count == 1, "more than one line:\n\(stdout)", sourceLocation: sourceLocation)
        return try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], sourceLocation: sourceLocation)
    }

    @Test("A signal during the first run cancels it and skips the rest; the table of what ran is printed, status 128 + n",
          arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func signalInFirstRun(signal: Int32, status: Int32) throws {
        let outcome = try Self.interrupt(
            ["compare", "serial", "batched", "stream", "--duration", "1h", "--work", "20000", "--no-tui"],
            after: "run 1 of 3", marker: "[1.0s]", with: signal)
        #expect(outcome.status == status)
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        #expect(!outcome.stdout.contains("run 2 of 3"))
        let table = try Table(outcome.stdout)
        #expect(table.names == ["serial"])
        #expect(table.rows["ending"] == ["cancelled"])
        let name = signal == SIGTERM ? "SIGTERM" : "SIGHUP"
        #expect(table.line("not run (stopped by \(name)): batched, stream") != nil, "\(outcome.stdout)")
        #expect(table.line("checksums not compared: fewer than two runs ran") != nil)
    }

    @Test("Ctrl-C during the second run: the first run stands, the second is cancelled, status 130 in the document too")
    func signalInSecondRun() throws {
        // Every scan fails, so the thrown run ends at once; the result run then goes on until stopped.
        let outcome = try Self.interrupt(
            ["compare", "throw", "result", "--duration", "1h", "--failure-rate", "1", "--work", "20000", "--format", "json"],
            after: "run 2 of 2", marker: "[1.0s]", with: SIGINT)
        #expect(outcome.status == 130)
        let document = try Self.document(outcome.stdout)
        #expect(document["exit_status"] as? Int == 130)
        #expect(document["stopped"] as? String == "stopped by SIGINT")
        #expect(document["not_run"] as? [String] == [])
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(runs.map { $0["name"] as? String } == ["throw", "result"])
        #expect(runs.map { $0["ending"] as? String } == ["thrown", "cancelled"])
        #expect(runs[0]["ending_scan"] as? Int != nil && runs[1]["ending_scan"] == nil)
        // No scan completed in either run, so both checksums are the empty fold.
        #expect(runs.allSatisfy { $0["completed"] as? Int == 0 })
        #expect(document["checksums_agree"] as? Bool == true)
    }

    @Test("--format json: one document with the shared settings, every figure of each run, and checksums that cannot agree after a throw")
    func json() throws {
        let outcome = try SkyBinary.run([
            "compare", "result", "throw", "--total", "20", "--batch", "4", "--seed", "4", "--failure-rate", "0.2", "--work", "2000",
            "--format", "json",
        ])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("sky compare: run ") }.count == 2, "\(outcome.stderr)")
        let document = try Self.document(outcome.stdout)
        #expect(document["compared"] as? String == "error_modes")
        #expect(document["names"] as? [String] == ["result", "throw"])
        #expect(document["exit_status"] as? Int == 0)
        #expect(document["stopped"] == nil)
        #expect(document["replay"] as? String == "sky compare result throw --total 20 --batch 4 --seed 4 --work 2000 --failure-rate 0.2")
        let shared = try #require(document["shared"] as? [String: Any])
        #expect(shared["seed"] as? Int == 4 && shared["total"] as? Int == 20 && shared["batch"] as? Int == 4)
        #expect(shared["work"] as? Int == 2000 && shared["failure_rate"] as? Double == 0.2 && shared["strategy"] as? String == "batched")
        let cores = try #require(document["cores"] as? Int)
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(runs.map { $0["error_mode"] as? String } == ["result", "throw"])
        #expect(runs.map { $0["strategy"] as? String } == ["batched", "batched"])
        for run in runs {
            func count(_ key: String) -> Int { run[key] as? Int ?? -1 }
            #expect(["scheduled", "most_seen_on_thread"].allSatisfy { count($0) >= 0 }, "\(run)")
            #expect(count("completed") + count("failed") + count("cancelled") == 20)
            #expect((0...count("cancelled")).contains(count("results_lost")))
            #expect((1...4).contains(count("max_running")))
            let wall = try #require(run["wall_seconds"] as? Double)
            let cpu = try #require(run["cpu_seconds"] as? Double)
            let share = try #require(run["cpu_busy_share"] as? Double)
            #expect(wall > 0 && cpu > 0)
            #expect(abs(share - cpu / (wall * Double(cores))) <= 1e-3 * share, "\(run)")
            for key in ["wait_ms", "run_ms"] {
                let percentiles = try #require(run[key] as? [String: Double])
                #expect(percentiles["p50"]! <= percentiles["p95"]!)
            }
        }
        #expect(runs[0]["ending"] as? String == "drained")
        #expect(runs[1]["ending"] as? String == "thrown")
        #expect(runs[0]["failed"] as? Int ?? 0 > 1, "the seed fails several scans")
        #expect(runs[1]["failed"] as? Int == 1)
        #expect(document["checksums_agree"] as? Bool == false)
        #expect(document["checksums"] as? String == "different_scans")
        #expect((document["checksums_reason"] as? String)?.contains("throw completed \(runs[1]["completed"]!) of 20 (thrown at scan \(runs[1]["ending_scan"]!))") == true)
    }

    @Test("--format json where every run drains: the checksums agree, and each run's is the same")
    func jsonAgree() throws {
        let outcome = try SkyBinary.run(["compare", "stream", "serial", "--total", "10", "--seed", "3", "--work", "2000", "--format", "json"])
        #expect(outcome.status == 0)
        let document = try Self.document(outcome.stdout)
        #expect(document["compared"] as? String == "strategies")
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(runs.map { $0["strategy"] as? String } == ["stream", "serial"])
        #expect(Set(runs.compactMap { $0["checksum"] as? String }).count == 1)
        #expect(Set(runs.compactMap { $0["completed"] as? Int }).count == 1)
        #expect(runs[1]["max_running"] as? Int == 1)
        #expect(document["checksums_agree"] as? Bool == true)
        #expect(document["checksums"] as? String == "agree")
    }

    @Test("sky compare --help shows its examples and exit statuses; sky help lists it; --version answers")
    func help() throws {
        let help = try SkyBinary.run(["compare", "--help"])
        #expect(help.status == 0)
        for text in ["Examples:", "sky compare serial batched --total 20 --batch 4 --work 100000", "Exit status:", "OPTIONS:", "<name>"] {
            #expect(help.stdout.contains(text), "no \(text) in\n\(help.stdout)")
        }
        #expect(try SkyBinary.run(["help"]).stdout.contains("\n  compare "))
        let version = try SkyBinary.run(["compare", "--version"])
        let plain = try SkyBinary.run(["--version"])
        #expect(version.status == 0 && version.stdout == plain.stdout)
    }

    @Test("docs/cli.md lists the exit statuses that sky compare --help makes from the code")
    func exitStatusesInDocs() throws {
        let fromHelp = ExitStatusRows.inHelp(try SkyBinary.run(["compare", "--help"]).stdout)
        let docs = try String(contentsOfFile: SkyBinary.packageRoot + "/docs/cli.md", encoding: .utf8)
        let section = try #require(docs.components(separatedBy: "\n## `sky compare`\n").dropFirst().first?.components(separatedBy: "\n## ").first)
        #expect(fromHelp == [0, 1, 2, 64, 74, 129, 130, 141, 143])
        // The section is the command's help, generated from the parser (CommandReferenceTests).
        #expect(ExitStatusRows.inHelp(section) == fromHelp)
    }

    @Test("docs/compare-json.md's comparison document has the keys sky compare prints, no more and no fewer")
    func documentInDocs() throws {
        let docs = try String(contentsOfFile: SkyBinary.packageRoot + "/docs/compare-json.md", encoding: .utf8)
        let section = try #require(docs.components(separatedBy: "\n## Comparison document\n").dropFirst().first)
        let example = try #require(section.split(separator: "\n").first { $0.hasPrefix("{") })
        let documented = try Self.document(example + "\n")
        let outcome = try SkyBinary.run([
            "compare", "result", "throw", "--total", "20", "--batch", "4", "--seed", "4", "--failure-rate", "0.2", "--work", "2000",
            "--format", "json",
        ])
        let printed = try Self.document(outcome.stdout)
        #expect(Set(documented.keys) == Set(printed.keys))
        #expect(Set((documented["shared"] as? [String: Any] ?? [:]).keys) == Set((printed["shared"] as? [String: Any] ?? [:]).keys))
        let documentedRuns = documented["runs"] as? [[String: Any]] ?? []
        let printedRuns = printed["runs"] as? [[String: Any]] ?? []
        #expect(documentedRuns.count == 2 && printedRuns.count == 2)
        for (documentedRun, printedRun) in zip(documentedRuns, printedRuns) {
            #expect(Set(documentedRun.keys) == Set(printedRun.keys))
        }
        // Each key the document can have is described below the example.
        let shared = (printed["shared"] as? [String: Any] ?? [:]).keys
        for key in Set(printed.keys).union(printedRuns.flatMap(\.keys)).union(shared).union(["stopped", "duration_seconds"]) {
            #expect(section.contains("`\(key)`"), "docs/compare-json.md does not describe \(key)")
        }
    }

    @Test("A reader that goes away stops the comparison as SIGPIPE would: status 141")
    func readerGone() throws {
        let outcome = try SkyBinary.shell(
            "\"$SKY\" compare serial batched --duration 1h --work 2000 --no-tui | head -1; echo \"status ${PIPESTATUS[0]}\"")
        #expect(outcome.stdout == "sky compare: run 1 of 2, --strategy serial\nstatus 141\n", "\(outcome.stdout)")
    }
}
