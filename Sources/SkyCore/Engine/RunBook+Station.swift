import DequeModule

/// The jobs on their way to the actor of `--strategy actor-queue` and `actor-reentrant`
/// (`Strategies/ActorStation.swift`), and those waiting there.
///
/// A scan taken from the ready queue is *sent*: a task of its own carries it to the actor. It
/// *arrives* when the actor runs that task's call, and the jobs start in the order they arrived,
/// whatever their numbers or priorities: that order is the actor's, not the book's, and the
/// `arrived` events record it. Sent and arrived scans still count as waiting: they hold no slot.
struct StationJobs: Sendable {
    /// Sent, on their way to the actor, by scan.
    var sent: [Int: ReadyQueue.Entry] = [:]
    /// Arrived at the actor and not started, oldest first.
    var arrived = Deque<ReadyQueue.Entry>()

    var count: Int { sent.count + arrived.count }
    var isEmpty: Bool { sent.isEmpty && arrived.isEmpty }
}

extension RunBook {
    /// Whether `send` would send a scan now: as `canStart` would start one, with each job sent and
    /// not ended counted against the batch, since each has a task.
    var canSend: Bool {
        ending == nil && (progress.phase != .paused || pendingSteps > 0) && !queue.isEmpty
            && progress.counters.running + station.count < progress.batch
    }

    /// Takes the highest-priority waiting scan from the ready queue, for a task to carry to the actor.
    mutating func send() -> ReadyQueue.Entry? {
        guard canSend, let entry = queue.popNext() else { return nil }
        if progress.phase == .paused { pendingSteps -= 1 }
        station.sent[entry.scan] = entry
        return entry
    }

    /// `scan`'s job has reached the actor: it starts after every job that arrived before it.
    mutating func arrive(_ scan: Int, at now: Duration) -> [RunEvent] {
        guard let entry = station.sent.removeValue(forKey: scan) else { preconditionFailure("scan \(scan) arrives, but was never sent") }
        station.arrived.append(entry)
        guard recordsEvents else { return [] }
        return [.scan(ScanEvent(kind: .arrived, scan: scan, priority: entry.priority, slot: nil, time: now))]
    }

    /// Whether the job that arrived first may start now: not once the run stops or its time is up,
    /// and with the queue, not while a job runs or the station sleeps between two.
    var canStartArrived: Bool {
        guard ending == nil, !progress.timeUp, !station.arrived.isEmpty else { return false }
        return configuration.strategy != .actorQueue || (progress.counters.running == 0 && progress.gapEnds == nil)
    }

    /// Starts the job that arrived first, in the lowest free slot.
    mutating func startArrived(at now: Duration) -> Start? {
        guard canStartArrived, let slot = slots.freeSlot(below: progress.batch), let entry = station.arrived.popFirst() else { return nil }
        return occupy(slot, with: entry, at: now)
    }

    /// A job at the actor that will not start, since the run stopped or its time ran out: cancelled
    /// without a slot.
    mutating func cancelArrived(_ scan: Int, at now: Duration) -> [RunEvent] {
        guard let index = station.arrived.firstIndex(where: { $0.scan == scan }) else {
            preconditionFailure("scan \(scan) is cancelled at the actor, but it is not there")
        }
        let entry = station.arrived.remove(at: index)
        count(entry.priority) { $0.waiting -= 1; $0.cancelled += 1 }
        return [.scan(ScanEvent(kind: .cancelled, scan: scan, priority: entry.priority, slot: nil, time: now))]
    }
}
