import Foundation
import SkyCore
import SkyFormat
import SkyReport
import SkyReplay
import Testing

@Suite("Events file lines read back")
struct RecordedLineTests {
    static func parse(_ line: String) throws -> RecordedLine {
        try RecordedLine.parse(Substring(line.dropLast()))
    }

    @Test("The run line gives back the configuration and the cores", arguments: [
        RunConfiguration(total: 20, batch: 4, seed: 3),
        RunConfiguration(
            total: nil, duration: .milliseconds(1500), batch: 64, seed: 4_000_000_000, failureRate: 0.25,
            priorityMix: PriorityMix(high: 60, medium: 30, low: 10)!, work: 0, failFast: true, strategy: .stream, speed: 0.5,
            yields: false, verify: true, corruptionRate: 0.01),
        RunConfiguration(total: 6, batch: 1, seed: 0, strategy: .serial, errors: .throw, spacing: .milliseconds(250)),
    ])
    func runLine(_ configuration: RunConfiguration) throws {
        #expect(try Self.parse(EventLine.run(configuration, cores: 48)) == .run(configuration, cores: 48))
    }

    @Test("A time is written in whole microseconds, rounded down as the engine's clock is, and reads back as that", arguments: [
        Duration.nanoseconds(1_794_749_600), .nanoseconds(1_794_750_000), .nanoseconds(999), .seconds(86_400) + .nanoseconds(999_999),
    ])
    func microseconds(_ exact: Duration) throws {
        let engine = Duration.microseconds(exact.wholeMicroseconds)
        let event = ScanEvent(kind: .scheduled, scan: 1, priority: .high, slot: nil, time: exact)
        // Rounded to the nearest, 1.7947496 s would come back as 1.794750 s: a replay's run time
        // would then differ from the run's in the last figure the summary shows.
        #expect(FixedPoint.seconds(exact).split(separator: ".").last?.count == 6)
        #expect(try Self.parse(EventLine.format(event)) == .event(.scan(ScanEvent(kind: .scheduled, scan: 1, priority: .high, slot: nil, time: engine))))
    }

    @Test("Every kind of scan event and run change reads back as it was written")
    func events() throws {
        let result = ScanResult(signals: 8102, checksum: 0x3706_c095_6338_b523)
        let failure = VerificationFailure(found: result, expected: ScanResult(signals: 8101, checksum: 1), core: 3, thread: 77)
        let span = ScanSpan(startedAt: .zero, wait: .zero, ran: .microseconds(431_207), child: ChildView(base: .low, current: .medium))
        // A serial run's scan has no task of its own: no base.
        let inline = ScanSpan(startedAt: .zero, wait: .zero, ran: .microseconds(431_207), child: ChildView(current: .high))
        let time = Duration.microseconds(1_234_567)
        let scans: [ScanEvent] = [
            ScanEvent(kind: .scheduled, scan: 7, priority: .low, slot: nil, time: time),
            ScanEvent(kind: .started, scan: 7, priority: .low, slot: 2, time: time),
            ScanEvent(kind: .delivered, scan: 7, priority: .low, slot: 2, time: time),
            ScanEvent(kind: .completed(result), scan: 7, priority: .low, slot: 2, time: time, span: span),
            ScanEvent(kind: .failed(.cosmicRayHit), scan: 8, priority: .medium, slot: 0, time: time, span: inline),
            ScanEvent(kind: .verificationFailed(failure), scan: 9, priority: .high, slot: 1, time: time, span: span),
            ScanEvent(kind: .cancelled, scan: 10, priority: .high, slot: nil, time: time),
        ]
        for event in scans {
            #expect(try Self.parse(EventLine.format(event)) == .event(.scan(event)))
        }
        let changes: [RunChange.Kind] = [
            .batch(5), .paused, .resumed, .step, .stopping(.cancelled), .stopping(.failFast(scan: 3)), .timeUp, .discarded(2),
            .finished(.thrown(scan: 4)), .finished(.drained),
        ]
        for kind in changes {
            let change = RunChange(kind, at: time)
            #expect(try Self.parse(EventLine.format(change)) == .event(.change(change)))
        }
        for reading in [ThreadReading(onThread: 2, isExact: true), ThreadReading(onThread: 1, isExact: false)] {
            #expect(try Self.parse(EventLine.threads(reading, mostSeen: 4, time: time)) == .threads(reading, mostSeen: 4, time: time))
            // The engine's readings, at the stop and the end, are the same line as the watch's.
            #expect(try Self.parse(EventLine.format(RunChange(.threads(reading, mostSeen: 4), at: time))) == .threads(reading, mostSeen: 4, time: time))
        }
        // A recording from before the readings: "peak", and no "exact".
        let older = #"{"event":"threads","executing":2,"peak":3,"time":1.5}"# + "\n"
        #expect(try Self.parse(older) == .threads(ThreadReading(onThread: 2, isExact: true), mostSeen: 3, time: .seconds(1.5)))
        for broken in [
            #"{"event":"threads","executing":3,"most_seen":2,"time":1.5}"#, #"{"event":"threads","executing":-1,"most_seen":2,"time":1.5}"#,
            #"{"event":"threads","executing":1,"peak":2,"most_seen":2,"time":1.5}"#, #"{"event":"threads","executing":1,"peak":2,"exact":false,"time":1.5}"#,
        ] {
            #expect(throws: RecordedLine.Unreadable.self, "\(broken)") { try Self.parse(broken + "\n") }
        }
        #expect(try Self.parse(EventLine.notStarted(count: 9, firstScan: 11, time: time)) == .notStarted(count: 9, firstScan: 11))
        #expect(try Self.parse(EventLine.dropped(count: 3)) == .dropped(count: 3))
    }

    @Test("A broken line says what is wrong with it", arguments: [
        ("{\"event\":\"started\",\"scan\":1,\"priority\":\"high\",\"time\":0.1", "not JSON"),
        ("[1,2]", "not a JSON object"),
        ("{\"event\":\"landed\",\"time\":0.1}", "unknown event \"landed\""),
        ("{\"event\":\"started\",\"scan\":1,\"priority\":\"high\",\"time\":0.1}", "\"started\" has no \"slot\""),
        ("{\"event\":\"scheduled\",\"scan\":1,\"priority\":\"urgent\",\"time\":0.1}", "\"priority\" is \"urgent\", not high, medium or low"),
        ("{\"event\":\"failed\",\"scan\":1,\"priority\":\"high\",\"slot\":0,\"time\":0.1,\"error\":\"gremlins\"}", "unknown error \"gremlins\" (one of: sensor glitch, signal lost, cosmic ray hit, antenna misaligned)"),
        ("{\"event\":\"completed\",\"scan\":1,\"priority\":\"high\",\"slot\":0,\"time\":0.1,\"signals\":3,\"checksum\":\"xyz\"}", "\"checksum\" is not 16 hex digits"),
        ("{\"event\":\"scheduled\",\"scan\":1.5,\"priority\":\"high\",\"time\":0.1}", "\"scan\" is not a whole number"),
        ("{\"event\":\"batch\",\"time\":-1,\"batch\":2}", "\"time\" -1.0 is not a time in seconds"),
        ("{\"event\":\"stopping\",\"reason\":\"boredom\",\"time\":1}", "unknown reason \"boredom\""),
    ])
    func brokenLine(_ line: String, problem: String) {
        let error = #expect(throws: RecordedLine.Unreadable.self) { try RecordedLine.parse(Substring(line)) }
        #expect(error?.description == problem)
    }

    // A spaced batched run once reached the engine's preconditions and crashed sky replay.
    @Test("A run line the engine would not run is refused, not trusted: its values, and which strategy takes which option")
    func runLineOutOfRange() throws {
        let good = EventLine.run(RunConfiguration(total: 20, batch: 4, seed: 3), cores: 2)
        let refused = "the run it records could not have run: "
        for (from, to, problem) in [
            ("\"batch\":4", "\"batch\":0", refused + "--batch must be from 1 to 4096, not 0"),
            ("\"total\":20", "\"total\":null", refused + "a run needs a --total, a --duration or both"),
            // The list of strategies that follows holds any this process added.
            ("\"strategy\":\"batched\"", "\"strategy\":\"psychic\"", "unknown strategy \"psychic\": this build has serial, unbounded"),
            ("\"cores\":2", "\"cores\":0", "\"cores\" 0 is out of range"),
            ("\"spacing\":0.000000", "\"spacing\":1.000000", refused + "--spacing is the gap between scans run one at a time: use it with --strategy serial or actor-queue, not batched"),
        ] {
            #expect(good.contains(from), "\(good)")
            let error = #expect(throws: RecordedLine.Unreadable.self) { try Self.parse(good.replacingOccurrences(of: from, with: to)) }
            #expect(error?.description.hasPrefix(problem) == true, "\(error?.description ?? "")")
        }
        let collecting = EventLine.run(RunConfiguration(total: 20, batch: 4, seed: 3, errors: .collect), cores: 2)
        let error = #expect(throws: RecordedLine.Unreadable.self) {
            try Self.parse(collecting.replacingOccurrences(of: "\"take\":null", with: "\"take\":3"))
        }
        #expect(error?.description == refused + "--errors collect keeps every result in the body's array until the group ends, so it does not take --take: use --errors result or throw")
    }
}
