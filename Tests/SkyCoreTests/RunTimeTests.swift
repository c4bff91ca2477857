import Testing
@testable import SkyCore

/// A scan's run time is what its own child measured, first line to last: never the actor's span
/// from booking its start to booking its end, which holds the wait for a thread and for the actor.
@Suite("Run time is the child's own")
struct RunTimeTests {
    /// The finished scans' terminal events (completed, failed, failing verification): what the
    /// run-time percentiles count.
    static func finishes(_ events: [ScanEvent]) -> [ScanEvent] {
        events.filter { event in
            switch event.kind {
            case .completed, .failed, .verificationFailed: true
            case .scheduled, .arrived, .started, .delivered, .cancelled: false
            }
        }
    }

    @Test("A run's run-time percentiles and buckets are those of its children's own run times, the events' ran")
    func percentilesOfRan() async throws {
        // More children than the pool has threads on a small machine, none yielding: children wait
        // for a thread after the actor has booked their start, and the actor waits behind them.
        let config = RunConfiguration(total: 16, batch: 8, seed: 3, failureRate: 0.2, work: 20_000, yields: false)
        let (summary, events) = await run(config)
        var children = LatencyRecorder()
        var ran: [Duration] = []
        for event in Self.finishes(events) {
            let span = try #require(event.span)
            // The child's own span lies inside the actor's, from booked start to booked end.
            #expect(span.ran > .zero)
            #expect(span.ran <= event.time - span.startedAt)
            children.record(run: span.ran)
            ran.append(span.ran)
        }
        #expect(children.runCount == UInt64(summary.counters.finished))
        #expect(summary.snapshot.runLatency == children.runPercentiles)
        let buckets = summary.snapshot.runBuckets
        #expect(buckets.count == summary.counters.finished)
        #expect(buckets.sum == ran.reduce(.zero, +))
        #expect(buckets.atMost == RunTimeBuckets.bounds.map { bound in ran.count { $0 <= bound } })
    }

    @Test("A run time on a bucket's bound counts in that bucket; one past the last bound only in the count")
    func bucketBounds() {
        var buckets = RunTimeBuckets()
        buckets.record(.milliseconds(1))
        buckets.record(.milliseconds(1) + .nanoseconds(1))
        buckets.record(.seconds(200))
        #expect(buckets.atMost.prefix(3) == [1, 2, 2])
        #expect(buckets.atMost.last == 2)
        #expect(buckets.count == 3)
        #expect(buckets.sum == .seconds(200) + .milliseconds(2) + .nanoseconds(1))
    }

    @Test("The book counts the child's run time, however late the actor books the end")
    func lateBooking() throws {
        var book = RunBookTests.book(total: 1, batch: 1)
        let start = try RunBookTests.start(&book, at: .zero)
        // The child swept for 40 ms; the actor took its result 5 s after the start.
        let report = ScanReport(
            scan: start.scan, slot: start.slot, outcome: .success(ScanResult(signals: 1, checksum: 1)), ran: .milliseconds(40))
        _ = book.finish(report, at: .seconds(5))
        let run = book.snapshot(at: .seconds(5)).progress.runLatency
        // 40 ms, to the histogram's two significant digits; the actor's span would be 5000 ms.
        #expect(abs(run.p50 - 40) < 0.5 && abs(run.p99 - 40) < 0.5)
    }
}
