/// A scan's end as `Scan.run()` books it, with what `--errors` and `--take` make of it, and what
/// the strategy's return hands back. The strategy's own structure carries out the rest: a group or
/// scope a failure is thrown out of cancels the other scans, and a body that has taken its
/// results returns, its group waiting for the children it still holds.
extension RunBook {
    mutating func settle(_ report: ScanReport, at now: Duration) -> [RunEvent] {
        // `--errors collect`: a result goes into the body's array, and out of its slot.
        if configuration.errors == .collect, ending == nil, case .success = report.outcome {
            return collect(report, at: now)
        }
        var events = finish(report, at: now)
        if configuration.errors.throwsFailures, case .failure(.failed) = report.outcome {
            // Thrown out of the child as it ends: no scan starts after it.
            events += stop(.thrown(scan: report.scan), at: now)
            events += loseCollected(at: now)
        }
        // `--take`, where the loop takes each result as its scan ends; a group's body and a
        // stream's consumer count their own (`Scans.hasEnough`), as they take them.
        if let take = configuration.take, ending == nil, !configuration.strategy.countsItsResults {
            let c = progress.counters
            if c.completed + c.failed + c.verificationFailures >= take { events += stop(.taken, at: now) }
        }
        return events
    }

    /// `--take` in a group or a stream: the body or the consumer has taken `taken` results and
    /// returns. The results a group's children finished that its body did not take stay in the
    /// group, which drops them.
    mutating func haveTaken(_ taken: Int, at now: Duration) -> [RunEvent] {
        // The last result of the run is no early return: the run is simply drained.
        guard ending == nil, !isDrained else { return [] }
        let c = progress.counters
        // A stream's consumer leaves what it did not take to the stream, which goes with it.
        if configuration.strategy.takesInGroupBody { progress.discarded += max(0, c.completed + c.failed + c.verificationFailures - taken) }
        return stop(.taken, at: now)
    }

    /// The strategy has returned. A collecting group has handed back the body's array, whose
    /// results are booked now, in the order the body collected them. A group that threw, or whose
    /// body returned early, has dropped the results its children finished after: how many.
    mutating func strategyReturned(at now: Duration) -> [RunEvent] {
        var events: [RunEvent] = []
        let results = collectedOrder.compactMap { collected[$0]?.report }
        if !results.isEmpty { events += bookCollected(results, at: now) }
        collectedOrder = []
        switch ending {
        case .taken?, .thrown?:
            if progress.discarded > 0 { events.append(.change(RunChange(.discarded(progress.discarded), at: now))) }
        default: break
        }
        return events
    }

    /// `--errors collect`: a failure was thrown out of the group, and the body's array of
    /// collected results went with it. Their scans left their slots when they ended; they are
    /// booked cancelled, and counted among the results lost.
    mutating func loseCollected(at now: Duration) -> [RunEvent] {
        var events: [RunEvent] = []
        for (lost, occupancy) in collected.values.sorted(by: { $0.report.scan < $1.report.scan }) {
            count(occupancy.priority) { $0.collected -= 1 }
            let cancelled = ScanReport(scan: lost.scan, slot: lost.slot, outcome: .failure(.cancelled), ran: lost.ran, child: lost.child)
            events += end(cancelled, occupancy, at: now)
            progress.discarded += 1
        }
        collected = [:]
        collectedOrder = []
        return events
    }

    /// Whether the engine cancels the strategy's task now that the run stops. Not for a failure
    /// thrown, nor for `--take`: the strategy's own structure shows what becomes of the scans
    /// still running, a group or scope cancelling them as the throw leaves it, a body returning
    /// with its group waiting for them.
    var stopCancelsStrategy: Bool {
        switch ending {
        case nil, .taken?, .thrown?: false
        case .cancelled?, .failFast?, .timeUp?, .drained?: true
        }
    }
}
