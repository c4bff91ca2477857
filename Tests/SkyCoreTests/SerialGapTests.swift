import Testing
@testable import SkyCore

/// Records every event, changes included, and answers the first that `react` picks with a cancel,
/// sent from inside the engine's step: "cancel in the first gap" is then exact.
final class ChangeRecorder: ScanEventSink {
    private let recorded = Locked<[RunEvent]>([])
    private let model = Locked<ScanModel?>(nil)
    /// What the recorder saw of the model's snapshot when it reacted.
    let seen = Locked<ScanSnapshot?>(nil)
    private let react: @Sendable (RunEvent) -> Bool

    init(cancelOn react: @escaping @Sendable (RunEvent) -> Bool = { _ in false }) { self.react = react }

    func attach(_ model: ScanModel) { self.model.withLock { $0 = model } }
    func record(_ event: ScanEvent) { hold(.scan(event)) }
    func record(_ change: RunChange) { hold(.change(change)) }

    private func hold(_ event: RunEvent) {
        let first = recorded.withLock { events in
            events.append(event)
            return seen.withLock { $0 } == nil
        }
        guard first, react(event), let model = model.withLock({ $0 }) else { return }
        seen.withLock { $0 = model.snapshot() }
        model.cancel()
    }

    var events: [RunEvent] { recorded.withLock { $0 } }

    /// Runs `configuration` with this recorder attached.
    func run(_ configuration: RunConfiguration) async -> RunSummary {
        let model = ScanModel(configuration: configuration, sinks: [self])
        attach(model)
        return await model.run()
    }
}

/// `--spacing`: the gap the serial loop sleeps between two scans is a fact of the run book, so the
/// dashboard can count it down, and a cancel in it is measured to the end of the sleep.
@Suite("Serial gaps")
struct SerialGapTests {
    static func gapTime(_ events: [RunEvent], _ name: String) -> Duration? {
        events.first { if case .change(let change) = $0 { change.name == name } else { false } }?.time
    }

    @Test("The book holds the gap's end while the loop sleeps; a cancel then waits for the sleep to end to say how long it took")
    func bookMeasuresTheGap() throws {
        var book = RunBook(configuration: RunConfiguration(total: 3, batch: 1, seed: 3, work: 0, strategy: .serial, spacing: .seconds(2)))
        _ = book.open(at: .zero)
        let started = book.start(at: .zero)
        let start = try #require(started)
        _ = book.finish(ScanReport(scan: start.scan, slot: 0, outcome: .success(ScanResult(signals: 1, checksum: 1)), ran: .zero), at: .milliseconds(100))
        #expect(book.beginGap(until: .milliseconds(2_100), at: .milliseconds(100)) == [.change(RunChange(.gap(until: .milliseconds(2_100)), at: .milliseconds(100)))])
        #expect(book.snapshot(at: .milliseconds(500)).gapEnds == .milliseconds(2_100))
        _ = book.apply(.cancel, at: .milliseconds(600))
        #expect(book.progress.stoppedIn == nil, "nothing runs, but the loop still sleeps")
        #expect(book.endGap(at: .milliseconds(603)) == [.change(RunChange(.gapEnded, at: .milliseconds(603)))])
        #expect(book.progress.stoppedIn == .milliseconds(3))
        #expect(book.progress.stoppedInGap)
        #expect(book.progress.gapEnds == nil)
    }

    @Test("A run cancelled in its first gap: the snapshot held the gap's end, and 'stopped in' is the sleep's end after the cancel")
    func cancelInTheGap() async throws {
        let recorder = ChangeRecorder { event in
            if case .change(let change) = event, case .gap = change.kind { return true }
            return false
        }
        let configuration = RunConfiguration(total: 4, batch: 1, seed: 3, failureRate: 0, work: 0, strategy: .serial, spacing: RunConfiguration.spacingRange.upperBound)
        let summary = await recorder.run(configuration)
        let events = recorder.events
        #expect(summary.ending == .cancelled)
        let gap = try #require(events.compactMap { event -> Duration? in
            if case .change(let change) = event, case .gap(let until) = change.kind { return until }
            return nil
        }.first)
        #expect(recorder.seen.withLock { $0 }?.gapEnds == gap, "the snapshot publishes when the gap ends")
        let stopping = try #require(Self.gapTime(events, "stopping"))
        let woke = try #require(Self.gapTime(events, "gap_ended"))
        let stoppedIn = try #require(summary.snapshot.stoppedIn)
        #expect(stoppedIn == woke - stopping)
        #expect(summary.snapshot.stoppedInGap)
        #expect(summary.counters.completed == 1 && summary.counters.cancelled == 3)
    }

    @Test("--cancel-after cancels the run by itself, as the c key does")
    func cancelAfter() async throws {
        var configuration = RunConfiguration(total: 4, batch: 1, seed: 3, failureRate: 0, work: 0, strategy: .serial, spacing: RunConfiguration.spacingRange.upperBound)
        configuration.cancelAfter = .milliseconds(50)
        let recorder = ChangeRecorder()
        let summary = await recorder.run(configuration)
        #expect(summary.ending == .cancelled)
        #expect(try #require(Self.gapTime(recorder.events, "stopping")) >= .milliseconds(50))
    }
}
