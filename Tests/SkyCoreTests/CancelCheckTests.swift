import Testing
@testable import SkyCore

/// `--cancel-check`: `try Task.checkCancellation()` against `Task.isCancelled`. The first probe
/// pins what the runtime does (measured on Swift 6.3.1, Linux; texts: the lesson
/// Assets/lessons/10-check-cancellation-or-is-cancelled.md, docs/cli.md); the others hold the
/// kernel and the events to it. Nothing is timed: each task cancels itself at a chosen chunk, or
/// the run is cancelled once every scan has started.
@Suite("Task.checkCancellation() against Task.isCancelled")
struct CancelCheckTests {
    /// Sweeps chunks of 256 "lines" until cancelled, cancelling its own task after `cancelAt`
    /// chunks: with `throwing`, checks with `try Task.checkCancellation()`; otherwise reads
    /// `Task.isCancelled` and returns the lines swept.
    static func sweep(cancelAt: Int, throwing: Bool) async throws -> Int {
        var lines = 0
        for chunk in 1... {
            lines += 256
            if chunk == cancelAt { withUnsafeCurrentTask { $0?.cancel() } }
            if throwing {
                try Task.checkCancellation()
            } else if Task.isCancelled {
                return lines
            }
            await Task.yield()
        }
        return lines
    }

    @Test("checkCancellation() throws CancellationError at the first check after the cancel, and the sweep's lines go with it; isCancelled lets it return them")
    func checkThrowsPollReturns() async throws {
        let thrown = await Task { try await Self.sweep(cancelAt: 5, throwing: true) }.result
        switch thrown {
        case .success(let lines): Issue.record("a cancelled sweep that checks with checkCancellation() returned \(lines) lines")
        case .failure(let error): #expect(error is CancellationError)
        }
        let polled = await Task { try await Self.sweep(cancelAt: 5, throwing: false) }.result
        #expect(try polled.get() == 5 * 256)
    }

    /// Four scans at once, cancelled once all four have started.
    static func cancelledRun(_ check: CancelCheck) async -> (RunSummary, [ScanEvent]) {
        let configuration = RunConfiguration(total: 4, batch: 4, seed: 3, failureRate: 0, work: IgnoredCancellationTests.lines, cancelCheck: check)
        let (summary, events) = await CausalOrderTests.run(configuration) { event, line in
            if case .scan(let scan) = event, scan.kind == .started, line == 4 + 4 { .cancel } else { nil }
        }
        #expect(CausalOrderTests.violations(of: events, configuration: configuration) == [])
        return (summary, events.compactMap(\.scanEvent).filter { $0.kind == .cancelled && $0.slot != nil })
    }

    @Test("With --cancel-check partial, each scan cancelled running hands back the lines it swept, and they are the sector's own first lines")
    func partialSweepIsTheSectorsStart() async throws {
        let (summary, cancelled) = await Self.cancelledRun(.partial)
        #expect(summary.ending == .cancelled)
        #expect(!cancelled.isEmpty)
        let configuration = RunConfiguration(total: 4, batch: 4, seed: 3, failureRate: 0, work: IgnoredCancellationTests.lines)
        for event in cancelled {
            let kept = try #require(event.partial, "scan \(event.scan) was cancelled running, and kept nothing")
            #expect(kept.lines < IgnoredCancellationTests.lines)
            // The lines kept are real: the same lines swept afresh find the same signals.
            var again = SectorSweep(seed: configuration.plan(event.scan).sectorSeed, lines: IgnoredCancellationTests.lines)
            again.advance(by: kept.lines)
            #expect(again.signals == kept.signals)
        }
        // Counted as cancelled, never as completed: a partial sweep is not the sector's result.
        #expect(summary.counters.cancelled == 4 - summary.counters.completed)
    }

    @Test("With --cancel-check throw or flag, a scan cancelled running hands back nothing", arguments: [CancelCheck.throw, .flag])
    func nothingKept(check: CancelCheck) async {
        let (summary, cancelled) = await Self.cancelledRun(check)
        #expect(summary.ending == .cancelled)
        #expect(!cancelled.isEmpty)
        #expect(cancelled.allSatisfy { $0.partial == nil })
    }

    @Test("A kernel whose task is cancelled before its first chunk keeps nothing, whichever way it checks", arguments: CancelCheck.allCases)
    func cancelledBeforeTheFirstChunk(check: CancelCheck) async {
        let configuration = RunConfiguration(total: 1, batch: 1, seed: 3, failureRate: 0, work: 50_000)
        let task = ScanTask(plan: configuration.plan(0), cancelCheck: check)
        let outcome = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await task.run()
        }.value
        switch check {
        case .partial: #expect(outcome == .failure(.partial(PartialSweep(lines: 0, signals: 0))))
        case .throw, .flag, .handler: #expect(outcome == .failure(.cancelled))
        }
    }
}
