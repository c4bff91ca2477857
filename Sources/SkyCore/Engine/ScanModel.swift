import DequeModule

/// Runs a batch of scans in a sliding-window task group and owns the truth about them.
///
/// At most `batch` scans run at once; each finished scan frees its slot for the highest-priority
/// waiting scan. Every outcome is a `Result`, so a failure is recorded and the group goes on.
/// Results are consumed one at a time as `group.next()` returns them, on this actor, which is what
/// makes it safe to update the counters there without a lock.
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
    private let sinks: [any ScanEventSink]
    private let clock = ContinuousClock()
    /// Looked up per scan; `ScanPriority.taskPriority` builds the value through two runtime calls.
    private let taskPriorities = PerPriority(
        high: ScanPriority.high.taskPriority, medium: ScanPriority.medium.taskPriority,
        low: ScanPriority.low.taskPriority)

    // `@exclusivity(unchecked)` on the run state: actor isolation already serialises every access
    // and none is re-entered (sinks and the board never reach back in), so the dynamic checks only
    // cost time: about a tenth of each scheduling step.
    @exclusivity(unchecked) private var hasRun = false
    /// When the run started; read every step, so not an optional to unwrap.
    @exclusivity(unchecked) private var origin: ContinuousClock.Instant
    /// The plain-value part of the snapshot.
    @exclusivity(unchecked) private var state: RunProgress
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
    @exclusivity(unchecked) private var latency = LatencyRecorder()
    @exclusivity(unchecked) private var throughput = ThroughputMeter()
    @exclusivity(unchecked) private var errorLog = Deque<ScanErrorRecord>()
    @exclusivity(unchecked) private var errorCount = 0
    @exclusivity(unchecked) private var paused = false
    /// Set once cancellation is asked for (by a control or by `--fail-fast`).
    @exclusivity(unchecked) private var ending: RunEnding?
    @exclusivity(unchecked) private var cancellationPropagated = false
    @exclusivity(unchecked) private var statsRefreshedAt: Duration = .seconds(-1)
    /// A publication skipped the statistics; a trailing wake must refresh them.
    @exclusivity(unchecked) private var statsStale = false

    public init(configuration: RunConfiguration, sinks: [any ScanEventSink] = []) {
        self.configuration = configuration
        self.sinks = sinks
        let initial = ScanSnapshot(configuration: configuration)
        state = initial.progress
        board = SnapshotBoard(initial)
        slotTable = SlotTable(batch: configuration.batch)
        origin = clock.now
    }

    /// The latest published state. Cheap and callable from any thread, even while every core is
    /// busy with scans.
    public nonisolated func snapshot() -> ScanSnapshot {
        board.read()
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

    /// Runs every scan and returns the summary. A model runs once.
    public func run() async -> RunSummary {
        precondition(!hasRun, "a ScanModel runs once")
        hasRun = true
        origin = clock.now
        state.startedAt = origin
        state.phase = .running
        admit(at: .zero)

        await withTaskGroup(of: Wake.self) { group in
            let inbox = self.inbox
            group.addTask { await inbox.wait(); return .control }
            apply(inbox.drain())
            startScans(in: &group, at: elapsed())
            publish(at: elapsed(), force: true)

            var completion: (SlotOccupancy, ScanResult)?
            while let wake = await group.next() {
                // One clock read per step: finishing, starting and publishing all use it.
                let now = elapsed()
                switch wake {
                case .control:
                    if ending == nil { group.addTask { await inbox.wait(); return .control } }
                case .publishDue:
                    publishScheduled = false
                case .finished(let slot, let outcome):
                    let occupancy = vacate(slot)
                    if case .success(let result) = outcome, sinks.isEmpty {
                        // Accounted after the next start, so the freed slot's next child is on
                        // its way (and a worker thread still awake to take it) sooner. With
                        // sinks the completion is accounted first, so its event precedes the
                        // next start's, as it always has.
                        completion = (occupancy, result)
                    } else {
                        finish(occupancy, in: slot, outcome: outcome, at: now)
                    }
                }
                // Every step takes the pending controls before it starts scans, so a control
                // sent while a step runs (a key, an event sink) holds from the very next start.
                if inbox.hasPending { apply(inbox.drain()) }
                if ending != nil && !cancellationPropagated {
                    // Also cancels the parked control waiter, which is not re-added after this.
                    group.cancelAll()
                    cancellationPropagated = true
                }
                startScans(in: &group, at: now)
                if let (occupancy, result) = completion {
                    complete(occupancy, with: result, at: now)
                    completion = nil
                }
                if isDrained { break }
                publishIfDue(at: now, in: &group)
            }
            // The group waits for its children even after the loop; nothing but the parked
            // control waiter can be left, and this ends it.
            group.cancelAll()
        }

        cancelUnstarted()
        let finalEnding = ending ?? .drained
        state.phase = .finished(finalEnding)
        publish(at: elapsed(), force: true)
        for sink in sinks { sink.finish() }
        return RunSummary(
            snapshot: board.read(), errors: Array(errorLog), errorCount: errorCount,
            notStarted: configuration.total - state.counters.scheduled)
    }

    // MARK: - Scheduling

    /// What wakes the run loop: a scan that ended, a control, or a publication that is due.
    private enum Wake: Sendable {
        /// The finish time is the step's clock reading, not the child's: one read instead of two.
        /// The scan and its priority are in the slot's occupancy, so the payload carries neither.
        case finished(slot: Int, outcome: ScanOutcome)
        case control
        case publishDue
    }

    private var isDrained: Bool {
        state.counters.running == 0
            && (ending != nil || (queue.isEmpty && nextIndex == configuration.total))
    }

    private func elapsed() -> Duration { clock.now - origin }

    /// Tops the ready queue up to `queueDepth` from the scans not yet scheduled.
    private func admit(at time: Duration) {
        while queue.count < Self.queueDepth && nextIndex < configuration.total {
            let plan = configuration.plan(nextIndex)
            nextIndex += 1
            queue.append(.init(plan: plan, scheduledAt: time))
            state.counters.scheduled += 1
            state.counters.waiting += 1
            state.byPriority[plan.priority].scheduled += 1
            state.byPriority[plan.priority].waiting += 1
            emit(.scheduled, plan.index, plan.priority, slot: nil, at: time)
        }
    }

    /// Fills free slots from the ready queue, highest priority first.
    private func startScans(in group: inout TaskGroup<Wake>, at now: Duration) {
        guard ending == nil, !paused else { return }
        while state.counters.running < state.batch, !queue.isEmpty,
            let slot = slotTable.freeSlot(below: state.batch), let entry = queue.popNext()
        {
            let plan = entry.plan
            // The child goes first and the bookkeeping after: the child cannot report back
            // before this step ends, and the sooner it is enqueued, the likelier a worker thread
            // is still awake to take it without a wake-up.
            let task = ScanTask(plan: plan)
            group.addTask(priority: taskPriorities[plan.priority]) { @concurrent in
                // Captures the plan once, inside `task`: the closure's context is allocated per scan.
                if let outcome = task.runWithoutSuspending() { return .finished(slot: slot, outcome: outcome) }
                return .finished(slot: slot, outcome: await task.run())
            }
            latency.recordWait(from: entry.scheduledAt, to: now)
            let occupancy = SlotOccupancy(scan: plan.index, priority: plan.priority, startedAt: now)
            slotTable.occupy(slot, with: occupancy)
            slotsChanged = true
            state.counters.waiting -= 1
            state.counters.running += 1
            state.byPriority[plan.priority].waiting -= 1
            state.byPriority[plan.priority].running += 1
            state.maxRunning = max(state.maxRunning, state.counters.running)
            emit(.started, plan.index, plan.priority, slot: slot, at: now)
            admit(at: now)
        }
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
        state.byPriority[occupancy.priority].running -= 1
        return occupancy
    }

    private func complete(_ occupancy: SlotOccupancy, with result: ScanResult, at time: Duration) {
        state.counters.completed += 1
        state.byPriority[occupancy.priority].completed += 1
        // XOR of mixed per-scan checksums: the same scans give the same value in any order.
        state.checksum ^= SplitMix64.mix(result.checksum ^ UInt64(truncatingIfNeeded: occupancy.scan))
        throughput.record(at: time)
        latency.recordRun(from: occupancy.startedAt, to: time)
    }

    /// Accounts a vacated scan's outcome, with its event.
    private func finish(_ occupancy: SlotOccupancy, in slot: Int, outcome: ScanOutcome, at time: Duration) {
        let (scan, priority) = (occupancy.scan, occupancy.priority)
        let ranFor = time - occupancy.startedAt
        switch outcome {
        case .success(let result):
            complete(occupancy, with: result, at: time)
            emit(.completed(result), scan, priority, slot: slot, at: time)
        case .failure(.failed(let failure)):
            state.counters.failed += 1
            state.byPriority[priority].failed += 1
            throughput.record(at: time)
            latency.record(run: ranFor)
            log(ScanErrorRecord(scan: scan, priority: priority, failure: failure, time: time))
            emit(.failed(failure), scan, priority, slot: slot, at: time)
            if configuration.failFast && ending == nil {
                ending = .failFast(scan: scan)
                state.phase = .stopping(.failFast(scan: scan))
                publishNow = true
            }
        case .failure(.cancelled):
            state.counters.cancelled += 1
            state.byPriority[priority].cancelled += 1
            emit(.cancelled, scan, priority, slot: slot, at: time)
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
                state.phase = .running
            case .setBatch(let batch):
                state.batch = min(max(batch, RunConfiguration.batchRange.lowerBound), RunConfiguration.batchRange.upperBound)
                slotTable.resize(to: state.batch)
                slotsChanged = true
            case .cancel where ending == nil:
                ending = .cancelled
                state.phase = .stopping(.cancelled)
            case .pause, .resume, .cancel:
                break
            }
        }
    }

    /// After a cancelled run: every scan that never started is cancelled. Scheduled ones get their
    /// terminal event; scans never admitted to the queue are only counted (there may be millions).
    private func cancelUnstarted() {
        let now = elapsed()
        for entry in queue.removeAll() {
            state.counters.waiting -= 1
            state.counters.cancelled += 1
            state.byPriority[entry.plan.priority].waiting -= 1
            state.byPriority[entry.plan.priority].cancelled += 1
            emit(.cancelled, entry.plan.index, entry.plan.priority, slot: nil, at: now)
        }
        state.counters.cancelled += configuration.total - nextIndex
        nextIndex = configuration.total
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
    private func publishIfDue(at now: Duration, in group: inout TaskGroup<Wake>) {
        // Once ending, every step publishes: they are few, and a cancelled group would return a
        // trailing wake at once, round and round.
        if publishNow || ending != nil || now - publishedAt >= Self.publishInterval {
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

    private func scheduleTrailingPublish(after delay: Duration, in group: inout TaskGroup<Wake>) {
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
}
