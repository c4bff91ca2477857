/// A recorded run, written into a fresh book one event at a time (`RunReplay`).
///
/// Each recorded event is the transition the live run made, and is checked against the book's
/// rules before it is written: a scan starts only where `start` would have started it, ends only
/// from the slot it holds, and so on. A transition that the live run would have followed with
/// others (a close cancels the waiting scans; a thrown failure cancels the running ones) is split
/// here into one step per event, because the file records each of those events on its own line.
extension RunBook {
    /// Why a recorded event cannot have happened at this point of the run.
    struct Impossible: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Writes `event`, and returns it as the live book wrote it: an end then carries the span the
    /// book knows (when the scan started, how long it waited).
    mutating func replay(_ event: ScanEvent) throws(Impossible) -> ScanEvent {
        if progress.phase == .ready { progress.phase = .running }
        guard !progress.phase.isFinished else { throw Impossible("scan \(event.scan) has an event after the run finished") }
        switch event.kind {
        case .scheduled: try replaySchedule(event)
        case .arrived: try replayArrival(event)
        case .started where configuration.strategy.sendsToAnActor: try replayStartArrived(event)
        case .started: try replayStart(event)
        case .delivered:
            let slot = try heldSlot(event)
            // Its outcome comes with its terminal line, when the loop takes it from the stream or
            // the group returns the body's array.
            let report = ScanReport(scan: event.scan, slot: slot, outcome: .failure(.cancelled), ran: .zero)
            _ = configuration.errors == .collect ? collect(report, at: event.time) : deliver(report, at: event.time)
        case .completed, .failed, .verificationFailed, .cancelled:
            guard event.slot != nil else {
                try replayCancelWaiting(event)
                return event
            }
            let report = ScanReport(
                scan: event.scan, slot: event.slot ?? 0, outcome: Self.outcome(of: event), ran: event.span?.ran ?? .zero,
                child: event.span?.child ?? ChildView(), handlerRan: event.span?.handlerRan)
            if let occupancy = collected.removeValue(forKey: event.scan)?.occupancy {
                // A collected result, booked when the group returned it, or lost when it threw.
                count(occupancy.priority) { $0.collected -= 1 }
                if case .scan(let written)? = end(report, occupancy, at: event.time).first { return written }
                return event
            }
            _ = try heldSlot(event)
            // A `--fail-fast` stop follows from the failure here, as it did live; its own line then
            // finds the run already stopping for that reason.
            if case .scan(let written)? = finish(report, at: event.time).first { return written }
        }
        return event
    }

    mutating func replay(_ change: RunChange) throws(Impossible) {
        if progress.phase == .ready { progress.phase = .running }
        guard !progress.phase.isFinished else { throw Impossible("a \(change.name) line after the run finished") }
        let now = change.time
        switch change.kind {
        case .batch(let batch):
            guard apply(.setBatch(batch), at: now) == [.change(change)] else {
                throw Impossible("a batch of \(batch) cannot be set here (a \(configuration.strategy.rawValue) run, batch \(progress.batch))")
            }
        case .paused, .resumed, .step:
            let control: ScanControl = change.kind == .paused ? .pause : change.kind == .resumed ? .resume : .step
            guard apply(control, at: now) == [.change(change)] else {
                throw Impossible("a \(change.name) line where the run \(progress.phase == .paused ? "is already paused" : "is not paused")")
            }
        case .stopping(let asked):
            _ = stop(asked, at: now)
            guard ending == asked else { throw Impossible("the run stops for \(asked.name), but it was already stopping for \(ending?.name ?? "nothing")") }
        case .timeUp:
            guard configuration.duration != nil, !progress.timeUp else { throw Impossible("time up in a run without --duration, or twice") }
            // As `closeAdmission`, but the waiting scans' cancellations follow on lines of their own.
            progress.timeUp = true
            scanLimit = nextScan
        case .discarded(let count):
            progress.discarded = count
        case .gap(let until):
            _ = beginGap(until: until, at: now)
        case .gapEnded:
            guard endGap(at: now) == [.change(change)] else { throw Impossible("a gap ends where none began") }
        case .orphaned(let count), .bagCancelled(let count):
            let bagged = if case .bagCancelled = change.kind { true } else { false }
            guard configuration.strategy == .unstructured, configuration.taskBag == bagged, progress.leftRunning == nil,
                count == progress.counters.running
            else {
                throw Impossible("\(change.name) \(count), but this is \(configuration.strategy == .unstructured ? "" : "not ")an unstructured run\(configuration.taskBag ? " with a task bag" : ""), with \(progress.counters.running) scans running")
            }
            _ = loopReturned(leaving: count, bagCancelled: bagged, at: now)
        case .catalogued(let tally):
            guard configuration.catalogue == tally.mode, progress.catalogue == nil, tally.counted <= tally.expected else {
                throw Impossible("a \(tally.mode.rawValue) catalogue counting \(tally.counted) of \(tally.expected), but the run has \(configuration.catalogue.map { "a \($0.rawValue) catalogue" } ?? "none")\(progress.catalogue == nil ? "" : ", already closed")")
            }
            _ = closeCatalogue(tally, at: now)
        case .folded(let fold):
            guard configuration.strategy == .reduce, progress.fold == nil, fold.completed <= fold.outcomes else {
                throw Impossible("a fold of \(fold.outcomes) outcomes, but \(configuration.strategy == .reduce ? "the run had folded already" : "this is a \(configuration.strategy.rawValue) run")")
            }
            _ = noteFold(fold, at: now)
        case .terminated:
            guard configuration.strategy == .stream, ending != nil, !streamTerminated else {
                throw Impossible("the stream terminates, but \(configuration.strategy != .stream ? "this is a \(configuration.strategy.rawValue) run" : ending == nil ? "the run is not stopping" : "it had already terminated")")
            }
            _ = terminate(at: now)
        case .threads:
            // What the pool ran is not the book's to keep: `RunReplay` plays it.
            break
        case .finished(let recorded):
            let c = progress.counters
            guard c.running == 0, c.inStream == 0, c.collected == 0, c.waiting == 0 else {
                throw Impossible("the run finishes with \(c.running + c.inStream + c.collected) scans holding a slot or a result and \(c.waiting) waiting")
            }
            // Drained means every scan ran: a run bounded by its count has scheduled them all.
            if recorded == .drained, ending == nil, configuration.duration == nil, !hasNoMoreToStart {
                throw Impossible("the run finishes drained, but only \(c.scheduled) of its \(scanLimit) scans were scheduled")
            }
            _ = close(at: now)
            guard ending == nil || ending == recorded, progress.phase == .finished(recorded) else {
                throw Impossible("the run finishes as \(recorded.name), but its events say it is \(progress.phase.described)")
            }
        }
    }

    private mutating func replaySchedule(_ event: ScanEvent) throws(Impossible) {
        guard event.scan == nextScan, nextScan < scanLimit, ending == nil else {
            throw Impossible("scan \(event.scan) is scheduled, but the next scan to schedule is \(nextScan < scanLimit && ending == nil ? "\(nextScan)" : "none")")
        }
        let priority = configuration.priority(of: event.scan)
        guard priority == event.priority else {
            throw Impossible("scan \(event.scan) is \(event.priority), but the run's seed makes it \(priority)")
        }
        // One scan, not a chunk: how deep the queue was kept is told by the lines themselves.
        queue.append(ReadyQueue.Entry(scan: event.scan, priority: priority, scheduledAt: event.time))
        count(priority) { $0.scheduled += 1; $0.waiting += 1 }
        nextScan += 1
    }

    private mutating func replayStart(_ event: ScanEvent) throws(Impossible) {
        guard let start = start(at: event.time) else {
            throw Impossible("scan \(event.scan) starts, but no scan may start here")
        }
        guard start.scan == event.scan, start.slot == event.slot else {
            throw Impossible("scan \(event.scan) starts in slot \(event.slot ?? -1), but the rules start scan \(start.scan) in slot \(start.slot) here")
        }
        try check(start, against: event)
    }

    /// The seed decides whether a scan checks for cancellation, whoever starts it.
    private func check(_ start: Start, against event: ScanEvent) throws(Impossible) {
        guard start.event.scanEvent?.ignoresCancellation == event.ignoresCancellation else {
            throw Impossible("scan \(event.scan) \(event.ignoresCancellation ? "ignores" : "checks for") cancellation, but the run's seed says it \(event.ignoresCancellation ? "checks" : "does not")")
        }
    }

    /// A job reaches the actor. The file does not tell when it was sent, only that it was
    /// waiting, and that fewer than a batch of jobs had a task then: it is sent now.
    private mutating func replayArrival(_ event: ScanEvent) throws(Impossible) {
        guard configuration.strategy.sendsToAnActor else {
            throw Impossible("scan \(event.scan) arrives at an actor, but a \(configuration.strategy.rawValue) run sends no jobs to one")
        }
        guard progress.counters.running + station.count < progress.batch else {
            throw Impossible("scan \(event.scan) arrives at the actor, but a batch of \(progress.batch) jobs already had tasks")
        }
        guard let entry = queue.remove(event.scan, priority: event.priority) else {
            throw Impossible("scan \(event.scan) arrives at the actor, but it is not waiting to be sent")
        }
        station.sent[entry.scan] = entry
        _ = arrive(event.scan, at: event.time)
    }

    private mutating func replayStartArrived(_ event: ScanEvent) throws(Impossible) {
        let first = station.arrived.first?.scan
        guard let start = startArrived(at: event.time) else {
            throw Impossible("scan \(event.scan) starts, but the actor may start no job here\(configuration.strategy == .actorQueue && progress.counters.running > 0 ? ": with the queue, another job runs" : "")")
        }
        guard start.scan == event.scan, start.slot == event.slot else {
            throw Impossible("scan \(event.scan) starts in slot \(event.slot ?? -1), but the actor starts the job that arrived first, scan \(first ?? -1), in slot \(start.slot)")
        }
        try check(start, against: event)
    }

    private mutating func replayCancelWaiting(_ event: ScanEvent) throws(Impossible) {
        guard case .cancelled = event.kind else { throw Impossible("scan \(event.scan) \(event.name) without a slot") }
        if station.arrived.contains(where: { $0.scan == event.scan }) {
            // A job at the actor that the run stopped before its turn.
            guard !canStartArrived else {
                throw Impossible("scan \(event.scan) is cancelled at the actor, but the run could still start it")
            }
            _ = cancelArrived(event.scan, at: event.time)
            return
        }
        if configuration.strategy.sendsToAnActor {
            // The live queue had lost the jobs already sent, which this one holds until they arrive.
            guard let entry = queue.remove(event.scan, priority: event.priority) else {
                throw Impossible("scan \(event.scan) is cancelled while waiting, but it is not waiting")
            }
            count(entry.priority) { $0.waiting -= 1; $0.cancelled += 1 }
            return
        }
        // The live run cancels the whole queue in `popNext` order, one line per scan.
        guard queue.peekNext?.scan == event.scan, let entry = queue.popNext() else {
            throw Impossible("scan \(event.scan) is cancelled while waiting, but the queue's next scan is \(queue.peekNext.map { "\($0.scan)" } ?? "none")")
        }
        count(entry.priority) { $0.waiting -= 1; $0.cancelled += 1 }
    }

    /// The slot `event`'s scan holds, which must be the one the event names.
    private func heldSlot(_ event: ScanEvent) throws(Impossible) -> Int {
        guard let slot = event.slot, slot < slots.slots.count, let occupancy = slots.slots[slot], occupancy.scan == event.scan else {
            throw Impossible("scan \(event.scan) \(event.name) in slot \(event.slot ?? -1), which it does not hold")
        }
        return slot
    }

    static func outcome(of event: ScanEvent) -> ScanOutcome {
        if let kept = event.partial { return .failure(.partial(kept)) }
        return switch event.kind {
        case .completed(let result): .success(result)
        case .failed(let failure): .failure(.failed(failure))
        case .verificationFailed(let failure): .failure(.mismatch(failure))
        case .scheduled, .arrived, .started, .delivered, .cancelled: .failure(.cancelled)
        }
    }
}
