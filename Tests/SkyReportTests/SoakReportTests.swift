#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SkyHost
import Testing
@testable import SkyCore
@testable import SkyFormat
@testable import SkySoak
@testable import SkyReport

/// Interval lines, throttling, the metrics file, the verdict, and an events file that falls behind.
@Suite("Soak reports")
struct SoakReportTests {
    /// A snapshot of a run `elapsed` in, with `completed` scans done.
    static func snapshot(completed: Int, elapsed: Duration, verificationFailures: Int = 0, verify: Bool = true) -> ScanSnapshot {
        var snapshot = ScanSnapshot(
            configuration: RunConfiguration(total: nil, duration: .seconds(600), batch: 2, seed: 1, verify: verify))
        snapshot.progress.phase = .running
        snapshot.progress.counters.scheduled = completed + verificationFailures
        snapshot.progress.counters.completed = completed
        snapshot.progress.counters.verificationFailures = verificationFailures
        snapshot.progress.elapsed = elapsed
        return snapshot
    }

    /// A metrics file at `path` of runs on host `h`.
    static func metricsFile(_ path: String) -> MetricsFile {
        MetricsFile(path: path, host: HostDescription(name: "h", kernel: "6.1.0-k", cpuModel: "m"))
    }

    @Test("Intervals close at their boundaries and count the scans in each")
    func intervals() {
        var recorder = IntervalRecorder(every: .seconds(10), cores: 2)
        var closed: [IntervalFigures] = []
        for second in 1...35 {
            let at = Duration.seconds(second)
            if let interval = recorder.observe(Self.snapshot(completed: 4 * second, elapsed: at), at: at, residentBytes: 1) {
                closed.append(interval)
            }
        }
        #expect(closed.map(\.scans) == [40, 40, 40])
        #expect(closed.map(\.end) == [.seconds(10), .seconds(20), .seconds(30)])
        #expect(closed.allSatisfy { $0.scansPerSecond == 4 && $0.scansPerSecondPerCore == 2 })
        let last = recorder.finish(Self.snapshot(completed: 140, elapsed: .seconds(35)), residentBytes: 1)
        #expect(last?.scans == 20)
        #expect(last?.totalScans == 140)
    }

    @Test("The summary gives the intervals' length to a tenth of a second under ten seconds, whole seconds above",
          arguments: [(Duration.milliseconds(200), "of about 0.2 s"), (.milliseconds(1500), "of about 1.5 s"), (.seconds(10), "of about 10 s")])
    func intervalLength(every: Duration, phrase: String) async {
        let summary = await ScanModel(configuration: RunConfiguration(total: 4, batch: 2, seed: 1, work: 0)).run()
        var recorder = IntervalRecorder(every: every, cores: 2)
        var intervals: [IntervalFigures] = []
        for step in 1...3 {
            let at = every * step
            if let interval = recorder.observe(Self.snapshot(completed: step, elapsed: at), at: at, residentBytes: 1) {
                intervals.append(interval)
            }
        }
        let text = TextSummary.format(summary, replay: "sky", dashboard: nil, observations: RunObservations(intervals: intervals))
        #expect(text.contains("intervals: 3 \(phrase)"), "\(text)")
    }

    @Test("Past the limit, neighbouring intervals merge: memory stays flat and the run stays covered")
    func intervalsMerge() {
        var recorder = IntervalRecorder(every: .seconds(1), cores: 1)
        let seconds = IntervalRecorder.limit * 5 + 3
        for second in 1...seconds {
            let at = Duration.seconds(second)
            _ = recorder.observe(Self.snapshot(completed: second * 3, elapsed: at), at: at, residentBytes: 0)
        }
        #expect(recorder.intervals.count <= IntervalRecorder.limit)
        #expect(recorder.closedCount == seconds)
        #expect(recorder.intervals.first?.start == .zero)
        #expect(recorder.intervals.last?.end == .seconds(seconds))
        #expect(recorder.intervals.map(\.scans).reduce(0, +) == seconds * 3)
        for (earlier, later) in zip(recorder.intervals, recorder.intervals.dropFirst()) { #expect(earlier.end == later.start) }
    }

    @Test("A steady rate raises no throttling warning; a fall of more than 10% does", arguments: [(1.0, false), (0.95, false), (0.8, true)])
    func throttling(factor: Double, warns: Bool) {
        var recorder = IntervalRecorder(every: .seconds(10), cores: 2)
        var scans = 0.0
        for tenth in 1...(200 * 10) {
            let at = Duration.milliseconds(100 * tenth)
            // 10 scans a second for two minutes, then `factor` times that.
            scans += tenth <= 1_200 ? 1 : factor
            _ = recorder.observe(Self.snapshot(completed: Int(scans), elapsed: at), at: at, residentBytes: 0)
        }
        let warning = recorder.throttle.warning
        #expect((warning != nil) == warns)
        if let warning {
            #expect(abs(warning.baseline - 10) < 0.2)
            #expect(warning.lowestRate < 8.5)
            #expect(warning.active)
            #expect(warning.firstAt > .seconds(120))
        }
    }

    @Test("The metrics file is Prometheus text, replaced atomically")
    func metricsFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sky-\(UInt32.random(in: 0...UInt32.max)).prom").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = Self.metricsFile(path)
        var snapshot = Self.snapshot(completed: 41, elapsed: .seconds(12), verificationFailures: 2)
        snapshot.progress.counters.failed = 3
        snapshot.progress.counters.scheduled += 3
        let reading = MetricsReading(
            snapshot: snapshot, elapsed: .seconds(12), cores: 2, residentBytes: 9_000_000, openDescriptors: 5, throttled: true,
            eventsDropped: 0, started: UTCTime(secondsSinceEpoch: 1_000), exitStatus: nil, verdict: .fail)
        try file.write(reading)
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
        let samples = try PrometheusText.parse(String(contentsOfFile: path, encoding: .utf8))
        #expect(samples["sky_scans_total{outcome=\"completed\"}"] == 41)
        #expect(samples["sky_scans_total{outcome=\"failed\"}"] == 3)
        #expect(samples["sky_scans_total{outcome=\"verification_failed\"}"] == 2)
        #expect(samples["sky_verification_failures_total"] == 2)
        #expect(samples["sky_running"] == 1)
        #expect(samples["sky_batch"] == 2)
        #expect(samples["sky_throttled"] == 1)
        #expect(samples["sky_verdict{verdict=\"fail\"}"] == 1)
        #expect(samples["sky_verdict{verdict=\"pass\"}"] == 0)
        #expect(samples["sky_remaining_seconds"] == 588)
        #expect(samples["sky_scans_per_second"] != nil)
        #expect(samples["sky_exit_status"] == nil)
    }

    @Test("A metrics file whose name is as long as a name may be has a temporary beside it, and a run ended by a signal says it has ended")
    func longNameAndEnded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sky-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + String(repeating: "m", count: 250) + ".prom"
        var reading = MetricsReading(
            snapshot: Self.snapshot(completed: 4, elapsed: .seconds(1)), elapsed: .seconds(1), cores: 2, residentBytes: 1, openDescriptors: 5,
            throttled: false, eventsDropped: 0, started: UTCTime(secondsSinceEpoch: 1_000), exitStatus: 143, verdict: .untrustworthy)
        reading.snapshot.progress.phase = .running
        try Self.metricsFile(path).write(reading)
        let samples = try PrometheusText.parse(String(contentsOfFile: path, encoding: .utf8))
        #expect(samples["sky_running"] == 0, "an exit status means the run has ended, whatever its last snapshot said")
        #expect(samples["sky_exit_status"] == 143)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [(path as NSString).lastPathComponent])
    }

    @Test("The verdict: a verification failure fails the run; a cut short run or a lost record is untrustworthy; a completed soak passes")
    func verdicts() async {
        let clean = await ScanModel(configuration: RunConfiguration(total: 6, batch: 2, seed: 1, work: 0, verify: true)).run()
        #expect(Verdict(clean, observations: RunObservations()).result == .pass)
        #expect(Verdict(clean, observations: RunObservations()).reason.contains("every result verified"))
        let signalled = Verdict(clean, observations: RunObservations(signal: 15))
        #expect(signalled.result == .untrustworthy)
        #expect(signalled.reason.contains("SIGTERM"))
        #expect(Verdict(clean, observations: RunObservations(signal: 13)).reason.contains("SIGPIPE"))
        // A record that lost events is not to be trusted, whether they were dropped or a write failed.
        let dropped = Verdict(clean, observations: RunObservations(eventsDropped: 3))
        #expect(dropped.result == .untrustworthy)
        #expect(dropped.reason == "the events file is incomplete: 3 events were left out (it could not keep up)")
        var failed = RunObservations()
        failed.events.failure = WriteFailure(reason: "No space left on device")
        #expect(Verdict(clean, observations: failed).line
            == "verdict: UNTRUSTWORTHY: the events file is incomplete: a write failed (No space left on device)")
        let traceDropped = Verdict(clean, observations: RunObservations(traceDropped: 2))
        #expect(traceDropped.reason == "the trace file is incomplete: 2 events were left out (it could not keep up)")
        #expect(Verdict(clean, observations: RunObservations(traceDropped: 0)).passed)
        // Steal above the line makes the rates the hypervisor's; at or below it, nothing is said.
        let stolen = Verdict(clean, observations: RunObservations(hostSteal: Verdict.heavySteal + 0.13))
        #expect(stolen.result == .untrustworthy)
        #expect(stolen.reason.contains("stole 23% of its CPU time"))
        #expect(Verdict(clean, observations: RunObservations(hostSteal: Verdict.heavySteal)).result == .pass)
        let faulty = await ScanModel(
            configuration: RunConfiguration(total: 20, batch: 2, seed: 1, failureRate: 0, work: 0, verify: true, corruptionRate: 0.5)
        ).run()
        let verdict = Verdict(faulty, observations: RunObservations())
        #expect(verdict.result == .fail)
        #expect(verdict.reason.contains("possible hardware fault"))
        #expect(TextSummary.format(faulty, replay: "sky").split(separator: "\n").last.map(String.init) == verdict.line)
        // A failure and a doubt: FAIL decides, and both reasons are given, the failure first.
        let both = Verdict(faulty, observations: RunObservations(signal: 15))
        #expect(both.result == .fail)
        #expect(both.reasons.count == 2 && both.reasons[0].contains("possible hardware fault") && both.reasons[1].contains("SIGTERM"))
        let json = try? JSONSerialization.jsonObject(with: Data(JSONSummary(faulty, exitStatus: 2).encoded().utf8)) as? [String: Any]
        let object = json?["verdict"] as? [String: Any]
        #expect(object?["result"] as? String == "fail")
        #expect(object?["reasons"] as? [String] == verdict.reasons)
        #expect(json?["verification_failures"] as? Int == faulty.counters.verificationFailures)
        #expect((json?["verification_errors"] as? [Any])?.count == faulty.counters.verificationFailures)
    }

    @Test("The verdict so far weighs what the loop has seen beside the engine, as the verdict at the end does")
    func verdictSoFar() async {
        let running = Self.snapshot(completed: 40, elapsed: .seconds(30))
        #expect(Verdict.sofar(running, observations: RunObservations()) == Verdict(.pass, reasons: ["so far"]))
        // A file that has already left events out, or heavy steal, cannot end in PASS.
        let dropped = Verdict.sofar(running, observations: RunObservations(eventsDropped: 3))
        #expect(dropped.result == .untrustworthy)
        #expect(dropped.reasons == ["the events file is incomplete: 3 events were left out (it could not keep up)"])
        #expect(Verdict.sofar(running, observations: RunObservations(hostSteal: 0.3)).reason.contains("stole 30%"))
        #expect(Verdict.sofar(running, observations: RunObservations(hostSteal: Verdict.heavySteal)).passed)
        // A fault decides over a doubt, and both are given.
        let faulty = Self.snapshot(completed: 40, elapsed: .seconds(30), verificationFailures: 1)
        let both = Verdict.sofar(faulty, observations: RunObservations(traceDropped: 2))
        #expect(both.result == .fail)
        #expect(both.reasons.count == 2 && both.reasons[1].hasPrefix("the trace file is incomplete"))
        // Once the run has finished, the verdict so far is the verdict the summary gives, for the same observations.
        let clean = await ScanModel(configuration: RunConfiguration(total: 6, batch: 2, seed: 1, work: 0, verify: true)).run()
        for observations in [RunObservations(), RunObservations(eventsDropped: 1), RunObservations(hostSteal: 0.5), RunObservations(traceDropped: 4)] {
            #expect(Verdict.sofar(clean.snapshot, observations: observations) == Verdict(clean, observations: observations))
        }
    }

    @Test("An events file that cannot keep up drops and counts events instead of blocking the run")
    func eventsFileFallsBehind() throws {
        // A pipe nobody reads fills after a few kilobytes, so the writer thread blocks on it.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sky-fifo-\(UInt32.random(in: 0...UInt32.max))").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let file = try EventsFile(path: path)
        let event = ScanEvent(kind: .started, scan: 1, priority: .high, slot: 0, time: .seconds(1))
        let line = EventLine.format(event).utf8.count
        let offered = EventsFile.bufferLimit / line + 100_000
        // Would hang here if a full buffer blocked the caller.
        for _ in 0..<offered { file.record(event) }
        #expect(file.dropped > 0)
        #expect(file.lines + file.dropped == offered)
        // Now read everything, so the writer can finish; the last line counts what was lost.
        let dropped = file.dropped
        let drained = Locked<[UInt8]>([])
        let readerDone = DispatchSemaphore(value: 0)
        let readerThread = Thread {
            defer { readerDone.signal() }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            var flags = fcntl(reader, F_GETFL)
            flags &= ~O_NONBLOCK
            _ = fcntl(reader, F_SETFL, flags)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                drained.withLock { $0.append(contentsOf: buffer[..<count]) }
            }
        }
        readerThread.start()
        #expect(file.close() == nil)
        #expect(readerDone.wait(timeout: .now() + 60) == .success, "the reader never saw the file's end")
        let text = String(decoding: drained.withLock { $0 }, as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == file.lines + 1)
        #expect(lines.last.map(String.init) == #"{"event":"dropped","count":\#(dropped)}"#)
    }
}

/// A strict reader of the Prometheus text exposition format (version 0.0.4), enough to check
/// what sky writes: every line is a comment (`# HELP name text`, `# TYPE name type`) or a sample
/// `name{label="value",...} number`, each metric's TYPE comes before its samples (a histogram's
/// samples are its name with `_bucket`, `_sum` or `_count`), and names are valid. Returns the
/// samples keyed by name and labels.
enum PrometheusText {
    struct Malformed: Error, CustomStringConvertible {
        let line: String
        var description: String { "not Prometheus text: \(line)" }
    }

    static func parse(_ text: String) throws -> [String: Double] {
        let name = #/[a-zA-Z_:][a-zA-Z0-9_:]*/#
        let sample = #/^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*")(,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*")*\})? ([-+]?(?:[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?|Inf|NaN))$/#
        var typed: Set<String> = []
        var histograms: Set<String> = []
        var samples: [String: Double] = [:]
        guard text.hasSuffix("\n") else { throw Malformed(line: "(no final newline)") }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("# TYPE ") {
                let words = line.split(separator: " ")
                guard words.count == 4, words[2].wholeMatch(of: name) != nil,
                    ["counter", "gauge", "histogram", "summary", "untyped"].contains(words[3]),
                    typed.insert(String(words[2])).inserted
                else { throw Malformed(line: String(line)) }
                if words[3] == "histogram" { histograms.insert(String(words[2])) }
            } else if line.hasPrefix("# HELP ") {
                let words = line.split(separator: " ", maxSplits: 3)
                guard words.count >= 3, words[2].wholeMatch(of: name) != nil else { throw Malformed(line: String(line)) }
            } else if let match = line.wholeMatch(of: sample) {
                let metric = String(match.1)
                let family = ["_bucket", "_sum", "_count"].first { metric.hasSuffix($0) }.map { String(metric.dropLast($0.count)) }
                guard typed.contains(metric) && !histograms.contains(metric) || family.map(histograms.contains) == true,
                    let value = Double(match.5)
                else { throw Malformed(line: String(line)) }
                let key = metric + (match.2.map(String.init) ?? "")
                guard samples.updateValue(value, forKey: key) == nil else { throw Malformed(line: String(line)) }
            } else {
                throw Malformed(line: String(line))
            }
        }
        return samples
    }
}
