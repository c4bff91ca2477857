import Testing
@testable import SkyCore

/// `--strategy actor-queue` and `actor-reentrant`: jobs sent to one actor from tasks of their own
/// start in the order they arrived; with the queue, one at a time with the gap between them;
/// without it, while others still run. Read from the events and the book, never from times.
@Suite("A queue inside an actor")
struct ActorStationTests {
    static func configuration(_ strategy: ScanStrategy, total: Int = 8, batch: Int = 8, spacing: Duration = .zero) -> RunConfiguration {
        RunConfiguration(total: total, batch: batch, seed: 11, failureRate: 0.2, work: 2_000, strategy: strategy, spacing: spacing)
    }

    static func scans(_ events: [RunEvent], _ name: String) -> [Int] {
        events.compactMap { if case .scan(let event) = $0, event.name == name { event.scan } else { nil } }
    }

    @Test("With the queue, the jobs run one at a time in the order they arrived, a gap between each two")
    func queueRunsInArrivalOrder() async throws {
        let recorder = ChangeRecorder()
        let summary = await recorder.run(Self.configuration(.actorQueue, spacing: .milliseconds(5)))
        let events = recorder.events
        let arrived = Self.scans(events, "arrived")
        #expect(arrived.count == 8 && Set(arrived) == Set(0..<8))
        #expect(Self.scans(events, "started") == arrived)
        #expect(summary.snapshot.maxRunning == 1)
        #expect(maxConcurrency(events.compactMap(\.scanEvent)) == 1)
        // Between each end and the next start, the queue slept: seven gaps, each begun after an
        // end and ended before the next start.
        var lastKind = ""
        var gaps = 0
        for event in events {
            switch event {
            case .change(let change) where change.name == "gap":
                #expect(lastKind == "end")
                gaps += 1
                lastKind = "gap"
            case .change(let change) where change.name == "gap_ended": lastKind = "gap_ended"
            case .scan(let scan) where scan.name == "started":
                #expect(lastKind == "" || lastKind == "gap_ended", "scan \(scan.scan) starts with no gap before it")
                lastKind = "start"
            case .scan(let scan) where scan.isTerminal: lastKind = "end"
            default: break
            }
        }
        #expect(gaps == 7)
    }

    @Test("Without the queue, each job starts as it arrives, in the order of arrival, and the run's counts hold")
    func reentrantStartsOnArrival() async throws {
        let recorder = ChangeRecorder()
        let summary = await recorder.run(Self.configuration(.actorReentrant, total: 20, batch: 6))
        let scanEvents = recorder.events.compactMap(\.scanEvent).filter { $0.name == "arrived" || $0.name == "started" }
        // Arrive and start are one step on the actor, with no await between them.
        for pair in stride(from: 0, to: scanEvents.count, by: 2) {
            #expect(scanEvents[pair].name == "arrived" && scanEvents[pair + 1].name == "started" && scanEvents[pair].scan == scanEvents[pair + 1].scan)
        }
        #expect(summary.counters.completed + summary.counters.failed == 20)
        #expect(summary.snapshot.maxRunning <= 6)
    }

    /// The book, with no tasks: two jobs arrived; the reentrant actor starts the second while the
    /// first runs, the queue does not until the first has ended and the gap has passed.
    @Test("The book starts a second arrived job while one runs only without the queue", arguments: [ScanStrategy.actorQueue, .actorReentrant])
    func bookOverlapsOnlyWithoutTheQueue(strategy: ScanStrategy) throws {
        var book = RunBook(configuration: Self.configuration(strategy, total: 2, batch: 2, spacing: strategy == .actorQueue ? .seconds(1) : .zero))
        _ = book.open(at: .zero)
        let sent = [book.send(), book.send()].compactMap { $0 }
        try #require(sent.count == 2)
        let (first, second) = (sent[0], sent[1])
        #expect(book.send() == nil, "two senders, both busy")
        // The second sent arrives first: the actor's order, not the queue's.
        _ = book.arrive(second.scan, at: .milliseconds(1))
        _ = book.arrive(first.scan, at: .milliseconds(2))
        let started = book.startArrived(at: .milliseconds(3))
        #expect(started?.scan == second.scan)
        let overlapping = book.startArrived(at: .milliseconds(4))
        #expect((overlapping != nil) == (strategy == .actorReentrant))
        guard strategy == .actorQueue else { return }
        _ = book.finish(ScanReport(scan: second.scan, slot: 0, outcome: .failure(.cancelled), ran: .zero), at: .milliseconds(5))
        _ = book.beginGap(until: .milliseconds(1_005), at: .milliseconds(5))
        #expect(book.startArrived(at: .milliseconds(6)) == nil, "the queue sleeps")
        _ = book.endGap(at: .milliseconds(1_005))
        #expect(book.startArrived(at: .milliseconds(1_006))?.scan == first.scan)
    }

    @Test("A replay refuses a second start while a queued job runs, a start out of arrival order, and an arrival beyond the batch")
    func replayRefusesImpossibleStarts() throws {
        func book() -> RunBook {
            var book = RunBook(configuration: Self.configuration(.actorQueue, total: 3, batch: 2))
            for scan in 0..<2 {
                _ = try? book.replay(ScanEvent(kind: .scheduled, scan: scan, priority: book.configuration.priority(of: scan), slot: nil, time: .zero))
            }
            return book
        }
        let priority = { (scan: Int) in book().configuration.priority(of: scan) }
        var overlapping = book()
        for scan in [1, 0] { _ = try overlapping.replay(ScanEvent(kind: .arrived, scan: scan, priority: priority(scan), slot: nil, time: .zero)) }
        _ = try overlapping.replay(ScanEvent(kind: .started, scan: 1, priority: priority(1), slot: 0, time: .zero))
        #expect(throws: RunBook.Impossible.self) {
            try overlapping.replay(ScanEvent(kind: .started, scan: 0, priority: priority(0), slot: 1, time: .zero))
        }
        var outOfOrder = book()
        for scan in [1, 0] { _ = try outOfOrder.replay(ScanEvent(kind: .arrived, scan: scan, priority: priority(scan), slot: nil, time: .zero)) }
        #expect(throws: RunBook.Impossible.self) {
            try outOfOrder.replay(ScanEvent(kind: .started, scan: 0, priority: priority(0), slot: 0, time: .zero))
        }
        var crowded = book()
        _ = try crowded.replay(ScanEvent(kind: .scheduled, scan: 2, priority: priority(2), slot: nil, time: .zero))
        for scan in [0, 1] { _ = try crowded.replay(ScanEvent(kind: .arrived, scan: scan, priority: priority(scan), slot: nil, time: .zero)) }
        #expect(throws: RunBook.Impossible.self) {
            try crowded.replay(ScanEvent(kind: .arrived, scan: 2, priority: priority(2), slot: nil, time: .zero))
        }
        var elsewhere = RunBook(configuration: Self.configuration(.batched, total: 1, batch: 1))
        _ = try elsewhere.replay(ScanEvent(kind: .scheduled, scan: 0, priority: priority(0), slot: nil, time: .zero))
        #expect(throws: RunBook.Impossible.self) {
            try elsewhere.replay(ScanEvent(kind: .arrived, scan: 0, priority: priority(0), slot: nil, time: .zero))
        }
    }

    @Test("A cancel stops the running job, and the jobs waiting at the actor end cancelled there")
    func cancelAtTheActor() async throws {
        let recorder = ChangeRecorder(cancelOn: { if case .scan(let event) = $0 { event.name == "started" } else { false } })
        let summary = await recorder.run(Self.configuration(.actorQueue, spacing: .seconds(60)))
        #expect(summary.ending == .cancelled)
        #expect(summary.counters.cancelled + summary.counters.completed + summary.counters.failed == 8)
        #expect(Self.scans(recorder.events, "started").count == 1)
    }
}
