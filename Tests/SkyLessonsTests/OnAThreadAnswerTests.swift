import Foundation
import SkyCore
import SkySoak
import Testing
@testable import SkyLessons

/// In the group is not on a thread: eight children that never yield all hold a slot, and two
/// cores run two of them. The answers count both, from the events alone: on a thread as the
/// engine's readings tell it, never from the children's spans, which hold their time suspended.
@Suite("Answers: in the group, on a thread")
struct OnAThreadAnswerTests {
    /// Eight scans started at 0 in a batch of 8; their children ran two at a time, a second each
    /// (their ends at 1, 1, 2, 2, 3, 3 s), and a cancel came at 3.5 s with two still in the group,
    /// the engine's reading then seeing one of them on a thread, and two the most seen.
    static var starvedPool: [RunEvent] {
        func scan(_ kind: ScanEvent.Kind, _ number: Int, seconds: Double, ran: Double? = nil) -> RunEvent {
            let span = ran.map { ScanSpan(startedAt: .zero, wait: .zero, ran: .milliseconds(Int($0 * 1000))) }
            return .scan(ScanEvent(kind: kind, scan: number, priority: .medium, slot: number, time: .milliseconds(Int(seconds * 1000)), span: span))
        }
        let done = ScanEvent.Kind.completed(ScanResult(signals: 1, checksum: 1))
        var events = (0..<8).map { scan(.started, $0, seconds: 0) }
        for number in 0..<6 { events.append(scan(done, number, seconds: Double(number / 2 + 1), ran: 1)) }
        events.append(.change(RunChange(.stopping(.cancelled), at: .milliseconds(3500))))
        events.append(.change(RunChange(.threads(ThreadReading(onThread: 1, isExact: true), mostSeen: 2), at: .milliseconds(3500))))
        events += [scan(.cancelled, 6, seconds: 3.6, ran: 0.6), scan(.cancelled, 7, seconds: 3.6, ran: 0)]
        events.append(.change(RunChange(.threads(ThreadReading(onThread: 0, isExact: true), mostSeen: 2), at: .milliseconds(3600))))
        events.append(.change(RunChange(.finished(.cancelled), at: .milliseconds(3600))))
        return events
    }

    static func record(_ events: [RunEvent]) throws -> PartRecord {
        let part = try Lesson(file: "9-x.md", text: "# X\n## Predict\nP\n## Part 1: a starved pool\n    sky --seed 3\nW\n## Questions\nQ").parts[0]
        let configuration = RunConfiguration(total: 8, batch: 8, seed: 3, work: 500, yields: false)
        return PartRecord(part: part, configuration: configuration, cores: 2, events: events)
    }

    @Test("The facts: eight in the group at once, two on a thread; at the cancel, two in the group, one on a thread")
    func facts() throws {
        let facts = try Self.record(Self.starvedPool).facts
        #expect(facts.maxRunning == 8)
        #expect(facts.mostSeenOnThread == 2)
        #expect(facts.running(at: .milliseconds(3500)).map(\.scan) == [6, 7])
        #expect(facts.threadsAtStop == ThreadReading(onThread: 1, isExact: true))
    }

    @Test("The starved pool's answer says eight were in the group and two on a thread, never that eight ran at once")
    func starvedPoolAnswer() throws {
        let answer = PrioritiesAndStarvation.answer([try Self.record(Self.starvedPool)]).joined(separator: " ")
        #expect(answer.contains("at most 8 in the group at once, never more than 2 seen on a thread, on 2 cores"), "\(answer)")
        #expect(!answer.contains("ran at once"), "\(answer)")
        #expect(answer.contains("with 2 scans in the group, 1 of them on a thread"), "\(answer)")
    }

    @Test("Every part's overview counts both: the group and the threads")
    func overview() throws {
        let overview = Story.overview(try Self.record(Self.starvedPool))
        #expect(overview.contains("at most 8 in the group at once, never more than 2 seen on a thread."), "\(overview)")
    }

    /// Children that yield are on a thread only between their yields: all twelve are in the group
    /// from their first line to their last, and the pool runs as many as it has threads. The
    /// answer gives what the readings saw, as the summary does, never the overlap of the spans.
    @Test("A real run whose children yield: its answer's on a thread is at most the cores, and the summary's most seen", arguments: [true, false])
    func realRun(yields: Bool) async throws {
        let configuration = RunConfiguration(total: 12, batch: 12, seed: 3, failureRate: 0, work: 5_000, strategy: .unbounded, yields: yields)
        let events = AnswerTests.Record()
        let model = ScanModel(configuration: configuration, sinks: [events])
        // The run's watch, on a thread of its own as a headless run's or the dashboard's is, so
        // that children that never yield cannot keep it from reading while the scans run.
        let watched = Locked(false)
        Thread.detachNewThread {
            while !model.snapshot().phase.isFinished { usleep(200) }
            watched.withLock { $0 = true }
        }
        let summary = await model.run()
        for _ in 0..<5_000 where !watched.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
        #expect(watched.withLock { $0 }, "the watch saw the run end")
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let record = PartRecord(part: try Self.record([]).part, configuration: configuration, cores: cores, events: events.events.withLock { $0 })
        let overview = Story.overview(record)
        let figure = try #require(overview.firstMatch(of: /(\d+) (?:seen )?on a thread/).flatMap { Int($0.1) }, "\(overview)")
        #expect(figure >= 1, "a reading saw a scan on a thread: \(overview)")
        #expect(figure <= cores, "\(overview)")
        #expect(figure == summary.snapshot.mostSeenOnThread, "\(overview)")
        #expect(overview.contains("at most \(summary.snapshot.maxRunning) in the group at once"), "\(overview)")
    }
}

extension OnAThreadAnswerTests {
    @Test("A part that ran on a busy machine says so in the answer, naming the share; a quiet one says nothing")
    func busyMachine() throws {
        let quiet = try Self.record(Self.starvedPool)
        let part = quiet.part
        let busy = PartRecord(part: part, configuration: quiet.configuration, cores: 2, events: Self.starvedPool, hostLoad: HostLoad(others: 0.4, steal: 0))
        let answer = LessonAnswers.answer(lesson: "serial-vs-concurrent", records: [busy]).joined(separator: " ")
        #expect(answer.contains("The machine was busy while part 1 (a starved pool) ran: other processes used 40% of the machine's CPU time."), "\(answer)")
        #expect(!LessonAnswers.answer(lesson: "serial-vs-concurrent", records: [quiet]).joined().contains("busy machine"))
    }
}
