import Testing
@testable import SkyCore

/// `--errors collect`: the group's body keeps each result in an array it returns when the group
/// ends; a thrown failure loses the array.
@Suite("A body that collects its results")
struct CollectingBodyTests {
    static func config(errors: ErrorMode, failureRate: Double, seed: UInt64 = 11) -> RunConfiguration {
        RunConfiguration(total: 30, batch: 4, seed: seed, failureRate: failureRate, work: 500, errors: errors)
    }

    @Test("The book: a collected result frees its slot, counts as collected, and is booked only when the group returns it")
    func bookCollects() throws {
        var book = RunBook(configuration: Self.config(errors: .collect, failureRate: 0))
        _ = book.open(at: .zero)
        let started = book.start(at: .zero)
        let start = try #require(started)
        let report = ScanReport(scan: start.scan, slot: start.slot, outcome: .success(ScanResult(signals: 1, checksum: 9)), ran: .milliseconds(1))
        let collected = book.collect(report, at: .milliseconds(1))
        #expect(collected.first?.scanEvent?.kind == .delivered)
        #expect(book.progress.counters.collected == 1 && book.progress.counters.running == 0 && book.progress.counters.completed == 0)
        #expect(book.slots.slots[start.slot] == nil, "the slot is free for the next scan")
        let booked = book.bookCollected([report], at: .milliseconds(5))
        #expect(booked.first?.scanEvent?.kind == .completed(ScanResult(signals: 1, checksum: 9)))
        #expect(booked.first?.scanEvent?.span?.startedAt == .zero)
        #expect(book.progress.counters.collected == 0 && book.progress.counters.completed == 1)
    }

    @Test("Without a failure, the returned array gives the same results as a body that books each one")
    func sameResults() async {
        let (reference, _) = await run(Self.config(errors: .result, failureRate: 0))
        let (summary, events) = await run(Self.config(errors: .collect, failureRate: 0))
        #expect(summary.ending == .drained)
        #expect(summary.counters.completed == 30 && summary.counters.collected == 0)
        #expect(summary.snapshot.checksum == reference.snapshot.checksum)
        #expect(events.filter { $0.kind == .delivered }.count == 30)
    }

    @Test("A thrown failure loses every collected result: the discarded count is the collected ones and those still in the group")
    func throwLosesTheArray() async throws {
        let (summary, events) = await run(Self.config(errors: .collect, failureRate: 0.1))
        guard case .thrown(let failed) = summary.ending else {
            Issue.record("seed 11 throws: \(summary.ending)")
            return
        }
        let collected = Set(events.filter { $0.kind == .delivered }.map(\.scan))
        #expect(!collected.isEmpty, "scans ended before the failing one started, so the body held results")
        // A scan that completed after the throw is booked completed, and its result went with the group.
        #expect(summary.counters.completed == summary.snapshot.discarded - collected.count)
        // Each collected scan's one terminal event says its result went: cancelled.
        var ends: [Int: [ScanEvent.Kind]] = [:]
        for event in events where event.isTerminal { ends[event.scan, default: []].append(event.kind) }
        #expect(ends.values.allSatisfy { $0.count == 1 })
        #expect(collected.allSatisfy { ends[$0] == [.cancelled] })
        #expect(ends[failed]?.first.map { if case .failed = $0 { true } else { false } } == true)
        #expect(summary.counters.ended == 30)
    }
}
