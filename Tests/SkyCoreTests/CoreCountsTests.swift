import Foundation
import Testing
@testable import SkyCore

/// The per-core tally of verified scans and mismatches (`CoreLedger`), as a run's snapshot carries it.
@Suite("Per-core counts of verified scans and mismatches")
struct CoreCountsTests {
    static func verified(
        _ strategy: ScanStrategy = .batched, total: Int = 30, batch: Int = 3, corruption: Double = 0.3
    ) -> RunConfiguration {
        RunConfiguration(
            total: total, batch: batch, seed: 5, failureRate: 0.2, work: 600, strategy: strategy, verify: true,
            corruptionRate: corruption)
    }

    /// How many `verification_failed` events name each core.
    static func mismatchesByCore(_ events: [ScanEvent]) -> [Int: Int] {
        var byCore: [Int: Int] = [:]
        for event in events {
            if case .verificationFailed(let failure) = event.kind { byCore[failure.core, default: 0] += 1 }
        }
        return byCore
    }

    @Test(
        "Every verified scan is counted on one core, and every mismatch on the core its event names",
        arguments: [ScanStrategy.batched, .serial, .unbounded, .stream, .asyncLet, .unstructured, .actorQueue])
    func countsAddUp(strategy: ScanStrategy) async {
        let (summary, events) = await run(Self.verified(strategy))
        let counts = summary.snapshot.coreCounts
        let c = summary.counters
        #expect(c.verificationFailures > 0)
        #expect(counts.verified.count == CoreLedger.configuredCores)
        #expect(counts.mismatches.count == counts.verified.count)
        // A scan's result is checked unless it failed by plan: completed and mismatched ones alike.
        #expect(counts.totalVerified == c.completed + c.verificationFailures)
        #expect(counts.totalMismatches == c.verificationFailures)
        #expect(zip(counts.mismatches, counts.verified).allSatisfy { $0 <= $1 })
        for (core, failures) in Self.mismatchesByCore(events) {
            let counted = counts.verified.indices.contains(core) ? counts.mismatches[core] : counts.unknownMismatches
            #expect(counted == failures, "core \(core)")
        }
        #expect(counts.mismatches.reduce(0, +) + counts.unknownMismatches == Self.mismatchesByCore(events).values.reduce(0, +))
    }

    @Test("Scans run on the cores the host has, not in the unknown cell, on Linux")
    func knownCores() async {
        let (summary, _) = await run(Self.verified(corruption: 0))
        let counts = summary.snapshot.coreCounts
        #expect(counts.totalVerified == summary.counters.completed)
        #if os(Linux)
        #expect(counts.unknownVerified == 0)
        #expect(counts.verified.reduce(0, +) == summary.counters.completed)
        #endif
    }

    @Test("Without verification the arrays are empty")
    func emptyWithoutVerification() async {
        var configuration = Self.verified(corruption: 0)
        configuration.verify = false
        let (summary, _) = await run(configuration)
        #expect(summary.snapshot.coreCounts == CoreCounts())
        #expect(ScanModel(configuration: configuration).snapshot().coreCounts.verified.isEmpty)
    }

    @Test("A replayed run has no cores: its arrays are empty, whatever the recorded run counted")
    func replayHasNoCores() async throws {
        let configuration = Self.verified(total: 30, batch: 2)
        let (live, events) = await RunReplayTests.record(configuration)
        #expect(live.snapshot.coreCounts.totalVerified > 0)
        var replay = RunReplay(configuration: configuration)
        for event in events { try replay.play(event) }
        let replayed = try #require(replay.summary)
        #expect(replayed.counters.verificationFailures == live.counters.verificationFailures)
        #expect(replayed.snapshot.coreCounts == CoreCounts())
    }

    @Test("A core the ledger does not cover, or none, is counted in the unknown cell, never dropped")
    func unknownCore() {
        let ledger = CoreLedger(cores: 4)
        ledger.noteVerified(on: 0, mismatch: false)
        ledger.noteVerified(on: 3, mismatch: true)
        ledger.noteVerified(on: 3, mismatch: false)
        ledger.noteVerified(on: 4, mismatch: true)
        ledger.noteVerified(on: -1, mismatch: false)
        ledger.noteVerified(on: 1_000, mismatch: false)
        let counts = ledger.counts()
        #expect(counts.verified == [1, 0, 0, 2])
        #expect(counts.mismatches == [0, 0, 0, 1])
        #expect(counts.unknownVerified == 3)
        #expect(counts.unknownMismatches == 1)
        #expect(counts.totalVerified == 6)
        #expect(counts.totalMismatches == 2)
    }

    @Test("The ledger has a cell for every CPU the system has configured")
    func sizedFromConfiguredCores() {
        #expect(CoreLedger.configuredCores >= ProcessInfo.processInfo.activeProcessorCount)
        #expect(CoreLedger().counts().verified.count == CoreLedger.configuredCores)
    }
}
