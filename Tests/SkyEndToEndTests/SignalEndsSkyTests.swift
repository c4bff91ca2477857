#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// A signal always ends Sky, whatever its main thread is doing (`Sources/SkyFrontEnd/SignalTrap.swift`):
/// blocked on a stdout nobody reads, Sky still ends with 128 + the signal, and its metrics file
/// says so. SIGPIPE is no signal to Sky: whose pipe broke decides.
@Suite("A signal always ends Sky", .serialized)
struct SignalEndsSkyTests {
    /// Every scan fails, so the JSON summary lists a thousand errors (about 70 KB): more than a
    /// pipe holds, the more so one cut to a page.
    static let bigSummary = ["--total", "3000", "--work", "0", "--failure-rate", "1", "--no-tui", "--format", "json"]

    /// Waits, with a bound, until `process` has written its final metrics: its run is over, and it
    /// is writing its summary.
    static func waitForFinalMetrics(_ files: borrowing RunFiles, of process: Process) -> Bool {
        for _ in 0..<6_000 {
            if (try? files.samples())?["sky_exit_status"] != nil { return true }
            usleep(10_000)
        }
        process.terminate()
        return false
    }

    /// Waits, with a bound, for `process` to end; `false` if it did not.
    static func waitForEnd(of process: Process) -> Bool {
        for _ in 0..<3_000 where process.isRunning { usleep(10_000) }
        return !process.isRunning
    }

    @Test("Blocked on a stdout nobody reads, one signal or two end Sky with 128 + the signal, and the metrics say it ended",
          arguments: [(SIGTERM, 1), (SIGTERM, 2), (SIGINT, 1), (SIGHUP, 2)])
    func blockedOnStdout(signal: Int32, times: Int) throws {
        let files = try RunFiles()
        let (process, out, err) = try SkyBinary.launch(Self.bigSummary + ["--metrics-file", files.metrics])
        // F_SETPIPE_SZ (Linux): the pipe holds a page, so the summary cannot fit whatever its size.
        _ = fcntl(out.fileHandleForReading.fileDescriptor, 1031, 4096)
        guard Self.waitForFinalMetrics(files, of: process) else {
            Issue.record("the run never ended")
            return
        }
        for _ in 0..<times { kill(process.processIdentifier, signal) }
        let ended = Self.waitForEnd(of: process)
        #expect(ended, "sky still running after its signal")
        if !ended { kill(process.processIdentifier, SIGKILL) }
        let outcome = SkyBinary.finish(process, out, err)
        #expect(process.terminationReason == .exit, "ended by its own exit, not by the signal's default action")
        #expect(outcome.status == 128 + signal)
        let samples = try files.samples()
        #expect(samples["sky_running"] == 0)
        #expect(samples["sky_exit_status"] == Double(128 + signal))
        // Every scan failed, so none completed: FAIL, which the signal does not soften.
        #expect(RunFiles.verdict(in: samples) == "fail")
        #expect(outcome.stderrBesidesStatus.contains("sky: stopped by SIG"), "\(outcome.stderr)")
    }

    @Test("An events FIFO whose reader holds it open and never reads: the run cannot finish its file, and a signal still ends Sky, the metrics saying so")
    func eventsReaderNeverReads() throws {
        let files = try RunFiles()
        let fifo = files.folder + "/events.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The test is the reader: it opens the FIFO, and reads nothing, ever.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        // Far more events than a pipe holds: the writer blocks, and the run's end waits for it.
        let (process, out, err) = try SkyBinary.launch(
            ["--total", "2000", "--work", "0", "--failure-rate", "0", "--no-tui", "--format", "json", "--events", fifo, "--metrics-file", files.metrics])
        // Sent once the metrics file is there (the signals are caught by then), mid-run or at the
        // end, the signal ends the run and then Sky.
        for _ in 0..<3_000 where (try? files.samples()) == nil { usleep(10_000) }
        kill(process.processIdentifier, SIGTERM)
        let ended = Self.waitForEnd(of: process)
        #expect(ended, "sky still running after its signal")
        if !ended { kill(process.processIdentifier, SIGKILL) }
        let outcome = SkyBinary.finish(process, out, err)
        #expect(outcome.status == 143)
        let samples = try files.samples()
        #expect(samples["sky_running"] == 0)
        #expect(samples["sky_exit_status"] == 143)
    }

    @Test("A reader that goes away after part of a failing run's summary: exit 141, nothing on stderr")
    func readerGoneOutranksTheVerdict() throws {
        let folder = SkyBinary.temporaryPath("pipe")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try SkyBinary.shell(
            "\"$SKY\" \(Self.bigSummary.joined(separator: " ")) | head -c 100 > /dev/null; echo ${PIPESTATUS[0]} > \(folder)/status")
        #expect(try String(contentsOfFile: folder + "/status", encoding: .utf8) == "141\n")
        #expect(outcome.stderrBesidesStatus.isEmpty, "\(outcome.stderr)")
    }

    @Test("The events FIFO's reader going away is a failed write of the events file: exit 74, and the run goes on to its end")
    func eventsReaderGone() throws {
        let files = try RunFiles()
        let fifo = files.folder + "/events.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader takes the first line and goes; the run has 40 scans to go, 20 ms apart.
        let outcome = try SkyBinary.shell(
            "(head -1 \(fifo) > /dev/null) & \"$SKY\" --total 40 --strategy serial --spacing 20ms --work 0 --failure-rate 0 --no-tui --format json --events \(fifo)")
        #expect(outcome.status == 74)
        #expect(outcome.stderrBesidesStatus.contains("the events file is incomplete"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("SIGPIPE"))
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(summary["completed"] as? Int == 40)
    }

    @Test("A SIGHUP ignored when Sky starts (nohup) stays ignored: the SIGTERM after it is the one that stops the run")
    func inheritedIgnore() throws {
        let files = try RunFiles()
        let outcome = try SkyBinary.shell("""
            trap '' HUP
            "$SKY" --total 100 --batch 2 --work 3000000 --no-tui --format json --events \(files.events) > /dev/null &
            pid=$!
            for _ in $(seq 3000); do grep -q '"started"' \(files.events) 2>/dev/null && break; sleep 0.01; done
            kill -HUP $pid; kill -TERM $pid
            wait $pid
            """)
        #expect(outcome.status == 143, "\(outcome.stderr)")
    }
}
