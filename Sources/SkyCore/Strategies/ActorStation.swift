/// **A serial queue inside an actor, and the same actor without it.**
///
/// Each scan is a job, sent to this actor from a task of its own: `batch` tasks at a time, each a
/// child of the loop's group, so a cancel reaches them. The tasks run on the pool at once, and
/// reach the actor in whatever order the runtime runs them; the actor takes their calls one at a
/// time, and `arrive` books that order (`arrived` events, `RunBook+Station.swift`).
///
/// An actor runs one call at a time only from one suspension point to the next. Without a queue
/// (`actor-reentrant`), `submit` awaits the job's scan, which runs off the actor (`@concurrent`),
/// and while it awaits, the actor takes the next call, which starts its own job: the jobs run at
/// once, interleaved across the actor's `await`s, though it is one actor. With the queue
/// (`actor-queue`), a job that arrives while another runs waits in line, and each job, once its
/// scan has ended and `--spacing` has passed, hands the actor to the one that arrived next: one
/// at a time, first come, first served.
extension ScanModel {
    func runActorStation() async {
        do {
            try await withThrowingTaskGroup(of: Wake.self) { group in
                addWatchers(to: &group)
                sendJobs(in: &group, at: now())
                while let wake = try await group.next() {
                    let now = now()
                    handle(wake, in: &group, at: now)
                    // A cancel reaches the scans through the tasks that carried them.
                    if isStopping { group.cancelAll() }
                    if isDrained { break }
                    sendJobs(in: &group, at: now)
                }
                group.cancelAll()
            }
        } catch {
            preconditionFailure("the watchers and the senders throw nothing: \(error)")
        }
    }

    /// Sends each scan the book lets go now, in a task of its own that calls `submit`.
    private func sendJobs(in group: inout ThrowingTaskGroup<Wake, any Error>, at now: Duration) {
        takeControls(at: now)
        while true {
            while let job = sendNext() {
                let scan = job.scan
                // Not `addTaskUnlessCancelled`: every job sent arrives, and the actor books its end.
                group.addTask(name: child.isNamed ? ScanChild.taskName(of: scan) : nil, priority: job.priority.taskPriority) {
                    await self.submit(scan)
                    return .jobReturned
                }
            }
            guard loop.wantsAdmission else { return }
            write { $0.admit(at: now) }
        }
    }

    /// A job's call, run on this actor from the task that sent it. The actor takes another call
    /// at each `await` here.
    func submit(_ scan: Int) async {
        write { [now = now()] in $0.arrive(scan, at: now) }
        guard configuration.strategy == .actorQueue else {
            // No queue: the job starts now, and the actor is free while it runs.
            await runJob(scan)
            return
        }
        if jobQueue.busy {
            // Wait in line; the actor takes the next call meanwhile.
            await withCheckedContinuation { jobQueue.line.append($0) }
        } else {
            jobQueue.busy = true
        }
        await runJob(scan)
        if configuration.spacing > .zero && !isStopping && !isDrained { await sleepGap() }
        // The actor passes to the job that arrived next, or is free.
        if let next = jobQueue.line.popFirst() { next.resume() } else { jobQueue.busy = false }
    }

    /// Starts the job that arrived first, which is `scan`, runs its scan off the actor, and books
    /// its end; a job the run stopped before it started is cancelled where it waits.
    private func runJob(_ scan: Int) async {
        guard let start = startArrived(at: now()) else {
            write { [now = now()] in $0.cancelArrived(scan, at: now) }
            return
        }
        precondition(start.scan == scan, "the actor starts the job that arrived first")
        let report = await child.run(scan: scan, in: start.slot)
        settle(report, at: now())
        if tookEnough() { write { [now = now()] in $0.stop(.taken, at: now) } }
    }

    /// `--spacing`: sleeps between one scan's end and the next one's start, the book knowing when
    /// the sleep ends. It ends early when `--duration` runs out: no scan would start after it.
    func sleepGap() async {
        var gapEnd = ContinuousClock.now + configuration.spacing
        if let duration = configuration.duration { gapEnd = min(gapEnd, origin + duration) }
        let until = Duration.microseconds((gapEnd - origin).wholeMicroseconds)
        write { [now = now()] in $0.beginGap(until: until, at: now) }
        // A cancel cuts the sleep short.
        try? await Task.sleep(until: gapEnd, clock: .continuous)
        // Woken at the deadline, the sleeper may run before the deadline's own watcher.
        write { [now = now()] in $0.endGap(at: now) + $0.closeAdmission(at: now) }
    }
}
