#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// What a soak harness meets in the field, run on every change: a full disk, a closed or full
/// stdout, a reader that goes away, an events file that cannot keep up, and each signal. Every
/// case checks the exit status, the line on stderr, and that the files left behind (events, trace,
/// metrics) are complete and valid.
@Suite("Hostile outputs and signals, headless", .serialized)
struct HostileOutputTests {
    /// Scans cheap enough for a debug build to finish quickly.
    static let quickRun = "--total 50 --batch 2 --seed 3 --work 0 --no-tui"
    /// Scans long enough (seconds in a debug build) that the run is still going when it is hit.
    static let longRun = "--total 100 --batch 2 --seed 3 --work 3000000 --no-tui"

    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    @Test("A full stdout loses the summary: exit 74, one line saying so, and the files still complete",
          arguments: ["text", "json"])
    func fullStdout(format: String) throws {
        let files = try RunFiles()
        let outcome = try SkyBinary.shell(
            "\"$SKY\" \(Self.quickRun) --format \(format) \(files.flags.joined(separator: " ")) > /dev/full")
        #expect(outcome.status == 74)
        #expect(Self.lines(outcome.stderr) == ["sky: error: could not write to stdout (No space left on device): the summary is lost"])
        #expect(try files.expectCompleteEvents() == 50)
        try files.expectCompleteTrace()
        try files.expectFinalMetrics(status: 74)
    }

    @Test("A closed stdout: exit 74 and one line; no file sky opens takes stdout's place")
    func closedStdout() throws {
        let files = try RunFiles()
        let outcome = try SkyBinary.shell("\"$SKY\" \(Self.quickRun) --format json \(files.flags.joined(separator: " ")) >&-")
        #expect(outcome.status == 74)
        #expect(Self.lines(outcome.stderr) == ["sky: error: could not write to stdout (it was closed when sky started): the summary is lost"])
        // Every line is an event: the summary did not land in the events file.
        #expect(try files.eventLines().allSatisfy { $0["event"] != nil })
        #expect(try files.expectCompleteEvents() == 50)
        try files.expectCompleteTrace()
        try files.expectFinalMetrics(status: 74)
    }

    @Test("A reader that goes away stops the run as SIGTERM would, and sky exits 141 as a pipeline expects",
          arguments: [("text", "head -1 > /dev/null"), ("json", "true")])
    func readerGone(format: String, reader: String) throws {
        let files = try RunFiles()
        let status = files.folder + "/status"
        let outcome = try SkyBinary.shell(
            "\"$SKY\" \(Self.longRun) --format \(format) \(files.flags.joined(separator: " ")) | \(reader); echo ${PIPESTATUS[0]} > \(status)")
        #expect(outcome.status == 0)
        #expect(try String(contentsOfFile: status, encoding: .utf8) == "141\n")
        // The end of a pipeline is no error: nothing on stderr.
        #expect(outcome.stderrBesidesStatus.isEmpty, "\(outcome.stderr)")
        let scheduled = try files.expectCompleteEvents()
        #expect(scheduled == 100)
        #expect(try files.expectCompleteTrace().instants.contains("cancel"))
        try files.expectFinalMetrics(status: 141)
        #expect(RunFiles.verdict(in: try files.samples()) == "untrustworthy")
    }

    @Test("An events file on a full disk: exit 74, one line, the verdict is untrustworthy, and the metrics are complete")
    func fullDisk() throws {
        let files = try RunFiles()
        // /dev/full takes the writes and fails every one, as a full disk does.
        let outcome = try SkyBinary.shell("\"$SKY\" \(Self.quickRun) --format json --events /dev/full --metrics-file \(files.metrics)")
        #expect(outcome.status == 74)
        #expect(Self.lines(outcome.stderr) == ["sky: error: the events file is incomplete: a write failed (No space left on device)"])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(summary["exit_status"] as? Int == 74)
        #expect(VerdictJSON(summary).result == "untrustworthy")
        try files.expectFinalMetrics(status: 74)
    }

    @Test("An events file that fails mid-soak makes the live verdict untrustworthy at once, while sky_running is 1")
    func failedEventsSeenLive() throws {
        let files = try RunFiles()
        let (process, out, err) = try SkyBinary.launch(
            ["soak", "--duration", "60s", "--work", "1000", "--no-tui", "--report-every", "0.2s", "--events", "/dev/full", "--metrics-file", files.metrics])
        // Bounded: the soak's own minute, or 30 s of looking.
        var seen = false
        for _ in 0..<3_000 where process.isRunning {
            if let samples = try? files.samples(), samples["sky_running"] == 1, RunFiles.verdict(in: samples) == "untrustworthy" {
                seen = true
                break
            }
            usleep(10_000)
        }
        kill(process.processIdentifier, SIGTERM)
        let outcome = SkyBinary.finish(process, out, err)
        #expect(seen, "the metrics said PASS while the events file was failing")
        #expect(outcome.status == 143)
    }

    @Test("An events file past the size limit (ulimit -f) fails its writes instead of killing sky")
    func fileSizeLimit() throws {
        let files = try RunFiles()
        // 8 KiB: room for the metrics file (about 5 KiB on two CPUs), not for the events of 50 scans (about 13).
        let outcome = try SkyBinary.shell("ulimit -f 8; \"$SKY\" \(Self.quickRun) --events \(files.events) --metrics-file \(files.metrics)")
        #expect(outcome.status == 74)
        #expect(Self.lines(outcome.stderr) == ["sky: error: the events file is incomplete: a write failed (File too large)"])
        #expect(outcome.stdout.contains("sky: finished 50 scans"), "the summary is whole: \(outcome.stdout)")
        // What was written is whole lines up to the limit.
        #expect(try files.eventLines().count > 0)
        try files.expectFinalMetrics(status: 74)
    }

    @Test("An events file that cannot keep up: a warning at once, exit 74, the verdict is untrustworthy, and the file counts the loss")
    func droppedEvents() throws {
        let files = try RunFiles()
        let fifo = files.folder + "/events.fifo"
        let go = files.folder + "/go"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader holds the FIFO open without reading until sky has warned, so the buffer
        // fills however fast the machine is; then it drains it, so sky can finish. The waits are
        // bounded (a minute), guards against a hang rather than timings.
        let script = """
            ( exec 3< \(fifo); for i in $(seq 1200); do [ -e \(go) ] && break; sleep 0.05; done; cat <&3 > /dev/null ) &
            "$SKY" soak --total 300000 --batch 2 --work 0 --no-tui --format json --events \(fifo) --metrics-file \(files.metrics) 2> \(files.folder)/err &
            sky=$!
            for i in $(seq 1200); do grep -q "cannot keep up" \(files.folder)/err && break; sleep 0.05; done
            touch \(go)
            wait $sky; status=$?
            cat \(files.folder)/err >&2
            exit $status
            """
        let outcome = try SkyBinary.shell(script)
        #expect(outcome.status == 74)
        // The status lines go to stderr too in JSON mode; these are sky's own messages.
        #expect(Self.lines(outcome.stderr).filter { $0.hasPrefix("sky:") }.count == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("sky: warning: the events file cannot keep up; events are being left out"))
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let dropped = try #require(summary["events_dropped"] as? Int)
        #expect(dropped > 0)
        #expect(outcome.stderr.contains("sky: error: the events file is incomplete: \(dropped) events were left out (it could not keep up)"))
        #expect(VerdictJSON(summary).result == "untrustworthy")
        #expect(VerdictJSON(summary).reason.hasPrefix("the events file is incomplete"))
        let samples = try files.samples()
        #expect(samples["sky_dropped_events_total{file=\"events\"}"] == Double(dropped))
        #expect(RunFiles.verdict(in: samples) == "untrustworthy")
        #expect(samples["sky_exit_status"] == 74)
    }

    @Test("Each signal stops a headless run with 128 + its number, the summary, and complete files",
          arguments: [(SIGHUP, Int32(129)), (SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func signals(signal: Int32, status: Int32) throws {
        let files = try RunFiles()
        let (process, out, err) = try SkyBinary.launch(Self.longRun.split(separator: " ").map(String.init) + files.flags + ["--format", "json"])
        guard SkyBinary.waitForStarts(2, in: files.events, of: process) else {
            Issue.record("sky never started two scans")
            return
        }
        kill(process.processIdentifier, signal)
        let outcome = SkyBinary.finish(process, out, err)
        #expect(outcome.status == status)
        #expect(outcome.stderrBesidesStatus.isEmpty, "\(outcome.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(summary["exit_status"] as? Int == Int(status))
        #expect(VerdictJSON(summary).result == "untrustworthy", "cut short with nothing failed")
        #expect(try files.expectCompleteEvents() == summary["scheduled"] as? Int)
        #expect(try files.expectCompleteTrace().instants.contains("cancel"))
        try files.expectFinalMetrics(status: status)
    }
}
