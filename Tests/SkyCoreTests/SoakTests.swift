import Testing
@testable import SkyCore

/// Timed runs, verification and corruption, and flat memory over many scans.
@Suite("Soak: time bounds, verification, steady state")
struct SoakTests {
    static func timed(
        duration: Duration = .milliseconds(150), total: Int? = nil, batch: Int = 2, strategy: ScanStrategy = .batched,
        work: Int = 1_000, verify: Bool = true, corruption: Double = 0, failureRate: Double = 0, seed: UInt64 = 11
    ) -> RunConfiguration {
        RunConfiguration(
            total: total, duration: duration, batch: batch, seed: seed, failureRate: failureRate, work: work,
            strategy: strategy, verify: verify, corruptionRate: corruption)
    }

    @Test("The independent recomputation agrees with the sweep bit for bit", arguments: [0, 1, 2, 5, 300, 1_000])
    func referenceAgrees(lines: Int) {
        for seed: UInt64 in [0, 42, 0xDEAD_BEEF_CAFE_F00D] {
            #expect(ReferenceSweep.sweep(seed: seed, lines: lines) == SectorSweep.sweep(seed: seed, lines: lines))
        }
        var chunked = ReferenceSweep(seed: 7, lines: lines)
        while chunked.line < lines { chunked.advance(by: 33) }
        #expect(chunked.result == SectorSweep.sweep(seed: 7, lines: lines))
    }

    @Test("Corruption is planned from the seed, apart from the failures")
    func corruptionIsPlanned() {
        let plain = RunConfiguration(total: 2_000, batch: 1, seed: 3, failureRate: 0.2, work: 10)
        var corrupting = plain
        corrupting.corruptionRate = 0.25
        let corrupted = (0..<2_000).filter { corrupting.plan($0).corruption != nil }
        #expect(corrupted.count > 400 && corrupted.count < 600)
        #expect((0..<2_000).allSatisfy { plain.plan($0).failure == corrupting.plan($0).failure })
        #expect((0..<2_000).allSatisfy { corrupting.plan($0).corruption?.nonzeroBitCount ?? 1 == 1 })
    }

    @Test("Verification catches every corrupted result, counted apart from simulated failures")
    func verificationCatchesCorruption() async {
        let config = RunConfiguration(
            total: 60, batch: 3, seed: 5, failureRate: 0.2, work: 600, verify: true, corruptionRate: 0.3)
        let (summary, events) = await run(config)
        let plans = (0..<60).map(config.plan)
        let expectedFaults = plans.filter { $0.failure == nil && $0.corruption != nil }.map(\.index)
        let expectedFailures = plans.filter { $0.failure != nil }.count
        #expect(!expectedFaults.isEmpty)
        let c = summary.counters
        #expect(c.verificationFailures == expectedFaults.count)
        #expect(c.failed == expectedFailures)
        #expect(c.completed == 60 - expectedFaults.count - expectedFailures)
        #expect(c.finished == 60)
        let faulted = events.compactMap { event -> Int? in
            if case .verificationFailed(let failure) = event.kind {
                #expect(failure.found != failure.expected)
                #expect(failure.found.checksum ^ failure.expected.checksum == config.plan(event.scan).corruption)
                #expect(failure.thread > 0)
                return event.scan
            }
            return nil
        }
        #expect(faulted.sorted() == expectedFaults)
        #expect(summary.verificationFailures.map(\.scan).sorted() == expectedFaults)
        #expect(summary.snapshot.lastVerificationFailure != nil)
    }

    @Test("Without verification, corruption goes unnoticed and changes the checksum")
    func unverifiedCorruption() async {
        let honest = await ScanModel(configuration: RunConfiguration(total: 40, batch: 2, seed: 8, failureRate: 0, work: 300)).run()
        let corrupt = await ScanModel(
            configuration: RunConfiguration(total: 40, batch: 2, seed: 8, failureRate: 0, work: 300, corruptionRate: 0.5)
        ).run()
        #expect(corrupt.counters.completed == 40)
        #expect(corrupt.counters.verificationFailures == 0)
        #expect(corrupt.snapshot.checksum != honest.snapshot.checksum)
    }

    @Test("A verified honest run has no verification failures and the unverified run's checksum")
    func honestVerifiedRun() async {
        let plain = await ScanModel(configuration: RunConfiguration(total: 30, batch: 3, seed: 2, work: 800)).run()
        let verified = await ScanModel(configuration: RunConfiguration(total: 30, batch: 3, seed: 2, work: 800, verify: true)).run()
        #expect(verified.counters.verificationFailures == 0)
        #expect(verified.snapshot.checksum == plain.snapshot.checksum)
    }

    @Test("A run bounded by time alone ends by itself: admission stops, running scans finish", arguments: StrategiesUnderTest.all.filter { !$0.addsEveryScanAtOnce })
    func durationEnds(strategy: ScanStrategy) async {
        let (summary, events) = await run(Self.timed(strategy: strategy))
        #expect(summary.ending == .timeUp)
        let c = summary.counters
        #expect(c.running == 0 && c.waiting == 0)
        #expect(c.ended == c.scheduled)
        #expect(c.completed > 0)
        #expect(summary.notStarted == 0)
        // Every scheduled scan has exactly one terminal event, and once a waiting scan has been
        // cancelled at the deadline, no scan starts.
        var terminal: [Int: Int] = [:]
        var timeUpSeen = false
        for event in events {
            if event.isTerminal { terminal[event.scan, default: 0] += 1 }
            if case .cancelled = event.kind, event.slot == nil { timeUpSeen = true }
            if case .started = event.kind { #expect(!timeUpSeen) }
        }
        #expect(terminal.count == c.scheduled)
        #expect(terminal.values.allSatisfy { $0 == 1 })
        // A timed run keeps its ready queue to one batch, so at most that many are cancelled; jobs
        // sent to an actor and not started wait too, and are fewer than another batch.
        #expect(c.cancelled <= summary.snapshot.batch * (strategy.sendsToAnActor ? 2 : 1))
    }

    @Test("With a total and a duration, whichever comes first ends the run")
    func totalFirst() async {
        let summary = await ScanModel(configuration: Self.timed(duration: .seconds(3600), total: 12)).run()
        #expect(summary.ending == .drained)
        #expect(summary.counters.completed == 12)
    }

    @Test("Cancelling a time-bound run counts no never-admitted scans")
    func cancelTimed() async {
        let (summary, _) = await run(Self.timed(duration: .seconds(3600), work: 200)) { event, history in
            history.count == 40 ? .cancel : nil
        }
        #expect(summary.ending == .cancelled)
        #expect(summary.notStarted == 0)
        #expect(summary.counters.ended == summary.counters.scheduled)
    }

    @Test("Nothing the run holds grows with the number of scans", arguments: [ScanStrategy.batched, .stream])
    func flatRetention(strategy: ScanStrategy) async {
        func retention(after total: Int) async -> RunBook.Retention {
            // Half the scans fail and a third of the rest fail verification, to fill every log.
            let config = RunConfiguration(
                total: total, batch: 4, seed: 9, failureRate: 0.5, work: 0, strategy: strategy, verify: true,
                corruptionRate: 0.33)
            let model = ScanModel(configuration: config)
            let summary = await model.run()
            #expect(summary.counters.finished == total)
            #expect(summary.errors.count == min(summary.errorCount, ScanModel.summaryErrorLimit))
            #expect(summary.verificationFailures.count == min(summary.counters.verificationFailures, ScanModel.summaryErrorLimit))
            return await model.retention
        }
        let small = await retention(after: 8_000)
        let large = await retention(after: 30_000)
        // The histograms' footprint counts their arrays' capacity, which the allocator rounds up by
        // a few bytes depending on the allocation: a footprint that grew with the scans would be
        // thousands of entries larger, not a few bytes.
        #expect(abs(large.statisticsBytes - small.statisticsBytes) <= small.statisticsBytes / 100, "\(small) against \(large)")
        var sameStatistics = large
        sameStatistics.statisticsBytes = small.statisticsBytes
        #expect(small == sameStatistics)
        #expect(large.errorLog == ScanModel.summaryErrorLimit)
        #expect(large.verificationLog == ScanModel.summaryErrorLimit)
        #expect(large.recentErrors == ScanModel.recentErrorLimit)
    }

    @Test("A serial run's spacing gap ends when --duration runs out")
    func spacingEndsAtTheDeadline() async {
        // An hour's gap after the first scan; the run has 200 ms. It must not wait out the gap.
        var config = Self.timed(duration: .milliseconds(200), strategy: .serial, work: 0, verify: false)
        config.spacing = .seconds(3600)
        let started = ContinuousClock.now
        let summary = await ScanModel(configuration: config).run()
        #expect(summary.ending == .timeUp)
        // At most the one scan before the gap: none starts after the time is up.
        #expect(summary.counters.completed <= 1)
        // Not a timing: a run that waited out the gap would take the hour. A pool that other tests
        // keep busy has held a run up for minutes under the thread sanitizer.
        #expect(ContinuousClock.now - started < config.spacing)
    }
}
