public import SkyCore
import SkyFormat

/// Turns the engine's events into plain sentences about each scheduling decision, for the explain
/// panel: why a scan waits, which freed slot a scan takes, what a failure does to the group.
///
/// It follows the run from the events alone, in their order: the scans holding slots, which scan
/// freed which slot, and the batch in force (batch changes are events too). So the same events
/// always give the same story, and a sentence never counts more busy slots than the batch allows
/// without saying why. What it keeps is bounded by the number of slots. Events the buffer had to
/// drop arrive as counts, which keep the count of busy slots right.
public struct Narrator: Sendable {
    private let configuration: RunConfiguration
    /// Scans holding a slot: started, and without their terminal event yet.
    private var busy = 0
    /// The batch in force, as the events have told it so far.
    private var batch: Int
    /// The scan that last freed each slot, until the next scan takes it.
    private var freedBy: [Int: Int] = [:]
    /// `--errors collect`: scans out of their slots whose results the body's array holds (at most
    /// `RunConfiguration.collectLimit`).
    private var collected: Set<Int> = []
    /// The run has begun to stop: later failures are no longer its cause.
    private var stopping = false
    /// The engine's reading of the pool at the stop has been told.
    private var toldStopReading = false
    /// `--take`: the run stopped taking results, so what is discarded later is what it never took.
    private var stoppedTaking = false
    /// `--errors throw` threw a failure out of a task group.
    private var thrown = false
    /// The key the dashboard saw cancel the run, if it did: the stop's event does not say who
    /// asked for it.
    private var cancelKey: String?
    /// A step while paused was asked for, and no scan has started since: the next start is the
    /// step's, however long ago its slot was freed.
    private var stepping = false

    public init(configuration: RunConfiguration) {
        self.configuration = configuration
        batch = configuration.window
    }

    /// The dashboard cancelled the run when `key` was pressed: the cancel that follows says so.
    public mutating func noteCancel(by key: String) {
        if !stopping { cancelKey = key }
    }

    /// The sentence for what the buffer held: an event, or a count of events it dropped.
    public mutating func narrate(_ held: HeldEvent) -> Narration {
        switch held {
        case .event(let event): narrate(event)
        case .skipped(let skipped): narrate(skipped)
        }
    }

    /// The sentence for `event`.
    public mutating func narrate(_ event: RunEvent) -> Narration {
        switch event {
        case .scan(let scanEvent): narrate(scanEvent)
        case .change(let change): narrate(change)
        }
    }

    /// Events the buffer dropped because they came faster than the frames: said as counts, and
    /// booked, so later sentences count busy slots right. Who freed which slot is no longer known.
    public mutating func narrate(_ skipped: SkippedEvents) -> Narration {
        busy += skipped.started - skipped.freed
        freedBy.removeAll()
        let counts = [
            (skipped.scheduled, "scheduled"), (skipped.arrived, "arrived at the actor"), (skipped.started, "started"), (skipped.delivered, "delivered"),
            (skipped.completed, "completed"), (skipped.failed, "failed"), (skipped.verificationFailed, "wrong results"),
            (skipped.cancelledRunning, "cancelled running"), (skipped.cancelledWaiting, "cancelled before they started"),
            (skipped.changes, "changes to the run"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        let events = skipped.total == 1 ? "1 event" : "\(skipped.total) events"
        return Narration("\(events) came too fast to tell one by one: " + counts.joined(separator: ", "))
    }

    private mutating func narrate(_ change: RunChange) -> Narration {
        switch change.kind {
        case .batch(let newBatch):
            let grew = newBatch > batch
            batch = newBatch
            if busy > newBatch {
                return Narration("batch set to \(newBatch): \(busy) scans still run, and their slots close as they end")
            }
            // The window's loop waits in `for await` for a result; only then does it ask for more.
            let atNextResult = grew && busy < newBatch && configuration.strategy == .batched && configuration.errors == .result
                && configuration.take == nil
            return Narration(
                "batch set to \(newBatch): \(busy) of \(newBatch) slots busy" + (atNextResult ? "; the loop fills the new ones at its next result" : ""))
        case .paused: return Narration("paused: running scans finish, none start")
        case .resumed:
            stepping = false
            return Narration("resumed: free slots fill again")
        case .step:
            stepping = true
            return Narration("step: one more scan may start")
        case .stopping(let ending):
            stopping = true
            if case .thrown = ending, configuration.strategy.takesInGroupBody { thrown = true }
            if case .taken = ending { stoppedTaking = true }
            let cancelled = "cancelled\(cancelKey.map { " with \($0)" } ?? "")"
            let taken = "\(configuration.take ?? 0) result\(configuration.take == 1 ? "" : "s")"
            let text =
                switch ending {
                case .cancelled where configuration.strategy == .unstructured:
                    "\(cancelled): no scan starts now, and the loop returns; its tasks are not its children"
                case .cancelled: "\(cancelled): no scan starts now, and running ones stop at their next check"
                case .failFast(let scan): "scan \(scan)'s failure stops the run (--fail-fast)"
                case .thrown(let scan) where configuration.strategy == .serial:
                    "scan \(scan)'s failure is thrown out of the serial loop: no scan starts after it"
                case .thrown(let scan) where configuration.strategy == .asyncLet:
                    "scan \(scan)'s failure is thrown out of its pair's scope, which cancels and awaits the pair's other scan: no scan starts after it"
                case .thrown(let scan) where configuration.strategy == .waitForAll:
                    "scan \(scan)'s failure is kept by waitForAll(), which waits on for every other child and cancels none"
                case .thrown(let scan): "scan \(scan)'s failure is thrown: every other scan is cancelled"
                case .taken:
                    switch configuration.strategy {
                    case .stream: "the consumer has taken \(taken) and goes: no scan starts now"
                    case .serial, .asyncLet, .awaited: "the loop has taken \(taken) and stops"
                    case .unstructured, .discarding, .reduce, .waitForAll, .unlessCancelled, .own: "the loop has taken \(taken) and returns: no scan starts now"
                    case .actorQueue, .actorReentrant: "the actor has taken \(taken) and stops: no job starts now"
                    case .batched, .unbounded:
                        "the body has taken \(taken) and returns, without cancelAll(): the group waits for \(busy) running children"
                    }
                case .drained, .timeUp: "the run is stopping"
                }
            return Narration(text, tone: .stop, cause: .stop(ending))
        case .timeUp:
            return Narration("time is up: no scan starts after this, running ones finish", tone: .stop, cause: .timeUp)
        case .discarded(let count) where stoppedTaking:
            return Narration("the group has waited for every child: \(count) result\(count == 1 ? "" : "s") the body never took, dropped")
        case .discarded(let count):
            return Narration("\(count) finished result\(count == 1 ? " is" : "s are") discarded with the group")
        case .gap(let until):
            let length = FixedPoint.fixed((until - change.time).seconds, places: 1)
            if configuration.strategy == .actorQueue {
                return Narration("the actor's queue sleeps \(length) s before the next job (--spacing)")
            }
            return Narration("the loop sleeps \(length) s before the next scan (--spacing)")
        case .gapEnded: return Narration(configuration.strategy == .actorQueue ? "the actor's queue wakes: the next job's turn" : "the loop wakes from its sleep")
        case .terminated: return Narration("the consumer is gone: the stream's onTermination cancels the producer")
        case .orphaned(let count):
            return Narration("the loop has returned; its \(count) unstructured task\(count == 1 ? "" : "s") run on, and nothing cancels them")
        case .catalogued(let tally) where tally.counted < tally.expected:
            return Narration("the catalogue counted \(tally.counted) of the \(tally.expected) results handed to it: \(tally.staleWrites) writes were stale")
        case .catalogued(let tally):
            return Narration("the catalogue counted all \(tally.counted) results handed to it")
        case .folded(let fold):
            return Narration("reduce has taken all \(fold.outcomes) outcomes, one as each child ended, and returns one value: \(fold.completed) results, \(fold.signals) signals")
        case .bagCancelled(let count):
            return Narration("the loop has returned; its task bag, torn down, cancels the \(count) task\(count == 1 ? "" : "s") it held")
        case .threads(let reading, let mostSeen):
            // The engine reads the pool twice: as the run begins to stop, and as it ends.
            guard !toldStopReading, stopping else { return Narration("the most scans seen on a thread together: \(mostSeen)") }
            toldStopReading = true
            let onThread = "\(reading.isExact ? "" : "at least ")\(reading.onThread)"
            return Narration("as the run stops, \(busy) \(busy == 1 ? "scan is" : "scans are") \(configuration.strategy.holder), \(onThread) of them on a thread")
        case .finished(.drained): return Narration("the run is over: every scan has ended")
        case .finished: return Narration("the run is over")
        }
    }

    private mutating func narrate(_ event: ScanEvent) -> Narration {
        let scan = "scan \(event.scan) (\(event.priority))"
        let strategy = configuration.strategy
        func repeated(_ kind: Narration.Repeat.Kind, _ plural: String) -> Narration.Repeat {
            Narration.Repeat(kind: kind, plural: plural, priority: event.priority)
        }
        // `--take` in a group: the body has returned, and nothing it awaits hands this end to it.
        let unawaited = stoppedTaking && strategy.takesInGroupBody
        switch event.kind {
        case .scheduled:
            guard busy >= batch && !strategy.addsEveryScanAtOnce else {
                return Narration("\(scan) is scheduled", repeats: repeated(.scheduled, "are scheduled"))
            }
            let why = busy > batch ? "\(busy) scans still run above a batch of \(batch)" : "\(busy) of \(batch) slots busy"
            return Narration("\(scan) waits: \(why)", repeats: repeated(.waits, "wait: \(why)"))
        case .arrived where strategy == .actorQueue:
            return Narration("\(scan)'s job reaches the actor: it runs after every job that arrived before it")
        case .arrived:
            return Narration("\(scan)'s job reaches the actor, which starts it at once")
        case .started:
            busy += 1
            let slot = event.slot ?? 0
            if stepping {
                stepping = false
                freedBy.removeValue(forKey: slot)
                return Narration("\(scan) starts in slot \(slot): the step started it, while paused")
            }
            if strategy == .actorQueue {
                return Narration("\(scan) starts: the actor's queue runs the job that arrived first, one at a time")
            }
            if strategy == .actorReentrant {
                return Narration("\(scan) starts in slot \(slot): the actor awaits it and takes the next call, \(busy) at the actor at once")
            }
            if strategy.addsEveryScanAtOnce {
                let group = "\(busy) \(busy == 1 ? "child" : "children"), the pool runs what it can"
                return Narration("\(scan) is added to the group: \(group)", repeats: repeated(.joinsGroup, "are added to the group: \(group)"))
            }
            if strategy == .serial {
                return Narration("\(scan) starts: the loop awaits it before the next one")
            }
            if strategy == .awaited {
                return Narration("\(scan) starts in a detached task; the loop's await lends it its priority if higher")
            }
            if let previous = freedBy.removeValue(forKey: slot) {
                if strategy == .discarding {
                    return Narration("slot \(slot) freed by scan \(previous)'s end, which wakes the body's wait for a slot: \(scan) starts")
                }
                return Narration("slot \(slot) freed by scan \(previous), so \(scan) starts")
            }
            return Narration("\(scan) starts in slot \(slot): \(busy) of \(batch) slots busy")
        case .delivered where configuration.errors == .collect:
            vacate(event)
            collected.insert(event.scan)
            return Narration("\(scan) completed; its result goes into the body's array, and slot \(event.slot ?? 0) is free")
        case .delivered:
            return Narration("\(scan) ended; its result waits in the stream and holds slot \(event.slot ?? 0) until the loop takes it")
        case .completed where collected.remove(event.scan) != nil:
            return Narration("\(scan)'s result is booked: the group returned the body's array", repeats: repeated(.booked, "are booked: the group returned the body's array"))
        case .cancelled where collected.remove(event.scan) != nil:
            return Narration("\(scan)'s finished result is lost with the body's array", repeats: repeated(.lostWithArray, "lost their finished results with the body's array"))
        case .completed(let result):
            vacate(event)
            if let handled = event.span?.handlerRan, let ran = event.span?.ran {
                // `--cancel-check handler` with a child that never checks: the handler ran anyway.
                let before = Figures.seconds(max(.zero, ran - handled))
                return Narration("\(scan) completed: its handler ran \(before) earlier; the sweep never read the flag")
            }
            let via =
                unawaited ? " after the body returned: the group drops the result"
                : strategy == .stream ? ", taken from the stream"
                : strategy == .discarding ? ": the book has it, and the group lets its child go" : ""
            return Narration("\(scan) completed: \(result.signals) signals found\(via)", repeats: repeated(.completed, "completed\(via)"))
        case .failed(let failure):

            vacate(event)
            if unawaited {
                return Narration("scan \(event.scan) failed: \(failure), after the body returned: the group drops the error, which reaches no one", tone: .failure)
            }
            // A failure while the run already stops changes nothing: the stop has its cause.
            if stopping && strategy == .waitForAll {
                return Narration("scan \(event.scan) failed: \(failure); waitForAll() throws only the first error, and drops this one", tone: .failure)
            }
            if stopping { return Narration("scan \(event.scan) failed: \(failure), as the run stops", tone: .failure) }
            if configuration.errors.throwsFailures {
                let consequence =
                    switch strategy {
                    case .serial: "thrown out of the serial loop: no scan starts after it"
                    case .asyncLet: "thrown out of its pair's scope, which cancels and awaits the pair's other scan: no scan starts after it"
                    case .waitForAll: "thrown to waitForAll(), which rethrows it only after the last child has ended"
                    default: "thrown out of the group, which cancels every other scan"
                    }
                return Narration("scan \(event.scan) failed: \(failure), \(consequence)", tone: .failure, cause: .failure(scan: event.scan))
            }
            if configuration.failFast {
                return Narration("scan \(event.scan) failed: \(failure), --fail-fast cancels the rest", tone: .failure, cause: .failure(scan: event.scan))
            }
            let consequence =
                switch strategy {
                // The first of a pair takes slot 0, the second slot 1.
                case .asyncLet where event.slot == 0: "wrapped in Result, so the loop leaves its pair's scope, cancelling the second"
                case .asyncLet: "wrapped in Result"
                case .serial, .unstructured, .awaited, .own: "wrapped in Result, the loop goes on"
                default: "wrapped in Result, the group goes on"
                }
            return Narration("scan \(event.scan) failed: \(failure), \(consequence)", tone: .failure)
        case .verificationFailed(let failure):
            vacate(event)
            return Narration("scan \(event.scan) finished with a wrong result on core \(failure.core): possible hardware fault", tone: .failure)
        case .cancelled:
            guard event.slot != nil else {
                return Narration("\(scan) cancelled before it started", repeats: repeated(.cancelledWaiting, "cancelled before they started"))
            }
            vacate(event)
            // A thrown group books every child it took down as cancelled, also one that had
            // finished: its result went with the group (the count follows as `discarded`).
            if thrown {
                return Narration(
                    "\(scan) went with the group: stopped at its next cancellation check, or finished and its result discarded",
                    repeats: repeated(.cancelledRunning, "went with the group: each stopped at its next cancellation check, or finished and its result discarded"))
            }
            if strategy == .asyncLet && !stopping {
                return Narration("\(scan) cancelled on leaving its pair's scope, which waited for it")
            }
            // `--cancel-check`: what the sweep did at the check that found the cancel.
            if let kept = event.partial {
                return Narration(
                    "\(scan) cancelled: it read Task.isCancelled and kept its \(kept.lines) lines, \(kept.signals) signals",
                    repeats: repeated(.keptPartial, "cancelled: each read Task.isCancelled and kept its lines"))
            }
            if let handled = event.span?.handlerRan, let ran = event.span?.ran {
                let before = FixedPoint.milliseconds(max(.zero, ran - handled))
                return Narration(
                    "\(scan) cancelled: its cancellation handler raised its stop flag \(before) ms before it stopped",
                    repeats: repeated(.handlerRaised, "cancelled: each handler ran at once; the sweeps stopped later"))
            }
            if configuration.cancelCheck == .throw {
                return Narration(
                    "\(scan) cancelled: Task.checkCancellation() threw CancellationError; its lines lost",
                    repeats: repeated(.threwCancellation, "cancelled: each threw CancellationError; its lines lost"))
            }
            return Narration(
                "\(scan) cancelled: it stopped at its next cancellation check",
                repeats: repeated(.cancelledRunning, "cancelled: each stopped at its next cancellation check"))
        }
    }

    /// Books a scan leaving its slot, so the next start there can say whose slot it took.
    private mutating func vacate(_ event: ScanEvent) {
        guard let slot = event.slot else { return }
        busy -= 1
        freedBy[slot] = event.scan
    }
}
