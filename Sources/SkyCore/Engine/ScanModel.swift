import DequeModule

/// Runs a batch of scans with structured concurrency and owns the truth about them.
///
/// The default strategy is a sliding-window task group: at most `batch` scans run at once, and
/// each finished scan frees its slot for the highest-priority waiting scan. Every outcome is a
/// `Result`, so a failure is recorded and the group goes on. Results are consumed one at a time as
/// `group.next()` returns them, on this actor, which is what makes it safe to update the counters
/// there without a lock. The other strategies (`ScanStrategy`) and `--errors throw` change only
/// how scans reach the pool and how a failure travels; the bookkeeping is shared.
///
/// Readers on other threads call `snapshot()` (a short lock, no actor hop); controls arrive through
/// `send(_:)` from any thread. The snapshot is published at most every `publishInterval` while
/// scans stream through, at once on a control or phase change, and at the end: it lags the truth
/// by less than a frame, and most scheduling steps take no lock.
///
/// Memory does not grow with `total`: scans are derived from the seed when they are admitted, at
/// most `queueDepth` wait at a time, and the statistics live in fixed-size histograms and rings.
public actor ScanModel {
    /// Failures kept in each snapshot for the errors panel.
    public static let recentErrorLimit = 64
    /// Failures kept for the final summary; older ones are counted, not kept.
    public static let summaryErrorLimit = 1000
    /// Scheduled scans held in the ready queue at most. Runs up to this size are scheduled whole
    /// at the start; larger runs admit one more scan each time one starts.
    public static let queueDepth = 4096
    /// How often percentiles and rates are recomputed (counters are always exact).
    static let statsInterval: Duration = .milliseconds(50)
    /// The least time between two publications while steps keep coming. Publishing takes the
    /// board's lock and copies the progress; at a few microseconds a step, doing it every step was
    /// a large share of the engine's cost.
    static let publishInterval: Duration = .milliseconds(1)
    /// When a step skips publishing and no further step comes (long scans, a pause), the run loop
    /// wakes after this long to publish anyway, well inside one 30 fps frame.
    static let trailingPublishDelay: Duration = .milliseconds(5)

    public nonisolated let configuration: RunConfiguration
    private nonisolated let board: SnapshotBoard
    private nonisolated let inbox = ControlInbox()
    /// Scans on a pool thread right now, read straight into each snapshot.
    private nonisolated let gauge = ThreadGauge()
    /// What each scan's child reports of itself (its effective priority, its finish), per slot.
    private nonisolated let ledger: SlotLedger
    /// What every child is handed.
    private nonisolated let briefing: ScanBriefing
    private let sinks: [any ScanEventSink]
    /// Their raw values, which is what the children capture.
    private let askedRaw = PerPriority(
        high: ScanPriority.high.taskPriority.rawValue, medium: ScanPriority.medium.taskPriority.rawValue,
        low: ScanPriority.low.taskPriority.rawValue)

    // `@exclusivity(unchecked)` on the run state: actor isolation already serialises every access
    // and none is re-entered (sinks and the board never reach back in), so the dynamic checks only
    // cost time: about a tenth of each scheduling step.
    @exclusivity(unchecked) private var hasRun = false
    /// Time since the run started, read every step.
    @exclusivity(unchecked) private var clock = RunClock()
    /// The snapshot's recent failures; handed to the board only when they change.
    @exclusivity(unchecked) private var recentErrors: [ScanErrorRecord] = []
    @exclusivity(unchecked) private var slotsChanged = false
    @exclusivity(unchecked) private var errorsChanged = false
    /// Set by a change that must show at once: a control or a phase change.
    @exclusivity(unchecked) private var publishNow = false
    @exclusivity(unchecked) private var publishedAt: Duration = .seconds(-1)
    /// A trailing-publish wake is parked in the group.
    @exclusivity(unchecked) private var publishScheduled = false
    @exclusivity(unchecked) private var queue = ReadyQueue()
    @exclusivity(unchecked) private var slotTable: SlotTable
    /// The index of the next scan to admit; scans from here on have not been scheduled.
    @exclusivity(unchecked) private var nextIndex = 0
    /// Scans from this index on are never admitted: the total, or, once `--duration` has run
    /// out, wherever admission stood then. `Int.max` for a run bounded by time alone, until then.
    @exclusivity(unchecked) private var scanLimit: Int
    /// The ready queue's depth: a timed run keeps it shallow (one batch), because the scans still
    /// waiting when the time runs out are cancelled.
    @exclusivity(unchecked) private var admissionDepth: Int
    /// Admission waits until this many scans fit: a deep queue refills in chunks, a shallow one
    /// scan by scan.
    @exclusivity(unchecked) private var admissionChunk: Int
    @exclusivity(unchecked) private var throughput = ThroughputMeter()
    @exclusivity(unchecked) private var errorLog = Deque<ScanErrorRecord>()
    @exclusivity(unchecked) private var errorCount = 0
    @exclusivity(unchecked) private var verificationLog = Deque<VerificationRecord>()
    @exclusivity(unchecked) private var paused = false
    /// Set once cancellation is asked for (by a control or by `--fail-fast`).
    @exclusivity(unchecked) private var ending: RunEnding?
    @exclusivity(unchecked) private var cancellationPropagated = false
    @exclusivity(unchecked) private var statsRefreshedAt: Duration = .seconds(-1)
    /// A publication skipped the statistics; a trailing wake must refresh them.
    @exclusivity(unchecked) private var statsStale = false
    /// Scans that may start while paused (`step`).
    @exclusivity(unchecked) private var pendingSteps = 0
    /// When cancellation was asked for, to measure how long the running scans take to stop.
    @exclusivity(unchecked) private var endingAskedAt: Duration?
    /// The plain-value part of the snapshot.
    @exclusivity(unchecked) private var state: RunProgress
    /// After the scalars the step reads: its tallies take some kilobytes, and in between they
    /// spread those fields over lines of their own.
    @exclusivity(unchecked) private var latency = LatencyRecorder()

    // Last, the properties whose types come from resilient libraries (`CheckedContinuation`,
    // `TaskPriority`, `ContinuousClock.Instant`): their size is known only at run time, and so is
    // the offset of every property after them. Declared before the others, they put every field
    // the step touches at an offset read from metadata.

    /// The serial loop, parked while paused; resumed by a control.
    @exclusivity(unchecked) private var serialGate: CheckedContinuation<Void, Never>?

    // The task priority each scan asks for, built once: `ScanPriority.taskPriority` builds one
    // through two runtime calls. Three plain optionals: kept in a generic container, every look-up
    // is a metadata query and value-witness calls, per scan.
    private let highTaskPriority: TaskPriority? = ScanPriority.high.taskPriority
    private let mediumTaskPriority: TaskPriority? = ScanPriority.medium.taskPriority
    private let lowTaskPriority: TaskPriority? = ScanPriority.low.taskPriority
    /// When the run started, for deadlines and the snapshot; taken together with `clock`.
    @exclusivity(unchecked) private var origin = ContinuousClock.now

    public init(configuration: RunConfiguration, sinks: [any ScanEventSink] = []) {
        self.configuration = configuration
        self.sinks = sinks
        let initial = ScanSnapshot(configuration: configuration)
        state = initial.progress
        board = SnapshotBoard(initial)
        slotTable = SlotTable(batch: configuration.window)
        // `setBatch` can grow a window up to the largest batch.
        ledger = SlotLedger(
            slots: configuration.strategy.usesBatch ? max(configuration.window, RunConfiguration.batchRange.upperBound) : configuration.window)
        ledger.noteSlots(configuration.window)
        briefing = ScanBriefing(configuration: configuration, gauge: gauge, ledger: ledger)
        scanLimit = configuration.total ?? .max
        admissionDepth = configuration.duration == nil ? Self.queueDepth : max(1, configuration.window)
        admissionChunk = admissionDepth >= 1024 ? admissionDepth / 16 : 1
    }

    deinit {
        // The task group has waited for every child, so none can still read the briefing.
        briefing.release()
    }

    /// The latest published state. Cheap and callable from any thread, even while every core is
    /// busy with scans.
    public nonisolated func snapshot() -> ScanSnapshot {
        var snapshot = board.read()
        snapshot.progress.onThread = gauge.now
        snapshot.progress.peakOnThread = gauge.peak
        (snapshot.progress.direct, snapshot.progress.priorityShift) = ledger.totals()
        for (slot, occupancy) in snapshot.slots.enumerated() {
            guard let occupancy else { continue }
            snapshot.slots[slot]?.effective = ledger.effective(slot: slot, scan: occupancy.scan)
        }
        return snapshot
    }

    /// Sends a control to the run; callable from any thread, before or during the run.
    public nonisolated func send(_ control: ScanControl) {
        inbox.send(control)
    }

    // Nonisolated like `send`: a control needs no turn on the actor, which may be busy.
    public nonisolated func pause() { send(.pause) }
    public nonisolated func resume() { send(.resume) }
    public nonisolated func setBatch(_ batch: Int) { send(.setBatch(batch)) }
    public nonisolated func cancel() { send(.cancel) }
    public nonisolated func step() { send(.step) }

    /// Runs every scan and returns the summary. A model runs once.
    public func run() async -> RunSummary {
        precondition(!hasRun, "a ScanModel runs once")
        hasRun = true
        origin = .now
        clock = RunClock()
        state.startedAt = origin
        state.phase = .running
        admit(at: .zero)

        switch configuration.strategy {
        case .serial: await runSerially()
        case .unbounded, .batched: await runWindow(delivering: nil)
        case .stream: await runStream()
        }

        let notStarted = unadmitted
        cancelUnstarted()
        let finalEnding = ending ?? (state.timeUp ? .timeUp : .drained)
        state.phase = .finished(finalEnding)
        publish(at: elapsed(), force: true)
        for sink in sinks { sink.finish() }
        return RunSummary(
            snapshot: snapshot(), errors: errorLog.array, errorCount: errorCount,
            notStarted: notStarted, verificationFailures: verificationLog.array)
    }

    // MARK: - Strategies

    /// What wakes the run loop: a scan that ended, a control, or a publication that is due.
    private enum Wake: Sendable {
        /// The finish time is the step's clock reading, not the child's: one read instead of two.
        /// The scan and its priority are in the slot's occupancy, so the payload carries neither.
        case finished(slot: Int, outcome: ScanOutcome)
        case control
        case publishDue
        /// `--duration` may have run out (or the run is ending and cancelled the timer).
        case deadline
    }

    /// `--errors throw`: a child's failure, thrown out of the group by `next()`.
    private struct ThrownFailure: Error {
        let slot: Int
        let failure: ScanFailure
    }

    /// What a stream run's producer hands its consumer.
    private enum Delivery: Sendable {
        /// `at` is when the producer took it from the group: when the scan ended, for its event.
        case finished(SlotOccupancy, slot: Int, outcome: ScanOutcome, at: Duration)
        /// Nothing finished, but the run is ending: the consumer should look.
        case ending
    }

    /// The task-group strategies: a window of `state.batch` children (unbounded: every scan at
    /// once). With a stream, finished scans are handed to it instead of being accounted here.
    private func runWindow(delivering stream: AsyncStream<Delivery>.Continuation?) async {
        do {
            // A throwing group in both error modes: with `result` no child ever throws, so it
            // behaves as a plain `withTaskGroup`, and one loop serves both.
            try await withThrowingTaskGroup(of: Wake.self) { group in
                let inbox = self.inbox
                group.addTask { await inbox.wait(); return .control }
                if let deadline = self.deadline { group.addTask { await Self.sleep(until: deadline); return .deadline } }
                apply(inbox.drain())
                _ = startScans(in: &group, stamp: nil)
                publish(at: elapsed(), force: true)

                var completion: (SlotOccupancy, ScanResult)?
                // Accounting a success after the next start gets the freed slot's next child on
                // its way (and a worker thread still awake to take it) sooner. Events must stay
                // in order, and a stream's consumer does the accounting, so only then.
                let deferSuccesses = sinks.isEmpty && stream == nil
                // Asked once: `AsyncStream.Continuation` is resilient, so each test of the optional
                // is a value-witness call.
                let streaming = stream != nil
                while let wake = try await group.next() {
                    // One clock read per step, which finishing, starting and publishing share. A
                    // step that has to stamp something before its starts reads it then; the usual
                    // one (a success, deferred) leaves it to `startScans`, after the freed slot's
                    // next child is on its way: a worker thread that finds nothing to run while
                    // the step goes on falls asleep, and waking it costs more than the step.
                    var stamp: Duration?
                    switch wake {
                    case .control:
                        if ending == nil { group.addTask { await inbox.wait(); return .control } }
                    case .publishDue:
                        publishScheduled = false
                    case .deadline:
                        let now = elapsed()
                        stamp = now
                        closeAdmissionIfTimeUp(at: now)
                    case .finished(let slot, let outcome):
                        let occupancy = vacate(slot)
                        if streaming, let stream {
                            let now = elapsed()
                            stamp = now
                            state.counters.inStream += 1
                            if case .terminated = stream.yield(.finished(occupancy, slot: slot, outcome: outcome, at: now)) {
                                // The consumer has gone; the result still counts.
                                state.counters.inStream -= 1
                                finish(occupancy, in: slot, outcome: outcome, at: now)
                            }
                        } else if case .success(let result) = outcome, deferSuccesses {
                            completion = (occupancy, result)
                        } else {
                            let now = elapsed()
                            stamp = now
                            finish(occupancy, in: slot, outcome: outcome, at: now)
                        }
                    }
                    // Every step takes the pending controls before it starts scans, so a control
                    // sent while a step runs (a key, an event sink) holds from the very next start.
                    if inbox.hasPending {
                        let wasEnding = ending != nil
                        apply(inbox.drain())
                        if streaming && !wasEnding && ending != nil { stream?.yield(.ending) }
                    }
                    // The run's own task may have been cancelled (its owner cancels it as well as
                    // sending `cancel`, to reach scans that never yield without waiting for this
                    // actor). A step that starts a scan learns it from `addTaskUnlessCancelled`, so
                    // only a step that starts none asks: the question costs a thread-local lookup.
                    let (started, now) = startScans(in: &group, stamp: stamp)
                    if !started && ending == nil && Task.isCancelled { apply([.cancel]) }
                    if ending != nil && !cancellationPropagated {
                        cancellationPropagated = true
                        if !streaming {
                            // Also cancels the parked control waiter, which is not re-added after this.
                            group.cancelAll()
                        }
                        // A stream's producer is cancelled by its consumer instead: the consumer
                        // stops, and the stream's `onTermination` cancels this task and its group.
                    }
                    if let (occupancy, result) = completion {
                        complete(occupancy, with: result, at: now)
                        completion = nil
                    }
                    noteStopped(at: now)
                    if isDrained { break }
                    publishIfDue(at: now, in: &group)
                }
                // The group waits for its children even after the loop; nothing but the parked
                // control waiter and a trailing publication can be left, and this ends them.
                group.cancelAll()
            }
        } catch let thrown as ThrownFailure {
            // By now the group has cancelled every other child and waited for all of them; the
            // results it was holding went with it.
            let now = elapsed()
            let occupancy = vacate(thrown.slot)
            finish(occupancy, in: thrown.slot, outcome: .failure(.failed(thrown.failure)), at: now)
            if ending == nil || ending == .failFast(scan: occupancy.scan) { ending = .thrown(scan: occupancy.scan) }
            for (slot, other) in slotTable.slots.enumerated() {
                guard let other else { continue }
                _ = vacate(slot)
                finish(other, in: slot, outcome: .failure(.cancelled), at: now)
            }
            state.discarded = ledger.totals().direct.completed - state.counters.completed
            noteStopped(at: now)
        } catch {
            preconditionFailure("a scan child throws only ThrownFailure: \(error)")
        }
    }

    /// `--strategy stream`: the window runs in a producer task and hands each finished scan to an
    /// `AsyncStream`; this task consumes the stream and accounts them. To cancel, the consumer
    /// stops, and the stream's `onTermination` cancels the producer, as DESIGN.md describes.
    private func runStream() async {
        let producer: Task<Void, Never>
        do {
            let (results, continuation) = AsyncStream.makeStream(of: Delivery.self)
            // Unstructured on purpose: nothing would cancel it with a parent, so the stream does.
            producer = Task { await self.runWindow(delivering: continuation); continuation.finish() }
            continuation.onTermination = { _ in producer.cancel() }
            await consume(results)
            // The stream ends here with its last reference, which is what calls `onTermination`
            // when the consumer stopped early.
        }
        await producer.value
    }

    private func consume(_ results: AsyncStream<Delivery>) async {
        for await delivery in results {
            if case .finished(let occupancy, let slot, let outcome, let endedAt) = delivery {
                state.counters.inStream -= 1
                // Stamped with the time the scan ended, not the time it was consumed; a stream's
                // events are written as they are consumed, so they can trail the next start.
                finish(occupancy, in: slot, outcome: outcome, at: endedAt)
                publish(at: elapsed())
            }
            // Cancelled, or --fail-fast: stop consuming, which stops the producer.
            if ending != nil { return }
        }
    }

    /// `--strategy serial`: one scan after another in a plain loop, with `spacing` between them.
    ///
    /// The loop runs as a child so that a cancel can cancel it (and the scan it awaits). While
    /// the loop awaits a scan, this actor takes the controls in between: an actor does not
    /// serialise across its own `await`s. The loop keeps the order itself, because it is one
    /// loop and starts a scan only after the last one ended.
    private func runSerially() async {
        enum SerialWake { case loopEnded, control, deadline }
        await withTaskGroup(of: SerialWake.self) { group in
            let inbox = self.inbox
            // Controls sent before the run (a pause, to step from the first scan) hold from the start.
            apply(inbox.drain())
            group.addTask { await self.serialLoop(); return .loopEnded }
            group.addTask { await inbox.wait(); return .control }
            if let deadline = self.deadline { group.addTask { await Self.sleep(until: deadline); return .deadline } }
            publish(at: elapsed(), force: true)
            var loopEnded = false
            while let wake = await group.next() {
                switch wake {
                case .loopEnded:
                    loopEnded = true
                    group.cancelAll()
                case .control where !loopEnded:
                    apply(inbox.drain())
                    if ending != nil {
                        group.cancelAll()
                    } else {
                        group.addTask { await inbox.wait(); return .control }
                    }
                    publish(at: elapsed())
                case .deadline where !loopEnded:
                    closeAdmissionIfTimeUp(at: elapsed())
                    // The loop may be parked in a pause; it must see that admission has closed.
                    if let gate = serialGate {
                        serialGate = nil
                        gate.resume()
                    }
                    publish(at: elapsed())
                case .control, .deadline:
                    break
                }
            }
        }
    }

    private func serialLoop() async {
        var first = true
        while ending == nil {
            if !first && configuration.spacing > .zero {
                try? await Task.sleep(for: configuration.spacing)
            }
            // The control waiter would bring these too, but only after this loop's next start.
            if inbox.hasPending { apply(inbox.drain()) }
            if ending == nil && Task.isCancelled { apply([.cancel]) }
            while ending == nil && paused && pendingSteps == 0 && !state.timeUp {
                await withCheckedContinuation { serialGate = $0 }
            }
            guard ending == nil, let entry = queue.popNext() else { break }
            first = false
            if paused { pendingSteps -= 1 }
            let start = elapsed()
            begin(entry, in: 0, at: start)
            publish(at: start)
            // The loop's own task runs the scan, so its priority is the scan's.
            briefing.ledger.start(slot: 0, scan: entry.scan, asked: askedRaw[entry.priority])
            let outcome = await briefing.task(for: entry.scan).run()
            briefing.ledger.finish(slot: 0, outcome)
            let end = elapsed()
            let occupancy = vacate(0)
            if configuration.errors == .throw, case .failure(.failed(let failure)) = outcome {
                // A plain loop's `try`: the failure leaves the loop, and nothing after it starts.
                finish(occupancy, in: 0, outcome: .failure(.failed(failure)), at: end)
                ending = .thrown(scan: occupancy.scan)
            } else {
                finish(occupancy, in: 0, outcome: outcome, at: end)
            }
            noteStopped(at: end)
            publish(at: end)
        }
    }

    // MARK: - Scheduling

    private var isDrained: Bool {
        state.counters.running == 0
            && (ending != nil || (queue.isEmpty && nextIndex == scanLimit))
    }

    private func elapsed() -> Duration { clock.elapsed() }

    /// When `--duration` runs out, on the continuous clock.
    private var deadline: ContinuousClock.Instant? {
        configuration.duration.map { origin + $0 }
    }

    /// Sleeps until `deadline`, or until cancelled (the run ending first).
    private nonisolated static func sleep(until deadline: ContinuousClock.Instant) async {
        try? await Task.sleep(until: deadline, clock: .continuous)
    }

    /// The timer woke: if `--duration` has really run out (a cancelled timer wakes early), no
    /// scan starts after this; the running ones finish and the waiting ones are cancelled.
    private func closeAdmissionIfTimeUp(at now: Duration) {
        guard let duration = configuration.duration, now >= duration, !state.timeUp, ending == nil else { return }
        state.timeUp = true
        scanLimit = nextIndex
        cancelWaiting(at: now)
        publishNow = true
    }

    /// Scans of the total that were never admitted (none once the time has run out).
    private var unadmitted: Int {
        guard let total = configuration.total else { return 0 }
        return min(total, scanLimit) - nextIndex
    }

    /// Tops the ready queue up to its depth from the scans not yet scheduled, once it has room for
    /// a chunk: admitting a scan per start made each start pay for a call and a loop of its own.
    private func admit(at time: Duration) {
        let queued = queue.count
        guard queued <= admissionDepth - admissionChunk, nextIndex < scanLimit else { return }
        let first = nextIndex
        let end = first + min(admissionDepth - queued, scanLimit - first)
        // The chunk's counts are added once, after it: per scan, only its priority and its place.
        var added = (high: 0, medium: 0, low: 0)
        let emitting = !sinks.isEmpty
        for scan in first..<end {
            let priority = configuration.priority(of: scan)
            queue.append(.init(scan: scan, priority: priority, scheduledAt: time))
            switch priority {
            case .high: added.high += 1
            case .medium: added.medium += 1
            case .low: added.low += 1
            }
            if emitting { emit(.scheduled, scan, priority, slot: nil, at: time) }
        }
        nextIndex = end
        state.counters.scheduled += end - first
        state.counters.waiting += end - first
        state.byPriority.high.scheduled += added.high
        state.byPriority.high.waiting += added.high
        state.byPriority.medium.scheduled += added.medium
        state.byPriority.medium.waiting += added.medium
        state.byPriority.low.scheduled += added.low
        state.byPriority.low.waiting += added.low
    }

    /// Fills free slots from the ready queue, highest priority first; says whether it started any,
    /// and returns the step's time: `stamp` if the step has read the clock already, or else a
    /// reading taken once the first child is on its way (or at the end, if none started).
    private func startScans(
        in group: inout ThrowingTaskGroup<Wake, any Error>, stamp: Duration?
    ) -> (started: Bool, now: Duration) {
        var stamp = stamp
        guard ending == nil, !paused || pendingSteps > 0 else { return (false, stamp ?? elapsed()) }
        var started = false
        let briefing = self.briefing
        while state.counters.running < state.batch, !queue.isEmpty,
            let slot = slotTable.freeSlot(below: state.batch), let entry = queue.popNext()
        {
            // The child goes first and the bookkeeping after: the child cannot report back
            // before this step ends, and the sooner it is enqueued, the likelier a worker thread
            // is still awake to take it without a wake-up.
            let scan = entry.scan
            // Its raw value is what the children capture: `TaskPriority` comes from a resilient
            // library, and a captured one is copied and destroyed through runtime calls.
            let asked = askedRaw[entry.priority]
            // `addTaskUnlessCancelled`: once the group is cancelled (its task cancelled from outside,
            // before this actor has seen the cancel control), no new scan starts.
            let added: Bool
            if configuration.errors == .throw {
                added = group.addTaskUnlessCancelled(priority: taskPriority(entry.priority)) { @concurrent in
                    briefing.ledger.start(slot: slot, scan: scan, asked: asked)
                    let outcome = await briefing.task(for: scan).run()
                    briefing.ledger.finish(slot: slot, outcome)
                    if case .failure(.failed(let failure)) = outcome { throw ThrownFailure(slot: slot, failure: failure) }
                    return .finished(slot: slot, outcome: outcome)
                }
            } else {
                added = group.addTaskUnlessCancelled(priority: taskPriority(entry.priority)) { @concurrent in
                    briefing.ledger.start(slot: slot, scan: scan, asked: asked)
                    let task = briefing.task(for: scan)
                    // Returning from the quick path keeps it free of the code after the `await`.
                    if let outcome = task.runWithoutSuspending() {
                        briefing.ledger.finish(slot: slot, outcome)
                        return .finished(slot: slot, outcome: outcome)
                    }
                    let outcome = await task.run()
                    briefing.ledger.finish(slot: slot, outcome)
                    return .finished(slot: slot, outcome: outcome)
                }
            }
            guard added else {
                // Never started: it stays scheduled, and the cancellation accounts it.
                queue.append(entry)
                apply([.cancel])
                return (started, stamp ?? elapsed())
            }
            started = true
            let now: Duration
            if let stamp {
                now = stamp
            } else {
                now = elapsed()
                stamp = now
            }
            begin(entry, in: slot, at: now)
            if paused {
                pendingSteps -= 1
                if pendingSteps == 0 { return (started, now) }
            }
        }
        return (started, stamp ?? elapsed())
    }

    private func taskPriority(_ priority: ScanPriority) -> TaskPriority? {
        switch priority {
        case .high: highTaskPriority
        case .medium: mediumTaskPriority
        case .low: lowTaskPriority
        }
    }

    /// Accounts a scan that has just been given a slot (its task is already on its way).
    private func begin(_ entry: ReadyQueue.Entry, in slot: Int, at now: Duration) {
        let (scan, priority) = (entry.scan, entry.priority)
        latency.recordWait(from: entry.scheduledAt, to: now)
        slotTable.occupy(slot, with: SlotOccupancy(scan: scan, priority: priority, startedAt: now))
        slotsChanged = true
        state.counters.waiting -= 1
        state.counters.running += 1
        state.byPriority.update(priority) { $0.waiting -= 1; $0.running += 1 }
        state.maxRunning = max(state.maxRunning, state.counters.running)
        emit(.started, scan, priority, slot: slot, at: now)
        admit(at: now)
    }

    /// After a cancellation: once nothing runs, how long the running scans took to stop.
    private func noteStopped(at now: Duration) {
        guard let askedAt = endingAskedAt, state.stoppedIn == nil, state.counters.running == 0 else { return }
        state.stoppedIn = now - askedAt
        publishNow = true
    }

    /// Frees the slot of a scan that ended and counts it as no longer running.
    private func vacate(_ slot: Int) -> SlotOccupancy {
        // A slot is occupied from its scan's start to its end, and only its scan ends it.
        let occupancy = slotTable.slots[slot]!
        slotTable.release(slot)
        if slotTable.slots.count > state.batch {
            // Slots left above a shrunken batch disappear as they free.
            slotTable.resize(to: state.batch)
        }
        slotsChanged = true
        state.counters.running -= 1
        state.byPriority.update(occupancy.priority) { $0.running -= 1 }
        return occupancy
    }

    /// Books a scan that ran to its end, whatever its outcome but a cancellation: its place in the
    /// finish order, the throughput and its run time.
    private func noteEnded(_ occupancy: SlotOccupancy, at time: Duration) {
        state.finishOrder.append(occupancy.priority)
        throughput.record(at: time)
        latency.recordRun(from: occupancy.startedAt, to: time)
    }

    private func complete(_ occupancy: SlotOccupancy, with result: ScanResult, at time: Duration) {
        noteEnded(occupancy, at: time)
        state.counters.completed += 1
        state.byPriority.update(occupancy.priority) { $0.completed += 1 }
        // XOR of mixed per-scan checksums: the same scans give the same value in any order.
        state.checksum ^= SplitMix64.mix(result.checksum ^ UInt64(truncatingIfNeeded: occupancy.scan))
    }

    /// Accounts a vacated scan's outcome, with its event.
    private func finish(_ occupancy: SlotOccupancy, in slot: Int, outcome: ScanOutcome, at time: Duration) {
        let (scan, priority) = (occupancy.scan, occupancy.priority)
        switch outcome {
        case .success(let result):
            complete(occupancy, with: result, at: time)
            emit(.completed(result), scan, priority, slot: slot, at: time)
        case .failure(.failed(let failure)):
            noteEnded(occupancy, at: time)
            state.counters.failed += 1
            state.byPriority.update(priority) { $0.failed += 1 }
            log(ScanErrorRecord(scan: scan, priority: priority, failure: failure, time: time))
            emit(.failed(failure), scan, priority, slot: slot, at: time)
            if configuration.failFast && ending == nil {
                ending = .failFast(scan: scan)
                endingAskedAt = time
                state.phase = .stopping(.failFast(scan: scan))
                publishNow = true
            }
        case .failure(.cancelled):
            state.counters.cancelled += 1
            state.byPriority.update(priority) { $0.cancelled += 1 }
            emit(.cancelled, scan, priority, slot: slot, at: time)
        case .failure(.mismatch(let failure)):
            noteEnded(occupancy, at: time)
            state.counters.verificationFailures += 1
            state.byPriority.update(priority) { $0.verificationFailures += 1 }
            let record = VerificationRecord(scan: scan, priority: priority, failure: failure, time: time)
            verificationLog.append(record)
            if verificationLog.count > Self.summaryErrorLimit { verificationLog.removeFirst() }
            state.lastVerificationFailure = record
            publishNow = true
            emit(.verificationFailed(failure), scan, priority, slot: slot, at: time)
        }
    }

    private func apply(_ controls: [ScanControl]) {
        if !controls.isEmpty { publishNow = true }
        for control in controls {
            switch control {
            case .pause where ending == nil:
                paused = true
                state.phase = .paused
            case .resume where ending == nil:
                paused = false
                pendingSteps = 0
                state.phase = .running
            case .step where ending == nil && paused:
                pendingSteps += 1
            case .setBatch(let batch) where configuration.strategy.usesBatch:
                state.batch = min(max(batch, RunConfiguration.batchRange.lowerBound), RunConfiguration.batchRange.upperBound)
                slotTable.resize(to: state.batch)
                ledger.noteSlots(state.batch)
                slotsChanged = true
            case .cancel where ending == nil:
                ending = .cancelled
                endingAskedAt = elapsed()
                state.phase = .stopping(.cancelled)
            case .pause, .resume, .step, .setBatch, .cancel:
                break
            }
        }
        // The serial loop parks while paused; any control may be the one it waits for.
        if let gate = serialGate {
            serialGate = nil
            gate.resume()
        }
    }

    /// After a cancelled run: every scan that never started is cancelled. Scheduled ones get their
    /// terminal event; scans never admitted to the queue are only counted (there may be millions).
    private func cancelUnstarted() {
        cancelWaiting(at: elapsed())
        let never = unadmitted
        state.counters.cancelled += never
        nextIndex += never
    }

    /// Cancels the scans in the ready queue, each with its terminal event.
    private func cancelWaiting(at now: Duration) {
        for entry in queue.removeAll() {
            state.counters.waiting -= 1
            state.counters.cancelled += 1
            state.byPriority.update(entry.priority) { $0.waiting -= 1; $0.cancelled += 1 }
            emit(.cancelled, entry.scan, entry.priority, slot: nil, at: now)
        }
    }

    // MARK: - Publishing

    private func log(_ record: ScanErrorRecord) {
        errorCount += 1
        errorLog.append(record)
        if errorLog.count > Self.summaryErrorLimit { errorLog.removeFirst() }
        recentErrors.append(record)
        if recentErrors.count > Self.recentErrorLimit { recentErrors.removeFirst() }
        errorsChanged = true
    }

    private func emit(_ kind: ScanEvent.Kind, _ scan: Int, _ priority: ScanPriority, slot: Int?, at time: Duration) {
        guard !sinks.isEmpty else { return }
        let event = ScanEvent(kind: kind, scan: scan, priority: priority, slot: slot, time: time)
        for sink in sinks { sink.record(event) }
    }

    /// Publishes now if a change must show at once, or if `publishInterval` has passed since the
    /// last publication; otherwise makes sure a trailing publication is on its way.
    private func publishIfDue(at now: Duration, in group: inout ThrowingTaskGroup<Wake, any Error>) {
        // Once ending, every step publishes: they are few, and a cancelled group would return a
        // trailing wake at once, round and round.
        // In attoseconds: `Duration`'s own `-` and `>=` are calls into the standard library, with
        // overflow checks, and this runs for every scan.
        if publishNow || ending != nil || now.attoseconds &- publishedAt.attoseconds >= Self.publishInterval.attoseconds {
            publish(at: now)
            // Counters are now exact, but rates and percentiles may be up to `statsInterval` old.
            // Without a wake, a burst of finishes followed by a long scan would leave them stale
            // for that whole scan (a rate computed from the burst's first finish only).
            guard statsStale, !publishScheduled else { return }
            scheduleTrailingPublish(after: max(Self.trailingPublishDelay, Self.statsInterval - (now - statsRefreshedAt)), in: &group)
        } else if !publishScheduled {
            scheduleTrailingPublish(after: Self.trailingPublishDelay, in: &group)
        }
    }

    private func scheduleTrailingPublish(after delay: Duration, in group: inout ThrowingTaskGroup<Wake, any Error>) {
        publishScheduled = true
        group.addTask {
            try? await Task.sleep(for: delay)
            return .publishDue
        }
    }

    /// Publishes the working state; percentiles and rates are refreshed at most every
    /// `statsInterval` unless forced, because they cost microseconds and counters cost nothing.
    /// Slots and errors are handed over only when they changed; the board then shares their
    /// storage, and the next change here copies it once.
    private func publish(at now: Duration, force: Bool = false) {
        publishNow = false
        publishedAt = now
        state.elapsed = now
        statsStale = !(force || now - statsRefreshedAt >= Self.statsInterval)
        if !statsStale {
            statsRefreshedAt = now
            state.recentRate = throughput.recentRate(at: now)
            state.meanRate = throughput.meanRate(at: now)
            state.waitLatency = latency.waitPercentiles
            state.runLatency = latency.runPercentiles
        }
        board.publish(
            state, slots: slotsChanged ? slotTable.slots : nil, recentErrors: errorsChanged ? recentErrors : nil)
        slotsChanged = false
        errorsChanged = false
    }

    /// Bytes held by the fixed-size statistics; must not change with the number of scans.
    var statisticsFootprint: Int { latency.footprintBytes }

    /// How much the run holds, by count: what a soak of millions of scans must keep flat.
    struct Retention: Equatable {
        var statisticsBytes: Int
        var queued: Int
        var errorLog: Int
        var verificationLog: Int
        var recentErrors: Int
        var slots: Int
    }

    var retention: Retention {
        Retention(
            statisticsBytes: statisticsFootprint, queued: queue.count, errorLog: errorLog.count,
            verificationLog: verificationLog.count, recentErrors: recentErrors.count, slots: slotTable.slots.count)
    }
}
