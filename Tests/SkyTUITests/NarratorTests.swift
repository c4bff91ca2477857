import SkyCore
import SkyTUI
import Testing

@Suite("Explain panel narration")
struct NarratorTests {
    static func narrate(
        _ events: [ScanEvent], batch: Int, failFast: Bool = false, strategy: ScanStrategy = .batched, errors: ErrorMode = .result
    ) -> [String] {
        narrate(events.map(RunEvent.scan), batch: batch, failFast: failFast, strategy: strategy, errors: errors)
    }

    static func narrate(
        _ events: [RunEvent], batch: Int, failFast: Bool = false, strategy: ScanStrategy = .batched, errors: ErrorMode = .result,
        take: Int? = nil
    ) -> [String] {
        let configuration = RunConfiguration(
            total: 20, batch: batch, seed: 1, failFast: failFast, strategy: strategy, errors: errors, take: take)
        var narrator = Narrator(configuration: configuration)
        return events.map { narrator.narrate($0).text }
    }

    @Test("A seeded run at batch 1 is narrated the same way every time")
    func seededRun() async {
        // Batch 1 makes the order of events independent of timing, so the story is fixed. Scan 4,
        // the only high-priority scan, is scheduled last and starts first.
        let buffer = ScanEventBuffer(limit: 1000)
        let config = RunConfiguration(total: 5, batch: 1, seed: 3, failureRate: 0.3, work: 1_000)
        _ = await ScanModel(configuration: config, sinks: [buffer]).run()
        let story = Self.narrate(buffer.drain().compactMap(\.event), batch: 1)
        #expect(story == [
            "scan 0 (medium) is scheduled",
            "scan 1 (medium) is scheduled",
            "scan 2 (medium) is scheduled",
            "scan 3 (low) is scheduled",
            "scan 4 (high) is scheduled",
            "scan 4 (high) starts in slot 0: 1 of 1 slots busy",
            "scan 4 (high) completed: 8102 signals found",
            "slot 0 freed by scan 4, so scan 0 (medium) starts",
            "scan 0 failed: signal lost, wrapped in Result, the group goes on",
            "slot 0 freed by scan 0, so scan 1 (medium) starts",
            "scan 1 (medium) completed: 8292 signals found",
            "slot 0 freed by scan 1, so scan 2 (medium) starts",
            "scan 2 (medium) completed: 7790 signals found",
            "slot 0 freed by scan 2, so scan 3 (low) starts",
            "scan 3 (low) completed: 7895 signals found",
            // The engine's last reading: no watch read this run while it ran.
            "the most scans seen on a thread together: 0",
            "the run is over: every scan has ended",
        ])
    }

    @Test("The engine's reading at the stop tells how many of the scans in the group were on a thread; the last, the most seen")
    func readings() {
        func started(_ scan: Int) -> RunEvent { .scan(ScanEvent(kind: .started, scan: scan, priority: .medium, slot: scan, time: .zero)) }
        func threads(_ onThread: Int, exact: Bool = true, most: Int) -> RunEvent {
            .change(RunChange(.threads(ThreadReading(onThread: onThread, isExact: exact), mostSeen: most), at: .zero))
        }
        let story = Self.narrate(
            [started(0), started(1), started(2), .change(RunChange(.stopping(.cancelled), at: .zero)), threads(1, exact: false, most: 2), threads(0, most: 2)],
            batch: 4)
        #expect(story.suffix(2) == ["as the run stops, 3 scans are in the group, at least 1 of them on a thread", "the most scans seen on a thread together: 2"])
    }

    @Test("A freed slot is named when the next scan takes it")
    func freedSlot() {
        func event(_ kind: ScanEvent.Kind, _ scan: Int, _ priority: ScanPriority, slot: Int?) -> ScanEvent {
            ScanEvent(kind: kind, scan: scan, priority: priority, slot: slot, time: .zero)
        }
        let story = Self.narrate([
            event(.started, 0, .high, slot: 0),
            event(.started, 1, .medium, slot: 1),
            event(.scheduled, 2, .low, slot: nil),
            event(.completed(ScanResult(signals: 12, checksum: 1)), 1, .medium, slot: 1),
            event(.started, 2, .low, slot: 1),
            event(.failed(.signalLost), 0, .high, slot: 0),
            event(.cancelled, 3, .low, slot: nil),
        ], batch: 2)
        #expect(story == [
            "scan 0 (high) starts in slot 0: 1 of 2 slots busy",
            "scan 1 (medium) starts in slot 1: 2 of 2 slots busy",
            "scan 2 (low) waits: 2 of 2 slots busy",
            "scan 1 (medium) completed: 12 signals found",
            "slot 1 freed by scan 1, so scan 2 (low) starts",
            "scan 0 failed: signal lost, wrapped in Result, the group goes on",
            "scan 3 (low) cancelled before it started",
        ])
        #expect(Self.narrate([event(.failed(.sensorGlitch), 4, .low, slot: 0)], batch: 1, failFast: true)
            == ["scan 4 failed: sensor glitch, --fail-fast cancels the rest"])
    }

    @Test("While paused, the start after a step is the step's, not the slot's freed seconds before")
    func stepStarts() {
        func scan(_ kind: ScanEvent.Kind, _ number: Int, slot: Int?) -> RunEvent {
            .scan(ScanEvent(kind: kind, scan: number, priority: .medium, slot: slot, time: .zero))
        }
        let story = Self.narrate([
            scan(.started, 0, slot: 0),
            .change(RunChange(.paused, at: .zero)),
            scan(.completed(ScanResult(signals: 3, checksum: 1)), 0, slot: 0),
            .change(RunChange(.step, at: .zero)),
            scan(.started, 5, slot: 0),
            scan(.completed(ScanResult(signals: 4, checksum: 2)), 5, slot: 0),
            .change(RunChange(.resumed, at: .zero)),
            scan(.started, 6, slot: 0),
        ], batch: 1)
        #expect(story[4] == "scan 5 (medium) starts in slot 0: the step started it, while paused", "\(story)")
        #expect(story[7] == "slot 0 freed by scan 5, so scan 6 (medium) starts", "\(story)")
    }

    @Test("The event buffer keeps the newest events and counts the ones it drops in their place")
    func buffer() {
        let buffer = ScanEventBuffer(limit: 3)
        for scan in 0..<5 {
            buffer.record(ScanEvent(kind: .scheduled, scan: scan, priority: .low, slot: nil, time: .seconds(scan)))
        }
        let held = buffer.drain()
        var skipped = SkippedEvents()
        skipped.scheduled = 2
        skipped.latest = .seconds(1)
        #expect(held.first == .skipped(skipped))
        #expect(held.compactMap(\.event).compactMap(\.scanEvent).map(\.scan) == [2, 3, 4])
        #expect(buffer.dropped == 2)
        #expect(buffer.drain().isEmpty)
    }

    @Test("The buffer drops what tells least first, and puts each count where its events were: before or after a change")
    func bufferOrder() {
        let buffer = ScanEventBuffer(limit: 2)
        func scan(_ kind: ScanEvent.Kind, _ scan: Int, slot: Int?) -> ScanEvent {
            ScanEvent(kind: kind, scan: scan, priority: .low, slot: slot, time: .seconds(scan))
        }
        let batch = RunChange(.batch(3), at: .seconds(1))
        buffer.record(scan(.scheduled, 0, slot: nil))
        buffer.record(batch)
        buffer.record(scan(.started, 2, slot: 0))
        buffer.record(scan(.started, 3, slot: 1))
        buffer.record(scan(.started, 4, slot: 2))
        var scheduled = SkippedEvents()
        scheduled.scheduled = 1
        var started = SkippedEvents()
        started.started = 1
        started.latest = .seconds(2)
        #expect(buffer.drain() == [
            .skipped(scheduled), .event(.change(batch)), .skipped(started),
            .event(.scan(scan(.started, 3, slot: 1))), .event(.scan(scan(.started, 4, slot: 2))),
        ])
        #expect(buffer.dropped == 2)
    }

    @Test("e toggles the explain panel, which keeps a bounded story")
    func toggleAndBound() {
        var state = DashboardState(snapshot: Scene.midRun, size: TerminalSize(width: 100, height: 30), info: Scene.info)
        #expect(!state.showingExplain)
        #expect(state.update(.key(.character("e"))) == [])
        #expect(state.showingExplain)
        // Starts and ends alternate, so no two lines in a row are alike.
        let events = (0..<600).map { index in
            ScanEvent(
                kind: index % 2 == 0 ? .started : .completed(ScanResult(signals: 1, checksum: 1)), scan: index / 2, priority: .medium,
                slot: 0, time: .seconds(index))
        }
        _ = state.update(.events(events.map { .event(.scan($0)) }))
        #expect(state.explain.lines.count == ExplainLog.capacity)
        #expect(state.explain.lines.last?.text == "scan 299 (medium) completed: 1 signals found")
        #expect(state.explain.lines.first?.time == .seconds(600 - ExplainLog.capacity))
        let text = DashboardView.render(state).text
        #expect(text.contains("Explain"))
        #expect(text.contains("scan 299 (medium)"))
        _ = state.update(.key(.character("e")))
        #expect(DashboardView.render(state).text.contains("Errors"))
    }

    @Test("Throw mode says the error leaves the group or the loop; unbounded and serial say how scans start")
    func strategiesAndThrow() {
        func event(_ kind: ScanEvent.Kind, _ scan: Int, _ priority: ScanPriority, slot: Int?) -> ScanEvent {
            ScanEvent(kind: kind, scan: scan, priority: priority, slot: slot, time: .zero)
        }
        let failed = event(.failed(.signalLost), 4, .low, slot: 0)
        #expect(Self.narrate([failed], batch: 2, errors: .throw) == ["scan 4 failed: signal lost, thrown out of the group, which cancels every other scan"])
        #expect(Self.narrate([failed], batch: 1, strategy: .serial, errors: .throw) == ["scan 4 failed: signal lost, thrown out of the serial loop: no scan starts after it"])
        let thrown = RunEvent.change(RunChange(.stopping(.thrown(scan: 4)), at: .zero))
        #expect(Self.narrate([thrown], batch: 1, strategy: .serial, errors: .throw) == ["scan 4's failure is thrown out of the serial loop: no scan starts after it"])
        let started = event(.started, 3, .high, slot: 0)
        #expect(Self.narrate([started], batch: 20, strategy: .unbounded) == ["scan 3 (high) is added to the group: 1 child, the pool runs what it can"])
        #expect(Self.narrate([started], batch: 1, strategy: .serial) == ["scan 3 (high) starts: the loop awaits it before the next one"])
    }

    @Test("--take: a group's body returns and the ends after it are dropped; a stream's consumer goes and its stream terminates")
    func take() {
        func scan(_ kind: ScanEvent.Kind, _ scan: Int, slot: Int?) -> RunEvent {
            .scan(ScanEvent(kind: kind, scan: scan, priority: .medium, slot: slot, time: .zero))
        }
        let result = ScanResult(signals: 7, checksum: 1)
        let group: [RunEvent] = [
            scan(.started, 0, slot: 0), scan(.started, 1, slot: 1), scan(.started, 2, slot: 2),
            scan(.completed(result), 0, slot: 0), .change(RunChange(.stopping(.taken), at: .zero)),
            scan(.failed(.signalLost), 1, slot: 1), scan(.completed(result), 2, slot: 2),
            .change(RunChange(.discarded(2), at: .zero)),
        ]
        #expect(Array(Self.narrate(group, batch: 3, errors: .throw, take: 1).suffix(4)) == [
            "the body has taken 1 result and returns, without cancelAll(): the group waits for 2 running children",
            "scan 1 failed: signal lost, after the body returned: the group drops the error, which reaches no one",
            "scan 2 (medium) completed: 7 signals found after the body returned: the group drops the result",
            "the group has waited for every child: 2 results the body never took, dropped",
        ])
        let stream: [RunEvent] = [
            scan(.started, 0, slot: 0), scan(.completed(result), 0, slot: 0), .change(RunChange(.stopping(.taken), at: .zero)),
            .change(RunChange(.terminated, at: .zero)),
        ]
        #expect(Array(Self.narrate(stream, batch: 2, strategy: .stream, take: 1).suffix(2)) == [
            "the consumer has taken 1 result and goes: no scan starts now",
            "the consumer is gone: the stream's onTermination cancels the producer",
        ])
    }

    @Test("async-let: a failed first leaves its pair's scope, whose second is cancelled on the way out")
    func asyncLetPair() {
        func scan(_ kind: ScanEvent.Kind, _ scan: Int, slot: Int) -> RunEvent {
            .scan(ScanEvent(kind: kind, scan: scan, priority: .low, slot: slot, time: .zero))
        }
        let pair: [RunEvent] = [
            scan(.started, 7, slot: 0), scan(.started, 10, slot: 1), scan(.failed(.sensorGlitch), 7, slot: 0), scan(.cancelled, 10, slot: 1),
        ]
        #expect(Array(Self.narrate(pair, batch: 2, strategy: .asyncLet).suffix(2)) == [
            "scan 7 failed: sensor glitch, wrapped in Result, so the loop leaves its pair's scope, cancelling the second",
            "scan 10 (low) cancelled on leaving its pair's scope, which waited for it",
        ])
    }

    @Test("The catalogue's line says what it counted of what it was handed")
    func catalogue() {
        let racy = RunChange(.catalogued(CatalogueTally(mode: .racy, expected: 200, counted: 137, staleWrites: 90)), at: .zero)
        let safe = RunChange(.catalogued(CatalogueTally(mode: .safe, expected: 200, counted: 200, staleWrites: 0)), at: .zero)
        #expect(Self.narrate([RunEvent.change(racy), .change(safe)], batch: 4) == [
            "the catalogue counted 137 of the 200 results handed to it: 90 writes were stale",
            "the catalogue counted all 200 results handed to it",
        ])
    }
}

extension NarratorTests {
    @Test("--cancel-check: a scan that kept its partial sweep says how many lines; one that threw says they were lost")
    func cancelCheck() {
        var kept = ScanEvent(kind: .cancelled, scan: 2, priority: .medium, slot: 0, time: .seconds(1))
        kept.partial = PartialSweep(lines: 4096, signals: 30)
        var partial = Narrator(configuration: RunConfiguration(total: 4, batch: 4, seed: 1, cancelCheck: .partial))
        #expect(partial.narrate(.scan(kept)).text == "scan 2 (medium) cancelled: it read Task.isCancelled and kept its 4096 lines, 30 signals")
        let lost = ScanEvent(kind: .cancelled, scan: 2, priority: .medium, slot: 0, time: .seconds(1))
        var thrown = Narrator(configuration: RunConfiguration(total: 4, batch: 4, seed: 1, cancelCheck: .throw))
        #expect(thrown.narrate(.scan(lost)).text == "scan 2 (medium) cancelled: Task.checkCancellation() threw CancellationError; its lines lost")
    }

    @Test("--cancel-check handler: a scan says how long before its stop its handler ran; one that never looks, how long before its end")
    func cancellationHandler() {
        let configuration = RunConfiguration(total: 4, batch: 4, seed: 1, cancelCheck: .handler)
        var stopped = ScanEvent(kind: .cancelled, scan: 1, priority: .low, slot: 1, time: .seconds(5))
        stopped.span = ScanSpan(startedAt: .zero, wait: .zero, ran: .milliseconds(5_012), handlerRan: .milliseconds(5_000))
        var narrator = Narrator(configuration: configuration)
        #expect(narrator.narrate(.scan(stopped)).text == "scan 1 (low) cancelled: its cancellation handler raised its stop flag 12.0 ms before it stopped")
        var ranOn = ScanEvent(kind: .completed(ScanResult(signals: 3, checksum: 1)), scan: 2, priority: .low, slot: 2, time: .seconds(9))
        ranOn.span = ScanSpan(startedAt: .zero, wait: .zero, ran: .seconds(9), handlerRan: .seconds(5))
        #expect(narrator.narrate(.scan(ranOn)).text == "scan 2 (low) completed: its handler ran 4.0 s earlier; the sweep never read the flag")
    }
}
