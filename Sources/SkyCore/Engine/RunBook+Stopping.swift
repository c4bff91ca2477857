/// How a run stops: a cancel or a failure that ends it, a thrown failure, the time running out,
/// and the close that accounts for every scan left.
extension RunBook {
    /// `--duration` has run out: no scan starts after this; the waiting ones are cancelled and the
    /// running ones finish. Nothing happens if the time is not up yet (a timer woken early).
    mutating func closeAdmission(at now: Duration) -> [RunEvent] {
        guard let duration = configuration.duration, now >= duration, !progress.timeUp, ending == nil else { return [] }
        progress.timeUp = true
        scanLimit = nextScan
        return [.change(RunChange(.timeUp, at: now))] + cancelWaiting(at: now)
    }

    /// The run is over: every scan still waiting is cancelled with its event, results left in a
    /// stream are booked, and scans never scheduled are counted as cancelled (there may be
    /// millions, so they get no events of their own).
    mutating func close(at now: Duration) -> [RunEvent] {
        var events: [RunEvent] = []
        for report in unconsumed.values.sorted(by: { $0.slot < $1.slot }) { events += finish(report, at: now) }
        events += cancelWaiting(at: now)
        if let total = configuration.total { neverScheduled = min(total, scanLimit) - nextScan }
        progress.counters.cancelled += neverScheduled
        nextScan += neverScheduled
        let ending = ending ?? (progress.timeUp ? .timeUp : .drained)
        progress.phase = .finished(ending)
        progress.elapsed = now
        events.append(.change(RunChange(.finished(ending), at: now)))
        let c = progress.counters
        precondition(c.running == 0 && c.inStream == 0 && c.collected == 0 && c.waiting == 0, "a closed run holds no scans")
        precondition(c.ended == c.scheduled + neverScheduled, "every scan has one terminal state")
        return events
    }

    /// `--strategy stream`: the consumer has gone away, and the stream's `onTermination` has
    /// cancelled the producer. Written once, by the consumer, after the run began to stop.
    mutating func terminate(at now: Duration) -> [RunEvent] {
        streamTerminated = true
        return [.change(RunChange(.terminated, at: now))]
    }

    /// `--take` in a task group: the group has waited for every child its body left behind. What
    /// they finished, the group dropped; `finish` counted it, and this line tells how much.
    mutating func closeGroup(at now: Duration) -> [RunEvent] {
        ending == .taken && progress.discarded > 0 ? [.change(RunChange(.discarded(progress.discarded), at: now))] : []
    }

    /// `--strategy unstructured`: the loop that started the tasks has returned, with `running` of
    /// them still going: left to run on, or cancelled by the task bag it dropped.
    mutating func loopReturned(leaving running: Int, bagCancelled: Bool, at now: Duration) -> [RunEvent] {
        progress.leftRunning = running
        return [.change(RunChange(bagCancelled ? .bagCancelled(running) : .orphaned(running), at: now))]
    }

    /// `--catalogue`: every child has handed over its result; the catalogue's count against its
    /// calls.
    mutating func closeCatalogue(_ tally: CatalogueTally, at now: Duration) -> [RunEvent] {
        progress.catalogue = tally
        return [.change(RunChange(.catalogued(tally), at: now))]
    }

    /// `--strategy reduce`: the group's `reduce` has returned `fold`.
    mutating func noteFold(_ fold: GroupFold, at now: Duration) -> [RunEvent] {
        progress.fold = fold
        return [.change(RunChange(.folded(fold), at: now))]
    }

    /// Starts the run's stop: no scan starts after this.
    mutating func stop(_ ending: RunEnding, at now: Duration) -> [RunEvent] {
        guard self.ending == nil else { return [] }
        progress.phase = .stopping(ending)
        progress.stoppingAt = now
        // A throw is booked as the failed scan ends; the group or scope cancels the others only
        // once the error reaches it, so the time from here is not how long a cancel took.
        if case .thrown = ending { return [.change(RunChange(.stopping(ending), at: now))] }
        stopAskedAt = now
        progress.stoppedInGap = progress.gapEnds != nil
        noteStopped(at: now)
        return [.change(RunChange(.stopping(ending), at: now))]
    }

    mutating func cancelWaiting(at now: Duration) -> [RunEvent] {
        queue.removeAll().map { entry in
            count(entry.priority) { $0.waiting -= 1; $0.cancelled += 1 }
            return .scan(ScanEvent(kind: .cancelled, scan: entry.scan, priority: entry.priority, slot: nil, time: now))
        }
    }

    /// After a stop was asked for: once nothing runs, and no serial loop sleeps in a gap, how long
    /// the running scans (or the gap's sleep) took to stop.
    mutating func noteStopped(at now: Duration) {
        guard let askedAt = stopAskedAt, progress.stoppedIn == nil, progress.counters.running == 0, progress.gapEnds == nil else { return }
        progress.stoppedIn = now - askedAt
    }
}
