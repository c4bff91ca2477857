import Foundation
import Testing

@Suite("sky bench --save and --baseline", .serialized)
struct BenchBaselineTests {
    typealias Folder = OutputPathTests.Folder

    /// A saved bench whose engine ran a million times faster than any can: against it, any real
    /// engine is slower far beyond the noise. A comparison needs the rows alone, not the figures.
    static func impossibleBaseline(cores: Int) -> String {
        let fast = (0..<9).map { "\(1e12 + Double($0) * 1e9)" }.joined(separator: ",")
        return """
            {"kind":"sky bench samples","version":1,"sky":"0.0.0","date":"2026-01-01T00:00:00Z",
             "host":{"name":"elsewhere","cores":\(cores + 1),"cpu_model":"imaginary"},
             "rows":[{"key":"engine.engine_scans_per_second","name":"engine, scans/s","kind":"rate","samples":[\(fast)]}]}
            """
    }

    @Test("--fail-on-regression against an impossible baseline: exit status 4, the row named, a host warning, and --save writes the new bench")
    func regression() throws {
        let folder = try Folder()
        let baseline = folder.path + "/impossible.json"
        let cores = ProcessInfo.processInfo.activeProcessorCount
        try Self.impossibleBaseline(cores: cores).write(toFile: baseline, atomically: false, encoding: .utf8)
        let saved = folder.path + "/new.json"
        let outcome = try SkyBinary.run(["bench", "--quick", "--baseline", baseline, "--fail-on-regression", "--save", saved])
        #expect(outcome.status == 4, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("Against the baseline \(baseline): sky 0.0.0, saved 2026-01-01T00:00:00Z"))
        let line = try #require(outcome.stdout.split(separator: "\n").first { $0.hasPrefix("  engine, scans/s") })
        #expect(line.contains("% slower (95% interval "), "\(line)")
        #expect(outcome.stdout.contains("Worse than the baseline: 1 of 1 rows (engine, scans/s)."))
        // Every other row of this bench is missing from the baseline, and said so.
        #expect(outcome.stdout.contains("Not compared (in one bench only"))
        #expect(outcome.stdout.contains("kernel.ratio"))
        // One warning line: the baseline came from another host with another core count.
        let warnings = outcome.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(outcome.stderr)")
        #expect(warnings.first?.hasPrefix("sky: warning: the baseline ran on another machine (") == true)
        #expect(outcome.stderr.contains("\(cores) cores, not \(cores + 1)"))

        // The new bench was saved, whole: the next bench's baseline.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: saved))) as? [String: Any])
        #expect(object["kind"] as? String == "sky bench samples")
        #expect((object["host"] as? [String: Any])?["cores"] as? Int == cores)
        let rows = try #require(object["rows"] as? [[String: Any]])
        let engine = try #require(rows.first { $0["key"] as? String == "engine.engine_scans_per_second" })
        #expect((engine["samples"] as? [Double])?.count == 9)
        #expect(engine["kind"] as? String == "rate")

        // Without --fail-on-regression the same verdict is a report: exit 0, and with --format json
        // the comparison is in the object, row by row.
        let reported = try SkyBinary.run(["bench", "--quick", "--baseline", baseline, "--format", "json"])
        #expect(reported.status == 0, "\(reported.stderr)")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(reported.stdout.utf8)) as? [String: Any])
        let comparison = try #require(figures["baseline"] as? [String: Any])
        let compared = try #require(comparison["rows"] as? [[String: Any]])
        #expect(compared.map { $0["verdict"] as? String } == ["worse"])
        #expect((compared.first?["upper"] as? Double ?? 0) < 0)
    }

    @Test("Bad input: one line on stderr naming the flag and the problem, exit status 64, before any measuring", arguments: [
        (["--baseline", "{folder}/missing.json"], "--baseline: '{folder}/missing.json' cannot be read: No such file or directory"),
        (["--baseline", "{folder}/broken.json"], "--baseline: '{folder}/broken.json' is not a file saved by sky bench --save (not JSON)"),
        (["--baseline", "{folder}"], "--baseline: '{folder}' is a directory, not a file saved by sky bench --save"),
        (["--save", "{folder}"], "--save: '{folder}' is a directory, not a regular file; give the path of a regular file or of a new one"),
        (["--save", "{folder}/fifo"], "--save: '{folder}/fifo' is a FIFO, not a regular file"),
        (["--save", "{folder}/no/such/dir.json"], "cannot be written in '{folder}/no/such' (No such file or directory)"),
        (["--fail-on-regression"], "--fail-on-regression needs --baseline <file>"),
    ])
    func badInput(arguments: [String], message: String) throws {
        let folder = try Folder()
        try "{not json".write(toFile: folder.path + "/broken.json", atomically: false, encoding: .utf8)
        #expect(mkfifo(folder.path + "/fifo", 0o600) == 0)
        let outcome = try SkyBinary.run(["bench", "--quick"] + arguments.map { $0.replacingOccurrences(of: "{folder}", with: folder.path) })
        #expect(outcome.status == 64)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(message.replacingOccurrences(of: "{folder}", with: folder.path)), "\(outcome.stderr)")
        // The FIFO is still a FIFO, and nothing was written beside the files.
        var info = stat()
        #expect(lstat(folder.path + "/fifo", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["broken.json", "fifo"])
    }

    @Test("--help lists the flags and exit status 4, and docs/cli.md's table has it too")
    func help() throws {
        let help = try SkyBinary.run(["bench", "--help"]).stdout
        for flag in ["--save <file>", "--baseline <file>", "--fail-on-regression"] { #expect(help.contains(flag), "\(flag)") }
        #expect(ExitStatusRows.inHelp(help).contains(4))
        #expect(help.contains("  4    --fail-on-regression: a row was worse than in the --baseline file"), "\(help)")
        let cli = try String(contentsOfFile: SkyBinary.packageRoot + "/docs/cli.md", encoding: .utf8)
        let table = try #require(cli.components(separatedBy: "## Exit status").last)
        #expect(ExitStatusRows.inTable(table).contains(4))
    }
}
