public import SkyCore

/// Turns the engine's events into plain sentences about each scheduling decision, for the explain
/// panel: why a scan waits, which freed slot a scan takes, what a failure does to the group.
///
/// It follows the run from the events alone, in their order: the scans holding slots, which scan
/// freed which slot, and the batch in force (batch changes are events too). So the same events
/// always give the same story, and a sentence never counts more busy slots than the batch allows
/// without saying why. What it keeps is bounded by the number of slots.
public struct Narrator: Sendable {
    private let configuration: RunConfiguration
    /// Scans holding a slot: started, and without their terminal event yet.
    private var busy = 0
    /// The batch in force, as the events have told it so far.
    private var batch: Int
    /// The scan that last freed each slot, until the next scan takes it.
    private var freedBy: [Int: Int] = [:]
    /// `--take`: the run stopped taking results, so what is discarded later is what it never took.
    private var stoppedTaking = false
    /// The run is stopping (a cancel, a failure, `--take`): scans cancelled from here on are its.
    private var stopping = false

    public init(configuration: RunConfiguration) {
        self.configuration = configuration
        batch = configuration.window
    }

    /// The sentence for `event`.
    public mutating func narrate(_ event: RunEvent) -> String {
        switch event {
        case .scan(let scanEvent): narrate(scanEvent)
        case .change(let change): narrate(change)
        }
    }

    private mutating func narrate(_ change: RunChange) -> String {
        if case .stopping = change.kind { stopping = true }
        switch change.kind {
        case .batch(let newBatch):
            batch = newBatch
            return busy > newBatch
                ? "batch set to \(newBatch): \(busy) scans still run, and their slots close as they end"
                : "batch set to \(newBatch): \(busy) of \(newBatch) slots busy"
        case .paused: return "paused: running scans finish, none start"
        case .resumed: return "resumed: free slots fill again"
        case .step: return "step: one more scan may start"
        case .stopping(.cancelled) where configuration.strategy == .unstructured:
            return "cancel: no scan starts now, and the loop returns; its tasks are not its children"
        case .stopping(.cancelled): return "cancel: no scan starts now, and running ones stop at their next check"
        case .stopping(.failFast(let scan)): return "scan \(scan)'s failure stops the run (--fail-fast)"
        case .stopping(.thrown(let scan)): return "scan \(scan)'s failure is thrown: every other scan is cancelled"
        case .stopping(.taken):
            stoppedTaking = true
            let taken = "\(configuration.take ?? 0) result\(configuration.take == 1 ? "" : "s")"
            switch configuration.strategy {
            case .stream: return "the consumer has taken \(taken) and goes: no scan starts now"
            case .serial, .asyncLet: return "the loop has taken \(taken) and stops"
            case .unstructured: return "the loop has taken \(taken) and returns: no scan starts now"
            case .batched, .unbounded:
                return "the body has taken \(taken) and returns, without cancelAll(): the group waits for \(busy) running children"
            }
        case .stopping: return "the run is stopping"
        case .timeUp: return "time is up: no scan starts after this, running ones finish"
        case .discarded(let count) where stoppedTaking:
            return "the group has waited for every child: \(count) result\(count == 1 ? "" : "s") the body never took, dropped"
        case .discarded(let count):
            return "\(count) finished result\(count == 1 ? " is" : "s are") discarded with the group"
        case .terminated: return "the consumer is gone: the stream's onTermination cancels the producer"
        case .orphaned(let count):
            return "the loop has returned; its \(count) unstructured task\(count == 1 ? "" : "s") run on, and nothing cancels them"
        case .catalogued(let tally) where tally.counted < tally.expected:
            return "the catalogue counted \(tally.counted) of the \(tally.expected) results handed to it: \(tally.staleWrites) writes were stale"
        case .catalogued(let tally):
            return "the catalogue counted all \(tally.counted) results handed to it"
        case .bagCancelled(let count):
            return "the loop has returned; its task bag, torn down, cancels the \(count) task\(count == 1 ? "" : "s") it held"
        case .finished(.drained): return "the run is over: every scan has ended"
        case .finished: return "the run is over"
        }
    }

    private mutating func narrate(_ event: ScanEvent) -> String {
        let scan = "scan \(event.scan) (\(event.priority))"
        let strategy = configuration.strategy
        // `--take` in a group: the body has returned, and nothing it awaits hands this end to it.
        let unawaited = stoppedTaking && strategy.takesInGroupBody
        switch event.kind {
        case .scheduled:
            guard busy >= batch && strategy != .unbounded else { return "\(scan) is scheduled" }
            return busy > batch
                ? "\(scan) waits: \(busy) scans still run above a batch of \(batch)"
                : "\(scan) waits: \(busy) of \(batch) slots busy"
        case .started:
            busy += 1
            let slot = event.slot ?? 0
            if strategy == .unbounded {
                return "\(scan) is added to the group: \(busy) children, the pool runs what it can"
            }
            if strategy == .serial {
                return "\(scan) starts: the loop awaits it before the next one"
            }
            if let previous = freedBy.removeValue(forKey: slot) {
                return "slot \(slot) freed by scan \(previous), so \(scan) starts"
            }
            return "\(scan) starts in slot \(slot): \(busy) of \(batch) slots busy"
        case .delivered:
            return "\(scan) ended; its result waits in the stream and holds slot \(event.slot ?? 0) until the loop takes it"
        case .completed(let result):
            vacate(event)
            let via = unawaited ? " after the body returned: the group drops the result" : strategy == .stream ? ", taken from the stream" : ""
            return "\(scan) completed: \(result.signals) signals found\(via)"
        case .failed(let failure):
            let consequence =
                if unawaited {
                    "after the body returned: the group drops the error, which reaches no one"
                } else if configuration.errors == .throw {
                    strategy == .serial
                        ? "thrown out of the loop: nothing after it starts"
                        : "thrown out of the group, which cancels every other scan"
                } else if configuration.failFast {
                    "--fail-fast cancels the rest"
                } else if strategy == .asyncLet && event.slot == 0 {
                    // The first of a pair takes slot 0, the second slot 1.
                    "so the loop leaves its pair's scope, cancelling the second"
                } else if strategy == .asyncLet {
                    "wrapped in Result"
                } else {
                    "wrapped in Result, the group goes on"
                }
            vacate(event)
            return "scan \(event.scan) failed: \(failure), \(consequence)"
        case .verificationFailed(let failure):
            vacate(event)
            return "scan \(event.scan) finished with a wrong result on core \(failure.core): possible hardware fault"
        case .cancelled:
            guard event.slot != nil else { return "\(scan) cancelled before it started" }
            vacate(event)
            if strategy == .asyncLet && !stopping {
                return "\(scan) cancelled on leaving its pair's scope, which waited for it"
            }
            return "\(scan) cancelled: it stopped at its next cancellation check"
        }
    }

    /// Books a scan leaving its slot, so the next start there can say whose slot it took.
    private mutating func vacate(_ event: ScanEvent) {
        guard let slot = event.slot else { return }
        busy -= 1
        freedBy[slot] = event.scan
    }
}
