import Synchronization

/// The run's scans, as a strategy takes them: `next()` hands out the next scan to start, and
/// `batch` is the live window.
///
/// Admission carries the controls. `next()` applies the keys and signals sent since the last look,
/// waits while the run is paused (a step lets one scan through), and answers `nil` when the window
/// is full (a smaller batch keeps it full longer) or when nothing more will start: the run is
/// cancelled, failed fast, out of time or out of scans. A strategy's loop needs no other check.
///
/// Every scan books itself: `next()` books its start as it takes a slot, and `Scan.run()` its end,
/// each a transition of the run book under the book's lock, with its events handed to the sinks
/// in the order the book wrote them. So results never wait for a loop to book them.
public final class Scans: Sendable {
    let book: Locked<RunBook>
    let inbox: ControlInbox
    let sinks: [any ScanEventSink]
    let child: ScanChild
    /// When the run started; every event's time is measured from here.
    let origin: ContinuousClock.Instant
    /// Where `next()` waits while the run is paused, and the engine for the last scans to end.
    let gate = Gate()
    /// `--spacing`: the gap between one scan's end and the next one's start; zero for none.
    let spacing: Duration
    /// When `--duration` runs out, if it does.
    let deadline: ContinuousClock.Instant?
    /// Transitions written with sinks to hand their events to: held by one writer at a time, from
    /// its transition to its last event handed on (`write`). A counted value rather than none:
    /// ThreadSanitizer took the empty value's accesses for a race.
    private let writing = Locked(0)
    /// The book's batch, for loops that read it once a result without taking the book's lock.
    private let liveBatch: Atomic<Int>
    /// A scan has ended since the last gap: the next start waits `spacing`.
    private let gapDue = Atomic<Bool>(false)
    /// The task the strategy runs in, for a stop to cancel (`write`).
    private let strategyTask = Locked<Task<Void, Never>?>(nil)

    init(book: Locked<RunBook>, inbox: ControlInbox, sinks: [any ScanEventSink], child: ScanChild, origin: ContinuousClock.Instant) {
        self.book = book
        self.inbox = inbox
        self.sinks = sinks
        self.child = child
        self.origin = origin
        let configuration = child.configuration
        spacing = configuration.strategy.takesSpacing ? configuration.spacing : .zero
        deadline = configuration.duration.map { origin + $0 }
        liveBatch = Atomic(book.withLock { $0.progress.batch })
    }

    /// How many scans may run at once now: `--batch`, as `+` and `-` change it.
    public var batch: Int { liveBatch.load(ordering: .relaxed) }

    /// `--take`, for a group whose body counts the results it takes: whether `taken` are as many
    /// as the run takes. Once they are, the run stops taking: `next()` hands out no more scans,
    /// and the body returns with what it has. (A loop that takes its results one by one needs no
    /// count: `next()` answers `nil` after the last one.)
    public func hasEnough(_ taken: Int) -> Bool {
        guard let take = child.configuration.take, taken >= take else { return false }
        write { book, events, now in events += book.haveTaken(taken, at: now) }
        gate.open()
        return true
    }

    /// The next scan to start, which now holds a slot of the window: the highest-priority one
    /// waiting. Waits while the run is paused; `nil` when the window is full, or when no scan will
    /// start again (the run is stopping or has none left), or when the calling task is cancelled.
    public func next() async -> Scan? {
        if spacing > .zero && !child.configuration.strategy.sendsToAnActor && gapDue.exchange(false, ordering: .relaxed) {
            await sleepGap()
        }
        return await admit(takeScan)
    }

    /// The next scan to start, as `next()` hands it out, but once a slot is free: while every slot
    /// under the live batch holds a scan that has not ended, it waits, as a paused `next()` does.
    /// For a loop that never sees its children end (a discarding group's body), the wait is the
    /// window. `nil` only when no scan will start again, or the calling task is cancelled.
    public func nextWhenFree() async -> Scan? {
        if spacing > .zero && !child.configuration.strategy.sendsToAnActor && gapDue.exchange(false, ordering: .relaxed) {
            await sleepGap()
        }
        return await admit(takeScan, waitingForASlot: true)
    }

    /// `--strategy actor-queue` and `actor-reentrant`: the next job to send to the actor, as
    /// `next()` hands out a scan, but holding no slot: it starts at the actor, in the order the
    /// jobs arrive there (`Job`).
    func nextJob() async -> Job? {
        await admit(takeJob)
    }

    /// The scan that takes a slot now, if one may.
    private func takeScan(_ book: inout RunBook, _ events: inout [RunEvent], _ now: Duration) -> Scan? {
        guard let start = book.start(at: now) else { return nil }
        if book.recordsEvents { events.append(start.event) }
        return Scan(number: start.scan, priority: start.priority, slot: start.slot, scans: self)
    }

    /// The job to send to the actor now, if one may go.
    private func takeJob(_ book: inout RunBook, _ events: inout [RunEvent], _ now: Duration) -> Job? {
        book.send().map { Job(number: $0.scan, priority: $0.priority, scans: self) }
    }

    private enum Admission<Handed: AnyObject> {
        case handed(Handed)
        case full
        case paused
        case over
    }

    /// Takes the controls, then hands out what `hand` takes from the book: waits while the run is
    /// paused, and answers `nil` when nothing more will start, or when the window is full unless
    /// `waitingForASlot`, when it waits for a scan's end to free one.
    private func admit<Handed: AnyObject>(
        _ hand: (inout RunBook, inout [RunEvent], Duration) -> Handed?, waitingForASlot: Bool = false
    ) async -> Handed? {
        while true {
            let seen = gate.generation
            switch look(hand) {
            case .handed(let handed): return handed
            case .full where waitingForASlot: await gate.wait(unless: seen)
            case .full, .over: return nil
            case .paused: await gate.wait(unless: seen)
            }
        }
    }

    /// One look at the book for `admit`. Synchronous and out of line, so that a scan handed out at
    /// once (nearly every one) costs `next()` no allocation of task memory: inlined into the async
    /// `admit`, the values it handles take nine a scan (docs/scan-cost.md, "The engine row").
    @inline(never)
    private func look<Handed: AnyObject>(_ hand: (inout RunBook, inout [RunEvent], Duration) -> Handed?) -> Admission<Handed> {
        takeControls()
        // Cancelled by the engine, which has booked the stop, or by the strategy's own
        // structure, which stops nothing: either way, nothing to start here.
        if Task.isCancelled { return .over }
        return write { book, events, now in
            while true {
                if let handed = hand(&book, &events, now) {
                    // The ready queue is topped up once the scan is on its way.
                    events += book.admit(at: now)
                    return .handed(handed)
                }
                if book.wantsAdmission {
                    // Scheduling fills the queue past half, so this looks once more at most.
                    events += book.admit(at: now)
                    continue
                }
                if book.ending != nil || book.hasNoMoreToStart { return .over }
                if book.progress.phase == .paused && book.pendingSteps == 0 { return .paused }
                return .full
            }
        }
    }

    /// `--strategy actor-queue`: the gap between one job's end and the next one's start, which
    /// the actor sleeps before it passes its queue on; none once the run stops or runs dry.
    func restBetweenJobs() async {
        guard spacing > .zero, !book.withLock({ $0.ending != nil || $0.isDrained }) else { return }
        await sleepGap()
    }

    /// `--spacing`: sleeps between the last scan's end and the next one's start, the book knowing
    /// when the sleep ends. A cancel cuts it short, and it ends early when `--duration` runs out: no
    /// scan would start after that.
    private func sleepGap() async {
        var end = ContinuousClock.now + spacing
        if let deadline { end = min(end, deadline) }
        let until = Duration.microseconds((end - origin).wholeMicroseconds)
        let sleeps = write { book, events, now in
            // Jobs sent to the actor and not yet started are still to start.
            guard book.ending == nil && !(book.hasNoMoreToStart && book.station.isEmpty) else { return false }
            events += book.beginGap(until: until, at: now)
            return true
        }
        guard sleeps else { return }
        try? await Task.sleep(until: end, clock: .continuous)
        // Woken at the deadline, the sleeper may look before the deadline's own watcher.
        write { book, events, now in events += book.endGap(at: now) + book.closeAdmission(at: now) }
    }

    /// Books a scan's end, with what `--errors` and `--take` make of it (`RunBook.settle`). A
    /// cancelled scan whose run is not stopping was cancelled by the strategy's own structure (a
    /// scope left, a bag torn down): the run goes on.
    func settle(_ report: ScanReport) {
        write { book, events, now in events += book.settle(report, at: now) }
        if spacing > .zero { gapDue.store(true, ordering: .relaxed) }
        // The engine may be waiting for the last scan, and `nextWhenFree()` for the slot this end
        // frees; a paused `next()` looks again too. With nobody waiting, it takes no lock.
        gate.open()
    }

    /// `--strategy stream`: the consumer went away, and the stream's `onTermination` runs.
    func streamTerminated() {
        write { book, events, now in
            guard book.ending != nil && !book.streamTerminated else { return }
            events += book.terminate(at: now)
        }
    }

    /// `--strategy reduce`: the group's `reduce` has returned `fold`.
    func folded(_ fold: GroupFold) {
        write { book, events, now in events += book.noteFold(fold, at: now) }
    }

    /// The strategy has returned: a group that collected results has handed its array back, and
    /// a group whose body returned early has dropped what its children finished after.
    func strategyReturned() {
        write { book, events, now in events += book.strategyReturned(at: now) }
    }

    /// A scan taken from `next()` and never run: cancelled with the run if it is stopping; a
    /// broken rule if not, which stops it.
    func drop(_ scan: Scan) {
        let report = ScanReport(scan: scan.number, slot: scan.slot, outcome: .failure(.cancelled), ran: .zero)
        write { book, events, now in
            if book.ending == nil {
                book.breakRule("scan \(scan.number) was taken from next() and never run: a strategy runs every scan it takes, or leaves it to be cancelled")
                events += book.stop(.cancelled, at: now)
            }
            events += book.finish(report, at: now)
        }
        gate.open()
    }

    /// Stops the run over a broken rule, which the summary names.
    func breakRule(_ rule: String) {
        write { book, events, now in
            book.breakRule(rule)
            events += book.stop(.cancelled, at: now)
        }
        gate.open()
    }

    /// Applies the controls sent since the last look, in the order they were sent.
    func takeControls() {
        guard inbox.hasPending else { return }
        // Drained under the book's lock, so two who take controls at once apply them in order.
        write { book, events, now in
            for control in inbox.drain() { events += book.apply(control, at: now) }
            liveBatch.store(book.progress.batch, ordering: .relaxed)
        }
        gate.open()
    }

    /// The loop takes no more scans, though the run has more to start: its group is cancelled,
    /// so `addTaskUnlessCancelled` added nothing (`UnlessCancelledWindow.swift`). The run stops,
    /// as a cancel stops it: the scan the loop holds, and every one not yet started, end cancelled
    /// without a child.
    public func stopTaking() {
        noticeCancellation()
    }

    /// The run's own task was cancelled rather than sent `cancel`: that is a cancel too.
    func noticeCancellation() {
        write { book, events, now in events += book.stop(.cancelled, at: now) }
        gate.open()
    }

    /// `--duration` may have run out: if it has, no scan starts after this.
    func closeAdmission() {
        write { book, events, now in events += book.closeAdmission(at: now) }
        gate.open()
    }

    /// The strategy's loop has returned, or is returning, with scans still running: left to run
    /// on, or cancelled by a task bag it tears down. Booked once, with the scans running then.
    func loopReturned(bagCancels: Bool) {
        write { book, events, now in
            let running = book.progress.counters.running
            guard running > 0, book.progress.leftRunning == nil else { return }
            events += book.loopReturned(leaving: running, bagCancelled: bagCancels, at: now)
        }
    }

    /// Whether the run is stopping: a cancel, a failure, a broken rule.
    var isStopping: Bool { book.withLock { $0.ending != nil } }

    /// Whether the run's stop is the engine's to carry out, by cancelling the strategy's task
    /// (`RunBook.stopCancelsStrategy`).
    var stopCancelsStrategy: Bool { book.withLock { $0.stopCancelsStrategy } }

    /// Returns once no scan holds a slot: every scan the strategy took has ended or been dropped.
    func waitForEveryScan() async {
        while true {
            let seen = gate.generation
            if book.withLock({ $0.progress.counters.running == 0 }) { return }
            await gate.wait(unless: seen, evenIfCancelled: true)
        }
    }

    /// Time since the run started, in whole microseconds: what the events file can write exactly,
    /// so that a replay of the file works from the same times as the run did.
    func now() -> Duration { .microseconds((.now - origin).wholeMicroseconds) }

    /// Carries out one transition of the run book, at the time read under its lock, and hands the
    /// events it wrote to the sinks, in order. Writers take turns (`writing`) from the transition
    /// to the last event handed on, so transitions from any thread reach the sinks in the book's
    /// order and their times never go back; the book's own lock is let go before the sinks run, so
    /// a sink may read a snapshot. A transition that begins the run's stop cancels the strategy's
    /// task, where the stop is the engine's to carry out, as soon as the locks are let go, so that
    /// nothing the strategy does comes between the stop and the cancel; and it wakes the engine.
    /// The stop's events end with a reading of the scans on a thread (`RunChange.Kind.threads`).
    @discardableResult
    func write<Result>(_ transition: (inout RunBook, inout [RunEvent], Duration) -> Result) -> Result {
        func transact() -> (Result, stopped: Bool, cancels: Bool) {
            var events: [RunEvent] = []
            let (result, stopped, cancels) = book.withLock { book in
                let wasStopping = book.ending != nil
                let result = transition(&book, &events, now())
                let stopped = !wasStopping && book.ending != nil
                return (result, stopped, stopped && book.stopCancelsStrategy)
            }
            if stopped && !sinks.isEmpty { events.append(.change(child.ledger.threadsChange(at: now()))) }
            for event in events {
                for sink in sinks { sink.record(event) }
            }
            return (result, stopped, cancels)
        }
        // With no sink, there is no order of events to keep beyond the book's own lock.
        let (result, stopped, cancels) = sinks.isEmpty ? transact() : writing.withLock { writes in
            writes &+= 1
            return transact()
        }
        if cancels { strategyTask.withLock { $0 }?.cancel() }
        if stopped { inbox.ring() }
        return result
    }

    /// The task the strategy runs in, once the engine has started it (`ScanModel+Strategy.swift`).
    func runs(in task: Task<Void, Never>) {
        strategyTask.withLock { $0 = task }
        // A stop booked before the task was known: the engine's watcher cancels it too, later.
        if stopCancelsStrategy { task.cancel() }
    }
}
