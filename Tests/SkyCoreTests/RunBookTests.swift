import Testing
@testable import SkyCore

/// The run book driven by hand: no tasks, no clocks, no sleeps. Each test plays the part of a
/// strategy and checks what the book writes.
@Suite("Run book transitions")
struct RunBookTests {
    static func book(
        total: Int = 6, batch: Int = 2, strategy: ScanStrategy = .batched, failureRate: Double = 0, failFast: Bool = false,
        duration: Duration? = nil, errors: ErrorMode = .result, take: Int? = nil
    ) -> RunBook {
        var book = RunBook(configuration: RunConfiguration(
            total: total, duration: duration, batch: batch, seed: 3, failureRate: failureRate, work: 0, failFast: failFast,
            strategy: strategy, errors: errors, take: take))
        _ = book.open(at: .zero)
        return book
    }

    struct NothingStarted: Error {}

    /// `start`, which must start a scan.
    static func start(_ book: inout RunBook, at time: Duration) throws -> RunBook.Start {
        guard let start = book.start(at: time) else { throw NothingStarted() }
        return start
    }

    static func report(_ start: RunBook.Start, _ outcome: ScanOutcome = .success(ScanResult(signals: 1, checksum: 1))) -> ScanReport {
        ScanReport(scan: start.scan, slot: start.slot, outcome: outcome, ran: .milliseconds(1))
    }

    static func kinds(_ events: [RunEvent]) -> [String] {
        events.map { event in
            switch event {
            case .scan(let e): "\(e.name) \(e.scan)" + (e.slot.map { "@\($0)" } ?? "")
            case .change(let c): c.name
            }
        }
    }

    @Test("Opening schedules every scan of a small run, in index order")
    func open() {
        var book = RunBook(configuration: RunConfiguration(total: 3, batch: 2, seed: 3, work: 0))
        let events = book.open(at: .zero)
        #expect(Self.kinds(events) == ["scheduled 0", "scheduled 1", "scheduled 2"])
        #expect(book.progress.counters.waiting == 3 && book.progress.phase == .running)
    }

    @Test("Starts fill the lowest free slots up to the batch, highest priority first")
    func startsFillTheWindow() throws {
        var book = Self.book(total: 6, batch: 2)
        let first = try Self.start(&book, at: .milliseconds(1))
        let second = try Self.start(&book, at: .milliseconds(1))
        #expect([first.slot, second.slot] == [0, 1])
        #expect(book.start(at: .milliseconds(1)) == nil, "the window is full")
        #expect(!book.canStart)
        #expect(first.priority <= second.priority)
        #expect(book.progress.counters.running == 2 && book.progress.maxRunning == 2)
    }

    @Test("A finish writes the one terminal event and frees its slot for the next start")
    func finishFreesTheSlot() throws {
        var book = Self.book(total: 3, batch: 1)
        let first = try Self.start(&book, at: .zero)
        let events = book.finish(Self.report(first), at: .milliseconds(5))
        #expect(Self.kinds(events) == ["completed \(first.scan)@0"])
        let next = try Self.start(&book, at: .milliseconds(5))
        #expect(next.slot == 0 && next.scan != first.scan)
        #expect(book.progress.counters.completed == 1)
    }

    @Test("Pause stops starts, a step lets exactly one through, resume lets the rest")
    func pauseAndStep() throws {
        var book = Self.book(total: 6, batch: 3)
        #expect(Self.kinds(book.apply(.pause, at: .zero)) == ["paused"])
        #expect(book.apply(.pause, at: .zero).isEmpty, "a second pause changes nothing")
        #expect(book.start(at: .zero) == nil)
        #expect(Self.kinds(book.apply(.step, at: .zero)) == ["step"])
        #expect(book.start(at: .zero) != nil)
        #expect(book.start(at: .zero) == nil)
        #expect(Self.kinds(book.apply(.resume, at: .zero)) == ["resumed"])
        #expect(book.start(at: .zero) != nil && book.start(at: .zero) != nil)
        #expect(book.progress.counters.running == 3)
    }

    @Test("Shrinking the batch keeps busy slots until their scans end; no start exceeds the batch in force")
    func shrink() throws {
        var book = Self.book(total: 10, batch: 3)
        let starts = (0..<3).compactMap { _ in book.start(at: .zero) }
        #expect(Self.kinds(book.apply(.setBatch(1), at: .zero)) == ["batch"])
        #expect(book.progress.batch == 1)
        _ = book.finish(Self.report(starts[0]), at: .zero)
        #expect(book.start(at: .zero) == nil, "two still run, above a batch of one")
        _ = book.finish(Self.report(starts[1]), at: .zero)
        #expect(book.start(at: .zero) == nil)
        _ = book.finish(Self.report(starts[2]), at: .zero)
        let next = try Self.start(&book, at: .zero)
        #expect(next.slot == 0 && book.slots.slots.count == 1)
    }

    @Test("Cancelling: the stop is written once, nothing starts, and closing cancels the waiting scans")
    func cancel() throws {
        var book = Self.book(total: 5, batch: 2)
        let running = try Self.start(&book, at: .zero)
        #expect(Self.kinds(book.apply(.cancel, at: .milliseconds(2))) == ["stopping"])
        #expect(book.apply(.cancel, at: .milliseconds(2)).isEmpty)
        #expect(book.start(at: .milliseconds(2)) == nil)
        let stopped = book.finish(Self.report(running, .failure(.cancelled)), at: .milliseconds(7))
        #expect(Self.kinds(stopped) == ["cancelled \(running.scan)@\(running.slot)"])
        #expect(book.progress.stoppedIn == .milliseconds(5))
        let closing = book.close(at: .milliseconds(8))
        #expect(closing.count == 5 && closing.dropLast().allSatisfy { $0.scanEvent?.kind == .cancelled && $0.scanEvent?.slot == nil })
        #expect(closing.last == .change(RunChange(.finished(.cancelled), at: .milliseconds(8))))
        #expect(book.progress.counters.cancelled == 5 && book.progress.phase == .finished(.cancelled))
    }

    @Test("--fail-fast: the first failure writes its event, then the stop")
    func failFast() throws {
        var book = Self.book(total: 4, batch: 1, failFast: true)
        let start = try Self.start(&book, at: .zero)
        let events = book.finish(Self.report(start, .failure(.failed(.signalLost))), at: .zero)
        #expect(Self.kinds(events) == ["failed \(start.scan)@0", "stopping"])
        #expect(book.ending == .failFast(scan: start.scan))
    }

    @Test("A thrown failure stops the run as it ends; what the others finish after it is thrown away with the group")
    func thrown() throws {
        var book = Self.book(total: 6, batch: 3, errors: .throw)
        let starts = (0..<3).compactMap { _ in book.start(at: .zero) }
        let events = book.settle(Self.report(starts[1], .failure(.failed(.sensorGlitch))), at: .zero)
        #expect(Self.kinds(events) == ["failed \(starts[1].scan)@1", "stopping"])
        #expect(book.ending == .thrown(scan: starts[1].scan) && !book.stopCancelsStrategy, "the group cancels the rest itself")
        #expect(book.start(at: .zero) == nil)
        _ = book.settle(Self.report(starts[0]), at: .zero)
        _ = book.settle(Self.report(starts[2], .failure(.cancelled)), at: .zero)
        #expect(Self.kinds(book.strategyReturned(at: .zero)) == ["discarded"])
        #expect(book.progress.discarded == 1 && book.progress.counters.completed == 1 && book.progress.counters.cancelled == 1)
    }

    @Test("Collected results leave their slots; the group's return books them in the array's order, and a throw loses them")
    func collected() throws {
        var returned = Self.book(total: 6, batch: 2, errors: .collect)
        let starts = (0..<2).compactMap { _ in returned.start(at: .zero) }
        #expect(Self.kinds(returned.settle(Self.report(starts[1]), at: .zero)) == ["delivered \(starts[1].scan)@1"])
        _ = returned.settle(Self.report(starts[0]), at: .zero)
        #expect(returned.progress.counters.collected == 2 && returned.progress.counters.running == 0)
        #expect(Self.kinds(returned.strategyReturned(at: .zero)) == ["completed \(starts[1].scan)@1", "completed \(starts[0].scan)@0"])

        var thrown = Self.book(total: 6, batch: 2, errors: .collect)
        let pair = (0..<2).compactMap { _ in thrown.start(at: .zero) }
        _ = thrown.settle(Self.report(pair[0]), at: .zero)
        let events = thrown.settle(Self.report(pair[1], .failure(.failed(.signalLost))), at: .zero)
        #expect(Self.kinds(events) == ["failed \(pair[1].scan)@1", "stopping", "cancelled \(pair[0].scan)@0"])
        #expect(thrown.progress.discarded == 1 && thrown.progress.counters.collected == 0)
    }

    @Test("--take: the result that makes the count stops the run, and the strategy's structure, not the engine, deals with the rest")
    func taken() throws {
        var book = Self.book(total: 6, batch: 3, strategy: .unstructured, take: 2)
        let starts = (0..<3).compactMap { _ in book.start(at: .zero) }
        #expect(Self.kinds(book.settle(Self.report(starts[0]), at: .zero)) == ["completed \(starts[0].scan)@0"])
        #expect(Self.kinds(book.settle(Self.report(starts[1], .failure(.failed(.signalLost))), at: .zero)) == ["failed \(starts[1].scan)@1", "stopping"])
        #expect(book.ending == .taken && !book.stopCancelsStrategy)
        _ = book.settle(Self.report(starts[2]), at: .zero)
        #expect(book.progress.discarded == 0, "the loop takes what its tasks finish")
        // A group's body counts what it takes itself (`Scans.hasEnough`).
        var group = Self.book(total: 6, batch: 3, take: 1)
        let first = try Self.start(&group, at: .zero)
        _ = group.settle(Self.report(first), at: .zero)
        #expect(group.ending == nil)
    }

    @Test("Stream: a delivered scan holds its slot until the consumer takes its result")
    func streamBackPressure() throws {
        var book = Self.book(total: 4, batch: 1, strategy: .stream)
        let start = try Self.start(&book, at: .zero)
        let delivered = book.deliver(Self.report(start), at: .zero)
        #expect(Self.kinds(delivered) == ["delivered \(start.scan)@0"])
        #expect(book.progress.counters.running == 0 && book.progress.counters.inStream == 1)
        #expect(book.start(at: .zero) == nil, "the slot waits for the consumer")
        _ = book.finish(Self.report(start), at: .zero)
        #expect(book.start(at: .zero) != nil)
    }

    @Test("A result left in the stream is booked when the run closes")
    func unconsumedResult() throws {
        var book = Self.book(total: 2, batch: 1, strategy: .stream)
        let start = try Self.start(&book, at: .zero)
        _ = book.deliver(Self.report(start), at: .zero)
        _ = book.apply(.cancel, at: .zero)
        let events = book.close(at: .zero)
        #expect(Self.kinds(events).first == "completed \(start.scan)@0")
        #expect(book.progress.counters.completed == 1 && book.progress.counters.ended == 2)
    }

    @Test("Time up: no more starts, the waiting scans are cancelled, the running one finishes")
    func timeUp() throws {
        var book = Self.book(total: 100, batch: 1, duration: .seconds(1))
        let start = try Self.start(&book, at: .zero)
        #expect(book.closeAdmission(at: .milliseconds(500)).isEmpty, "not yet")
        let events = book.closeAdmission(at: .seconds(1))
        #expect(Self.kinds(events).first == "time_up")
        #expect(book.start(at: .seconds(1)) == nil)
        _ = book.finish(Self.report(start), at: .seconds(2))
        #expect(book.isDrained)
        _ = book.close(at: .seconds(2))
        #expect(book.progress.phase == .finished(.timeUp))
    }

    @Test("A large run keeps at most the queue depth waiting, topped up once half empty; closing accounts every scan")
    func queueDepth() throws {
        var book = Self.book(total: RunBook.queueDepth * 3, batch: 2)
        #expect(book.queue.count == RunBook.queueDepth)
        #expect(book.admit(at: .zero).isEmpty, "a full queue takes no more")
        for _ in 0..<(RunBook.queueDepth / 2) {
            let start = try Self.start(&book, at: .zero)
            _ = book.finish(Self.report(start), at: .zero)
        }
        #expect(book.queue.count == RunBook.queueDepth / 2)
        #expect(book.admit(at: .zero).count == RunBook.queueDepth / 2)
        #expect(book.queue.count == RunBook.queueDepth)
        _ = book.apply(.cancel, at: .zero)
        _ = book.close(at: .zero)
        let c = book.progress.counters
        #expect(c.ended == RunBook.queueDepth * 3 && c.completed == RunBook.queueDepth / 2)
        #expect(book.neverScheduled == RunBook.queueDepth * 3 - c.scheduled)
    }
}
