import SkyCore
import Testing
@testable import SkyLessons

/// Answers come from the runs' own events: checked against the engine's own summary of the same
/// run, never against times.
@Suite("Answers from the events")
struct AnswerTests {
    /// Keeps every event of a run, and cancels it on the first event `cancelOn` picks.
    final class Record: ScanEventSink {
        let events = Locked<[RunEvent]>([])
        let model = Locked<ScanModel?>(nil)
        let cancelOn: @Sendable (RunEvent) -> Bool
        init(cancelOn: @escaping @Sendable (RunEvent) -> Bool = { _ in false }) { self.cancelOn = cancelOn }
        func record(_ event: ScanEvent) { keep(.scan(event)) }
        func record(_ change: RunChange) { keep(.change(change)) }
        private func keep(_ event: RunEvent) {
            events.withLock { $0.append(event) }
            if cancelOn(event) { model.withLock { $0 }?.cancel() }
        }
    }

    static func run(
        _ configuration: RunConfiguration, cancelOn: @escaping @Sendable (RunEvent) -> Bool = { _ in false }
    ) async throws -> (RunSummary, PartRecord) {
        let record = Record(cancelOn: cancelOn)
        let model = ScanModel(configuration: configuration, sinks: [record])
        record.model.withLock { $0 = model }
        let summary = await model.run()
        let part = try Lesson(file: "9-x.md", text: "# X\n## Predict\nP\n## Part 1: the run\n    sky --seed 1\nW\n## Questions\nQ").parts[0]
        return (summary, PartRecord(part: part, configuration: configuration, cores: 2, events: record.events.withLock { $0 }))
    }

    @Test("The facts agree with the engine's summary: counts, checksum, most running, discarded", arguments: [
        RunConfiguration(total: 24, batch: 3, seed: 21, failureRate: 0.2, work: 500),
        RunConfiguration(total: 30, batch: 4, seed: 6, failureRate: 0.2, work: 500, errors: .throw),
        RunConfiguration(total: 30, batch: 4, seed: 11, failureRate: 0.1, work: 500, errors: .collect),
        RunConfiguration(total: 12, batch: 3, seed: 5, failureRate: 0.1, work: 500, strategy: .stream),
    ])
    func factsAgree(configuration: RunConfiguration) async throws {
        let (summary, record) = try await Self.run(configuration)
        let facts = record.facts
        #expect(facts.completed.count == summary.counters.completed)
        #expect(facts.failed.count == summary.counters.failed)
        #expect(facts.ends.count + Story.notScheduled(record) == configuration.total)
        #expect(facts.checksum == summary.snapshot.checksum)
        #expect(facts.maxRunning == summary.snapshot.maxRunning)
        #expect(facts.discarded == summary.snapshot.discarded)
        #expect(facts.finish?.ending == summary.ending)
    }

    @Test("Lesson 7: a collecting body's throw loses results, and the answer gives the count the summary gives")
    func throwingLosesResults() async throws {
        let (summary, record) = try await Self.run(RunConfiguration(total: 30, batch: 4, seed: 11, failureRate: 0.1, work: 500, errors: .collect))
        let discarded = summary.snapshot.discarded
        #expect(discarded > 0)
        let answer = LessonAnswers.answer(lesson: "throwing-loses-results", records: [record]).joined(separator: " ")
        #expect(answer.contains(": \(discarded) discarded, as the summary says"), "\(answer)")
        let held = record.facts.deliveries.count
        #expect(answer.contains("the body's array held \(held) finished result"), "\(answer)")
        #expect(answer.contains("Results the program kept: 0."), "\(answer)")
    }

    @Test("Lesson 9: a cancel in a serial gap is told as the gap's, with the sleep's end, as the summary measures it")
    func cancelInAGap() async throws {
        let configuration = RunConfiguration(total: 6, batch: 1, seed: 15, failureRate: 0, work: 500, strategy: .serial, spacing: RunConfiguration.spacingRange.upperBound)
        let (summary, record) = try await Self.run(configuration) { event in
            if case .change(let change) = event, case .gap = change.kind { return true }
            return false
        }
        let stoppedIn = try #require(summary.snapshot.stoppedIn)
        #expect(record.facts.stoppedIn == stoppedIn)
        let answer = LessonAnswers.answer(lesson: "cancellation", records: [record]).joined(separator: " ")
        #expect(answer.contains("into a gap"), "\(answer)")
        #expect(answer.contains("its sleep ended \(Say.milliseconds(stoppedIn)) later"), "\(answer)")
        #expect(answer.contains("the loop started the scans in this order: "))
    }

    @Test("Lesson 9: a cancel of running scans says how many ran then, and how many 100 ms later")
    func cancelRunning() async throws {
        let configuration = RunConfiguration(total: 12, batch: 3, seed: 15, failureRate: 0, work: 500_000)
        let (summary, record) = try await Self.run(configuration) { event in
            if case .scan(let scan) = event, scan.kind == .started { return true }
            return false
        }
        #expect(summary.ending == .cancelled)
        let answer = LessonAnswers.answer(lesson: "cancellation", records: [record]).joined(separator: " ")
        let running = record.facts.running(at: try #require(record.facts.stop).time).count
        #expect(answer.contains("with \(Say.count(running, "scan")) in the group"), "\(answer)")
        #expect(answer.contains("100 ms after the cancel, "))
        #expect(record.facts.stoppedIn == summary.snapshot.stoppedIn)
    }

    @Test("Every lesson answers from whatever parts ran, and says so when none did")
    func noParts() {
        for lesson in Lesson.all {
            #expect(LessonAnswers.answer(lesson: lesson.slug, records: []) == ["No part ran, so there is nothing to answer from."])
        }
    }
}

extension AnswerTests {
    @Test("The first overtake: a scan that started ahead of a lower-priority one scheduled before it, which started later or never")
    func overtake() {
        func scan(_ kind: ScanEvent.Kind, _ number: Int, _ priority: ScanPriority, _ ms: Int) -> RunEvent {
            .scan(ScanEvent(kind: kind, scan: number, priority: priority, slot: kind == .scheduled ? nil : 0, time: .milliseconds(ms)))
        }
        let inOrder = RunFacts([scan(.scheduled, 0, .high, 0), scan(.scheduled, 1, .low, 0), scan(.started, 0, .high, 1), scan(.started, 1, .low, 2)])
        #expect(inOrder.firstOvertake == nil)
        let facts = RunFacts([
            scan(.scheduled, 0, .medium, 0), scan(.scheduled, 1, .low, 0), scan(.scheduled, 2, .high, 0), scan(.scheduled, 3, .medium, 0),
            scan(.started, 2, .high, 1), scan(.started, 0, .medium, 2), scan(.started, 3, .medium, 3),
        ])
        #expect(facts.firstOvertake.map { [$0.ahead.scan, $0.behind.scan] } == [2, 0])
        let never = RunFacts([scan(.scheduled, 0, .low, 0), scan(.scheduled, 1, .medium, 0), scan(.started, 1, .medium, 1)])
        #expect(never.firstOvertake.map { [$0.ahead.scan, $0.behind.scan] } == [1, 0], "scan 0 never started")
    }
}

extension AnswerTests {
    @Test("Lesson 9: the serial queue's order is by priority, and the answer names a scan that went before an earlier one")
    func serialOrder() async throws {
        let configuration = RunConfiguration(total: 6, batch: 1, seed: 15, failureRate: 0, work: 500, strategy: .serial)
        let (_, record) = try await Self.run(configuration)
        let starts = record.facts.starts
        #expect(starts.map(\.priority) == starts.map(\.priority).sorted(), "highest priority first")
        #expect(starts.map(\.scan) != starts.map(\.scan).sorted(), "seed 15 reorders its scans")
        let overtake = try #require(record.facts.firstOvertake)
        let answer = LessonAnswers.answer(lesson: "cancellation", records: [record]).joined(separator: " ")
        #expect(answer.contains("\(Say.sentence(Say.scan(overtake.ahead))) went before \(Say.scan(overtake.behind)), which was scheduled first"), "\(answer)")
    }
}
