#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// A refused run touches nothing: every output is checked and opened before any is emptied
/// (`Sources/SkyReport/Support/OutputClaim.swift`), one run owns a path, and a limit too low to
/// run is one line and exit 71 before any output is opened.
@Suite("A refused run touches nothing", .serialized)
struct RefusedRunTests {
    static let run = "\"$SKY\" --total 5 --work 1000 --no-tui"

    /// A folder holding an events file and a trace that hold something precious.
    struct Precious: ~Copyable {
        let folder: String
        var events: String { folder + "/keep.jsonl" }
        var trace: String { folder + "/keep.json" }

        init() throws {
            folder = SkyBinary.temporaryPath("refused")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try "PRECIOUS\n".write(toFile: events, atomically: false, encoding: .utf8)
            try "TRACE\n".write(toFile: trace, atomically: false, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        /// Every name in the folder, with what a regular file holds.
        func contents() throws -> [String: String] {
            var contents: [String: String] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
                contents[name] = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? "?"
            }
            return contents
        }

        static let untouched = ["keep.jsonl": "PRECIOUS\n", "keep.json": "TRACE\n"]
    }

    @Test("A bad path among the outputs refuses the run with 64, and the others are as they were",
          arguments: ["--metrics-file nodir/m.prom", "--trace nodir/t.json", "--metrics-file nodir/m.prom --trace NEW"])
    func badPath(flags: String) throws {
        let files = try Precious()
        let outcome = try SkyBinary.shell(
            "cd \(files.folder) && \(Self.run) --events keep.jsonl \(flags.replacingOccurrences(of: "NEW", with: "new.json"))")
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix("sky: error: --"), "\(outcome.stderr)")
        #expect(try files.contents() == Precious.untouched, "a created file is removed, an existing one left whole")
    }

    @Test("Too few descriptors: one line naming the limit, exit 71, and no output touched")
    func tooFewDescriptors() throws {
        let files = try Precious()
        let outcome = try SkyBinary.shell("ulimit -n 6; \(Self.run) --events \(files.events) --trace \(files.trace) --metrics-file \(files.folder)/m.prom")
        #expect(outcome.status == 71)
        #expect(outcome.stderr.hasPrefix("sky: error: too few file descriptors: the limit (ulimit -n) is 6"), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(try files.contents() == Precious.untouched)
    }

    @Test("Too few threads (ulimit -u, which binds only a user who is not root): one line naming the limit, exit 71")
    func tooFewThreads() throws {
        // As `nobody`, whom the limit binds; where nobody cannot run the build's binary, there is
        // nothing to try.
        let probe = try SkyBinary.shell("su nobody -s /bin/bash -c 'test -x \"$SKY\"'")
        guard probe.status == 0 else { return }
        let outcome = try SkyBinary.shell("su nobody -s /bin/bash -c 'ulimit -u 3; exec \"$SKY\" --total 5 --work 1000 --no-tui'")
        #expect(outcome.status == 71, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("sky: error: too few threads: the limit of processes (ulimit -u) is 3"), "\(outcome.stderr)")
    }

    @Test("A second run on the events or metrics file of a run still writing it is refused, and the first run's files stay whole")
    func secondRunOnTheSamePath() throws {
        let files = try RunFiles()
        let (first, out, err) = try SkyBinary.launch(
            ["--total", "100", "--batch", "2", "--seed", "3", "--work", "3000000", "--no-tui", "--failure-rate", "0",
             "--events", files.events, "--metrics-file", files.metrics])
        guard SkyBinary.waitForStarts(2, in: files.events, of: first) else {
            Issue.record("the first run never started two scans")
            return
        }
        let sameEvents = try SkyBinary.run(["--total", "5", "--work", "0", "--no-tui", "--events", files.events])
        let other = files.folder + "/other.jsonl"
        let sameMetrics = try SkyBinary.run(["--total", "5", "--work", "0", "--no-tui", "--events", other, "--metrics-file", files.metrics])
        let running = try String(contentsOfFile: files.metrics, encoding: .utf8)
        kill(first.processIdentifier, SIGTERM)
        _ = SkyBinary.finish(first, out, err)
        #expect(sameEvents.status == 64)
        #expect(sameEvents.stderr.contains("is the events file of another sky run that is still writing it"), "\(sameEvents.stderr)")
        #expect(sameMetrics.status == 64)
        #expect(sameMetrics.stderr.contains("is the metrics file of another sky run that is still writing it"), "\(sameMetrics.stderr)")
        #expect(running.contains("sky_running 1"), "the second run wrote over the first's metrics:\n\(running)")
        #expect(!FileManager.default.fileExists(atPath: other), "the refused run left its events file")
        try files.expectCompleteEvents()
        // The lock beside the metrics file goes with the run that made it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.folder).sorted() == ["events.jsonl", "sky.prom"])
    }

    @Test("An output that is the file stdout goes to is refused, and the file is left as it was")
    func outputIsStdout() throws {
        let files = try Precious()
        let outcome = try SkyBinary.shell("\(Self.run) --format json --events /dev/stdout >> \(files.events)")
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("is the same file as stdout"), "\(outcome.stderr)")
        #expect(try files.contents() == Precious.untouched)
    }
}
