import DequeModule

/// The run book: every fact about one run, and the only code that changes them.
///
/// A plain value, with no tasks, locks or clocks. Each transition is handed the time, changes the
/// book, and returns the events it wrote, in the order they happened; the strategies decide
/// *when* a transition happens, the book decides *what* it means. It keeps three invariants:
/// - a slot holds at most one scan;
/// - a scan gets exactly one terminal event (completed, failed, verification failed, cancelled);
/// - the counts add up: `scheduled == waiting + running + inStream + collected + ended`, and once the book is
///   closed, every scan of the total is accounted for.
///
/// Memory does not grow with the total: scans are derived from the seed as they are scheduled, at
/// most `queueDepth` wait at a time, and the statistics live in fixed-size histograms and rings.
struct RunBook: Sendable {
    /// Failures kept for the errors panel.
    static let recentErrorLimit = 64
    /// Failures kept for the final summary; older ones are counted, not kept.
    static let summaryErrorLimit = 1000
    /// Scheduled scans waiting in the ready queue, at most.
    static let queueDepth = 4096

    let configuration: RunConfiguration
    // Fields the book's extensions (outcomes, controls, snapshots) share are internal; nothing
    // outside the book writes them.
    var progress: RunProgress
    var slots: SlotTable
    var queue = ReadyQueue()
    /// Jobs sent to the actor's station and not started (`RunBook+Station.swift`).
    var station = StationJobs()
    /// The next scan to schedule; the scans from here on have not been scheduled.
    var nextScan = 0
    /// Scans from this index on are never scheduled: the total, or where scheduling stood when
    /// `--duration` ran out. `Int.max` for a run bounded by time alone, until then.
    var scanLimit: Int
    /// A timed run keeps its queue one batch deep: the scans still waiting when the time runs out
    /// are cancelled, and there should be few.
    private let queueLimit: Int
    var recentErrors: [ScanErrorRecord] = []
    var errorLog = Deque<ScanErrorRecord>()
    var errorCount = 0
    var verificationLog = Deque<VerificationRecord>()
    var latency = LatencyRecorder()
    var throughput = ThroughputMeter()
    /// While paused: how many more scans may start (`step`).
    var pendingSteps = 0
    /// When the run began to stop, to measure how long its running scans take to.
    var stopAskedAt: Duration?
    /// Stream runs: results that ended and wait in the stream, by slot, so that a result the
    /// consumer never takes is still booked when the run closes.
    var unconsumed: [Int: ScanReport] = [:]
    /// `--errors collect`: the scans whose results the group's body holds in its array, by scan,
    /// each with how it ran in the slot it has left, for its terminal event: the array itself is
    /// the body's, and goes if the group throws.
    var collected: [Int: (report: ScanReport, occupancy: SlotOccupancy)] = [:]
    /// The scans of `collected`, in the order the body collected them: the array's order.
    var collectedOrder: [Int] = []
    /// Stream runs: the consumer went away and the stream's `onTermination` ran (`terminate`).
    var streamTerminated = false
    /// Scans of the total never scheduled because the run stopped first; they have no events.
    var neverScheduled = 0
    /// The first rule of `Strategy` that the run's strategy broke, if any; it stopped the run.
    private(set) var brokenRule: String?
    /// Whether transitions write the scans' events. A run nobody listens to keeps none: at a
    /// million scans a second, building them is a visible share of each scan.
    let recordsEvents: Bool

    init(configuration: RunConfiguration, recordsEvents: Bool = true) {
        self.configuration = configuration
        self.recordsEvents = recordsEvents
        progress = RunProgress(configuration: configuration)
        slots = SlotTable(batch: configuration.window)
        scanLimit = configuration.total ?? .max
        queueLimit = configuration.duration == nil ? Self.queueDepth : max(1, configuration.window)
    }

    /// How the run is ending, once it is: a cancel, a failure, or nothing yet.
    var ending: RunEnding? {
        switch progress.phase {
        case .stopping(let ending), .finished(let ending): ending
        case .ready, .running, .paused: nil
        }
    }

    /// Nothing runs, nothing waits in a stream or at the actor, and no scan will start. Collected results do not
    /// hold the run: the body returns them once the group is done.
    var isDrained: Bool {
        let c = progress.counters
        return c.running == 0 && c.inStream == 0 && station.isEmpty && (ending != nil || (queue.isEmpty && nextScan == scanLimit))
    }

    /// Every scan of the run has been scheduled, and none waits to start.
    var hasNoMoreToStart: Bool { queue.isEmpty && nextScan == scanLimit }

    /// Notes that the strategy broke `rule`; the first one broken is the one the summary names.
    mutating func breakRule(_ rule: String) {
        if brokenRule == nil { brokenRule = rule }
    }

    /// The ready queue has room for a chunk of the scans not yet scheduled.
    var wantsAdmission: Bool { queue.count <= queueLimit / 2 && nextScan < scanLimit && ending == nil }

    /// Scans that hold a slot: running, or ended with their result still in the stream.
    private var occupied: Int { progress.counters.running + progress.counters.inStream }

    /// Whether `start` would start a scan now.
    var canStart: Bool {
        ending == nil && (progress.phase != .paused || pendingSteps > 0) && occupied < progress.batch
            && !queue.isEmpty && slots.freeSlot(below: progress.batch) != nil
    }

    // MARK: - Transitions

    /// The run begins: the first scans are scheduled.
    mutating func open(at now: Duration) -> [RunEvent] {
        precondition(progress.phase == .ready, "a run book opens once")
        progress.phase = .running
        var events: [RunEvent] = []
        schedule(at: now, into: &events)
        return events
    }

    /// A scan that `start` returned: the child to run, and its `started` event.
    struct Start {
        var scan: Int
        var priority: ScanPriority
        var slot: Int
        var event: RunEvent
    }

    /// Gives the highest-priority waiting scan the lowest free slot, if a scan may start now.
    mutating func start(at now: Duration) -> Start? {
        guard canStart, let slot = slots.freeSlot(below: progress.batch), let entry = queue.popNext() else { return nil }
        return occupy(slot, with: entry, at: now)
    }

    /// Gives `entry`'s scan `slot`: it starts now.
    mutating func occupy(_ slot: Int, with entry: ReadyQueue.Entry, at now: Duration) -> Start {
        var occupancy = SlotOccupancy(scan: entry.scan, priority: entry.priority, startedAt: now)
        occupancy.wait = now - entry.scheduledAt
        occupancy.ignoresCancellation = !configuration.checksCancellation(of: entry.scan)
        latency.record(wait: occupancy.wait)
        slots.occupy(slot, with: occupancy)
        count(entry.priority) { $0.waiting -= 1; $0.running += 1 }
        progress.maxRunning = max(progress.maxRunning, progress.counters.running)
        if progress.phase == .paused { pendingSteps -= 1 }
        var event = ScanEvent(kind: .started, scan: entry.scan, priority: entry.priority, slot: slot, time: now)
        event.ignoresCancellation = occupancy.ignoresCancellation
        return Start(scan: entry.scan, priority: entry.priority, slot: slot, event: .scan(event))
    }

    /// Tops the ready queue up from the scans not yet scheduled, once it has run half empty.
    mutating func admit(at now: Duration) -> [RunEvent] {
        guard wantsAdmission else { return [] }
        var events: [RunEvent] = []
        schedule(at: now, into: &events)
        return events
    }

    /// Stream runs: a scan has ended and its result is in the stream. It keeps its slot until the
    /// consumer takes the result (`finish`), which is the stream's back-pressure.
    mutating func deliver(_ report: ScanReport, at now: Duration) -> [RunEvent] {
        let occupancy = occupant(of: report)
        slots.mark(report.slot, inStream: true)
        count(occupancy.priority) { $0.running -= 1; $0.inStream += 1 }
        unconsumed[report.slot] = report
        guard recordsEvents else { return [] }
        return [.scan(ScanEvent(kind: .delivered, scan: report.scan, priority: occupancy.priority, slot: report.slot, time: now))]
    }

    /// `--errors collect`: the body has taken a scan's result from the group and put it in its
    /// array. The slot is free for the next scan; the result is booked only when the group returns
    /// the array (`bookCollected`), and lost if the group throws (`loseCollected`).
    mutating func collect(_ report: ScanReport, at now: Duration) -> [RunEvent] {
        let occupancy = occupant(of: report)
        vacate(report.slot)
        count(occupancy.priority) { $0.running -= 1; $0.collected += 1 }
        collected[report.scan] = (report, occupancy)
        collectedOrder.append(report.scan)
        guard recordsEvents else { return [] }
        return [.scan(ScanEvent(kind: .delivered, scan: report.scan, priority: occupancy.priority, slot: report.slot, time: now))]
    }

    /// `--errors collect`: the group has returned the body's array, `results`; each is booked, in
    /// the array's order.
    mutating func bookCollected(_ results: [ScanReport], at now: Duration) -> [RunEvent] {
        var events: [RunEvent] = []
        for report in results {
            guard let occupancy = collected.removeValue(forKey: report.scan)?.occupancy else {
                preconditionFailure("scan \(report.scan) was returned by the group, but never collected")
            }
            count(occupancy.priority) { $0.collected -= 1 }
            events += end(report, occupancy, at: now)
        }
        return events
    }

    /// Books a scan's end: its terminal event, and the slot it frees.
    mutating func finish(_ report: ScanReport, at now: Duration) -> [RunEvent] {
        let occupancy = occupant(of: report)
        if occupancy.inStream {
            unconsumed[report.slot] = nil
            count(occupancy.priority) { $0.inStream -= 1 }
        } else {
            count(occupancy.priority) { $0.running -= 1 }
        }
        vacate(report.slot)
        return end(report, occupancy, at: now)
    }

    /// Frees `slot`; slots above a shrunken batch close as they free.
    private mutating func vacate(_ slot: Int) {
        slots.release(slot)
        if slots.slots.count > progress.batch { slots.resize(to: progress.batch) }
    }

    /// The terminal event of `report`, which ran as `occupancy`, and what its outcome adds to the
    /// book; the scan has left its slot.
    mutating func end(_ report: ScanReport, _ occupancy: SlotOccupancy, at now: Duration) -> [RunEvent] {
        var events: [RunEvent] = []
        if recordsEvents {
            let span = ScanSpan(
                startedAt: occupancy.startedAt, wait: occupancy.wait, ran: report.ran, child: report.child, handlerRan: report.handlerRan)
            var event = ScanEvent(
                kind: Self.terminalKind(of: report.outcome), scan: report.scan, priority: occupancy.priority,
                slot: report.slot, time: now, span: span)
            event.ignoresCancellation = occupancy.ignoresCancellation
            event.partial = report.outcome.partialSweep
            events.append(.scan(event))
        }
        progress.priorityReadings.note(asked: occupancy.priority, report.child)
        account(report, priority: occupancy.priority, at: now, into: &events)
        if ending != nil { noteEndAfterStop(of: occupancy, outcome: report.outcome, at: now) }
        noteStopped(at: now)
        return events
    }

    /// What an end after the run began to stop tells: how long the scans that check for
    /// cancellation took to stop, and a result no one takes: once a group's body has returned,
    /// or after a failure was thrown out of the group or scope the scan ran in.
    private mutating func noteEndAfterStop(of occupancy: SlotOccupancy, outcome: ScanOutcome, at now: Duration) {
        if let askedAt = stopAskedAt, configuration.ignoreCancellationRate > 0 && !occupancy.ignoresCancellation && !occupancy.inStream {
            // Times only grow, so the last one written is the longest.
            progress.checkingStoppedIn = now - askedAt
        }
        switch ending {
        case .taken? where configuration.strategy.takesInGroupBody && !outcome.isCancellation:
            // `--take` in a group: the body has returned, so this result reaches no one.
            progress.discarded += 1
        case .thrown?:
            // The group or scope the failure left drops what its other scans finish.
            if case .success = outcome { progress.discarded += 1 }
        default:
            break
        }
    }

    /// Whether `scan` holds `slot` still: it started there, and its end is not booked yet.
    func holds(_ scan: Int, slot: Int) -> Bool {
        slot < slots.slots.count && slots.slots[slot]?.scan == scan
    }

    // MARK: - Parts of the transitions

    /// Tops the ready queue up to its depth from the scans not yet scheduled.
    private mutating func schedule(at now: Duration, into events: inout [RunEvent]) {
        while queue.count < queueLimit && nextScan < scanLimit && ending == nil {
            let scan = nextScan
            let priority = configuration.priority(of: scan)
            queue.append(ReadyQueue.Entry(scan: scan, priority: priority, scheduledAt: now))
            count(priority) { $0.scheduled += 1; $0.waiting += 1 }
            if recordsEvents { events.append(.scan(ScanEvent(kind: .scheduled, scan: scan, priority: priority, slot: nil, time: now))) }
            nextScan += 1
        }
    }

    /// The scan in `report`'s slot, which must be the report's own.
    private func occupant(of report: ScanReport) -> SlotOccupancy {
        guard report.slot < slots.slots.count, let occupancy = slots.slots[report.slot], occupancy.scan == report.scan else {
            preconditionFailure("scan \(report.scan) reported from slot \(report.slot), which it does not hold")
        }
        return occupancy
    }

    /// Changes the run's counters and the priority's alike.
    mutating func count(_ priority: ScanPriority, _ change: (inout ScanCounters) -> Void) {
        change(&progress.counters)
        change(&progress.byPriority[priority])
    }
}
