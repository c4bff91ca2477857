#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import SkyCore
@testable import SkySoak
@testable import SkyReport

@Suite("The trace file")
struct TraceTests {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not JSON: \(text)")
    }

    /// A line of the trace without its leading comma, as one JSON object.
    static func event(_ record: String) throws -> [String: Any] {
        try object(String(record.drop { $0 == "," }))
    }

    static let configuration = RunConfiguration(total: 10, batch: 2, seed: 9, work: 0)

    @Test("A span carries its scan, slot, times in microseconds and the documented args")
    func span() throws {
        let span = ScanSpan(startedAt: .microseconds(1_500), wait: .microseconds(250), child: ChildView(taskName: "scan 7", scan: 7, base: .high, current: .medium))
        let completed = ScanEvent(
            kind: .completed(ScanResult(signals: 3, checksum: 0xab)), scan: 7, priority: .high, slot: 2, time: .microseconds(4_000), span: span)
        let record = try #require(TraceEvent.span(completed))
        #expect(record.hasPrefix(",{") && record.hasSuffix("}\n"))
        let event = try Self.event(record)
        #expect(event["name"] as? String == "scan 7")
        #expect(event["ph"] as? String == "X")
        #expect(event["ts"] as? Int == 1_500)
        #expect(event["dur"] as? Int == 2_500)
        #expect(event["tid"] as? Int == 1002, "slot 2's track")
        let args = try #require(event["args"] as? [String: Any])
        #expect(args["task"] as? String == "scan 7")
        #expect(args["priority_asked"] as? String == "high")
        #expect(args["priority_base"] as? String == "high")
        #expect(args["priority_current"] as? String == "medium")
        #expect(args["outcome"] as? String == "completed")
        #expect(args["wait_ms"] as? Double == 0.25)
        #expect(args["checksum"] as? String == "00000000000000ab")

        let failed = ScanEvent(kind: .failed(.signalLost), scan: 3, priority: .low, slot: 0, time: .seconds(1), span: ScanSpan(startedAt: .zero, wait: .zero))
        let failedRecord = try #require(TraceEvent.span(failed))
        let failedArgs = try #require(try Self.event(failedRecord)["args"] as? [String: Any])
        #expect(failedArgs["error"] as? String == "signal lost")
        // Unknown to the trace, so left out rather than guessed.
        #expect(failedArgs["task"] == nil && failedArgs["priority_base"] == nil && failedArgs["priority_current"] == nil && failedArgs["checksum"] == nil)
    }

    @Test("Only the end of a started scan is a span")
    func notSpans() {
        let span = ScanSpan(startedAt: .zero, wait: .zero)
        #expect(TraceEvent.span(ScanEvent(kind: .cancelled, scan: 1, priority: .low, slot: nil, time: .seconds(1))) == nil)
        #expect(TraceEvent.span(ScanEvent(kind: .started, scan: 1, priority: .low, slot: 0, time: .seconds(1))) == nil)
        #expect(TraceEvent.span(ScanEvent(kind: .cancelled, scan: 1, priority: .low, slot: 0, time: .seconds(1), span: span)) != nil)
    }

    @Test("The run's changes are instants; counters carry three series", arguments: [
        (RunChange.Kind.batch(6), "batch"), (.paused, "pause"), (.resumed, "resume"), (.step, "step"), (.timeUp, "time up"),
        (.stopping(.cancelled), "cancel"), (.stopping(.failFast(scan: 4)), "fail fast"), (.stopping(.thrown(scan: 5)), "throw"),
    ])
    func instants(kind: RunChange.Kind, name: String) throws {
        let instant = try Self.event(TraceEvent.instant(RunChange(kind, at: .milliseconds(12))))
        #expect(instant["name"] as? String == name)
        #expect(instant["ph"] as? String == "i")
        #expect(instant["ts"] as? Int == 12_000)
        let counters = try Self.event(TraceEvent.counters(running: 4, waiting: 16, executing: 2, at: .milliseconds(3)))
        #expect(counters["ph"] as? String == "C")
        #expect(counters["args"] as? [String: Int] == ["running": 4, "waiting": 16, "executing": 2])
    }

    @Test("A task's name is quoted as JSON, whatever it holds")
    func quoting() throws {
        let name = "odd \"name\" \\ \n\u{1}"
        let text = "{\"name\":\(TraceEvent.quoted(name))}"
        #expect(try Self.object(text)["name"] as? String == name)
    }

    @Test("Cut after any whole line, the trace closes into valid JSON with its ending")
    func cutAnywhere() throws {
        let span = ScanSpan(startedAt: .zero, wait: .zero, child: ChildView(taskName: "scan 0", scan: 0))
        let records = [
            TraceEvent.header(Self.configuration), TraceEvent.track(slot: 0),
            TraceEvent.span(ScanEvent(kind: .cancelled, scan: 0, priority: .low, slot: 0, time: .seconds(1), span: span))!,
            TraceEvent.instant(RunChange(.paused, at: .seconds(1))), TraceEvent.dropped(count: 3, at: .seconds(2)),
        ]
        let lines = records.joined().split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let ending = TraceEvent.ending
        for kept in 0...lines.count {
            let cut = lines.prefix(kept).map { $0 + "\n" }.joined()
            let closed = cut + String(decoding: kept == 0 ? ending.alone : ending.afterRecords, as: UTF8.self)
            let document = try Self.object(closed)
            #expect((document["traceEvents"] as? [Any])?.count == max(0, kept - 1), "\(closed)")
        }
    }

    @Test("A run's trace: one span per started scan, each slot's track named, counters sampled and closed at zero")
    func run() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sky-\(UInt64.random(in: 0...UInt64.max)).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try TraceFile(path: path, configuration: Self.configuration)
        let model = ScanModel(configuration: Self.configuration, sinks: [file])
        file.sample(model.snapshot(), at: .zero)
        let summary = await model.run()
        #expect(file.close(at: summary.snapshot.elapsed) == nil)
        let events = try #require(try Self.object(String(contentsOfFile: path, encoding: .utf8))["traceEvents"] as? [[String: Any]])
        let spans = events.filter { $0["ph"] as? String == "X" }
        #expect(spans.count == 10)
        #expect(Set(spans.compactMap { ($0["args"] as? [String: Any])?["task"] as? String }) == Set((0..<10).map { "scan \($0)" }))
        let tracks = events.filter { $0["name"] as? String == "thread_name" }.compactMap { $0["tid"] as? Int }
        #expect(Set(tracks) == Set(spans.compactMap { $0["tid"] as? Int }))
        // Perfetto merges a thread whose id is 0 or the pid into the process's main thread.
        #expect(events.allSatisfy { $0["tid"] as? Int != 0 && $0["tid"] as? Int != $0["pid"] as? Int })
        #expect(events.allSatisfy { $0["ts"] != nil }, "every record has a time, metadata too")
        let counters = events.filter { $0["ph"] as? String == "C" }
        #expect(counters.last?["args"] as? [String: Int] == ["running": 0, "waiting": 0, "executing": 0])
    }

    @Test("A trace that cannot be written at all says so: not even its end could be written")
    func fullDevice() throws {
        let file = try TraceFile(path: "/dev/full", configuration: Self.configuration)
        let failure = try #require(file.close(at: .seconds(1)))
        #expect(failure.reason == String(cString: strerror(ENOSPC)))
        #expect(!failure.ended)
        #expect(OutputLoss(file: OutputLoss.traceFile, failure: failure).line
            == "the trace file is incomplete: a write failed (No space left on device); not even its end could be written, so it does not parse")
    }

    @Test("The shared writer keeps records in order, counts them, and writes the ending once")
    func streamedFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sky-\(UInt64.random(in: 0...UInt64.max)).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = StreamedFile(claim: try OutputClaim(path: path, file: "test"), file: "test", ending: StreamedFile.Ending(afterRecords: "end\n", alone: "none\n"))
        for number in 0..<1000 { file.write("\(number)\n") }
        #expect(file.records == 1000)
        #expect(file.close(last: "last\n") == nil)
        #expect(file.close() == nil)
        let expected = (0..<1000).map { "\($0)\n" }.joined() + "last\nend\n"
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }
}
