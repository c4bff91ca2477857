/// What a reader sees of the book.
extension RunBook {
    /// The book as of `now`, with its rates and percentiles worked out: a reader's figures are
    /// computed when it asks, not on every scan.
    func snapshot(at now: Duration) -> ScanSnapshot {
        var snapshot = ScanSnapshot(configuration: configuration)
        snapshot.progress = progress
        if !progress.phase.isFinished && progress.phase != .ready { snapshot.progress.elapsed = now }
        snapshot.progress.recentRate = throughput.recentRate(at: snapshot.progress.elapsed)
        snapshot.progress.meanRate = throughput.meanRate(at: snapshot.progress.elapsed)
        snapshot.progress.waitLatency = latency.waitPercentiles
        snapshot.progress.runLatency = latency.runPercentiles
        snapshot.progress.runBuckets = latency.runBuckets
        snapshot.slots = slots.slots
        snapshot.recentErrors = recentErrors
        return snapshot
    }

    /// The summary of the closed run, around its final `snapshot`.
    func summary(_ snapshot: ScanSnapshot) -> RunSummary {
        RunSummary(
            snapshot: snapshot, errors: errorLog.array, errorCount: errorCount, notStarted: neverScheduled,
            verificationFailures: verificationLog.array, brokenRule: brokenRule)
    }

    /// How much the book holds, by count: what a soak of millions of scans must keep flat.
    struct Retention: Equatable {
        var statisticsBytes: Int
        var queued: Int
        var errorLog: Int
        var verificationLog: Int
        var recentErrors: Int
        var slots: Int
        var unconsumed: Int
    }

    var retention: Retention {
        Retention(
            statisticsBytes: latency.footprintBytes, queued: queue.count, errorLog: errorLog.count,
            verificationLog: verificationLog.count, recentErrors: recentErrors.count, slots: slots.slots.count,
            unconsumed: unconsumed.count)
    }
}
