/// The steps every strategy's loop is made of: start a scan as a child, book what comes back, and
/// take the controls. Each is one transition of the run book, on the actor.
extension ScanModel {
    /// What wakes a strategy's loop.
    enum Wake: Sendable {
        /// A scan's child returned its report.
        case finished(ScanReport)
        /// A control arrived (a key, a signal), or the inbox was rung.
        case control
        /// `--duration` may have run out.
        case deadline
        /// The strategy's task returned (`ScanModel+Strategy.swift`).
        case loopEnded
        /// A task that carried a job to the actor has returned: the actor booked the job's end.
        case jobReturned
    }

    /// Adds the children that wake the loop for something other than a scan: one waiting for the
    /// next control, with `--duration` one sleeping until the time is up, and with
    /// `--cancel-after` one that sends the cancel when its time comes. Without them, a loop waiting
    /// in `group.next()` would hear a key only when some scan ended.
    func addWatchers(to group: inout ThrowingTaskGroup<Wake, any Error>) {
        addControlWatcher(to: &group)
        if let duration = configuration.duration {
            let deadline = origin + duration
            group.addTask(name: "deadline") {
                try? await Task.sleep(until: deadline, clock: .continuous)
                return .deadline
            }
        }
        if let cancelAfter = configuration.cancelAfter {
            let (inbox, moment) = (self.inbox, origin + cancelAfter)
            group.addTask(name: "cancel timer") {
                // Cut short when the group ends first: then there is nothing left to cancel.
                guard (try? await Task.sleep(until: moment, clock: .continuous)) != nil else { return .control }
                // As the `c` key: the control watcher hears it and the loop books the stop.
                inbox.send(.cancel)
                return .control
            }
        }
    }

    func addControlWatcher(to group: inout ThrowingTaskGroup<Wake, any Error>) {
        let inbox = self.inbox
        group.addTask(name: "control watcher") {
            await inbox.wait()
            return .control
        }
    }

    /// Starts every scan the book lets start now, each as a child of `group` at its priority.
    /// `addTaskUnlessCancelled`: a group whose task was cancelled from outside starts nothing new.
    func startScans(in group: inout ThrowingTaskGroup<Wake, any Error>, at now: Duration) {
        startEach(at: now) { addChild(for: $0, to: &group, at: now) }
    }

    /// Hands `begin` every scan the book lets start now.
    func startEach(at now: Duration, _ begin: (RunBook.Start) -> Void) {
        // A control sent while the loop was busy (a key, a sink's reaction) holds from this start.
        takeControls(at: now)
        while true {
            while let start = startNext(at: now) { begin(start) }
            // The ready queue is topped up once the children are on their way; in an unbounded
            // group, the scans it admits start at once too.
            guard loop.wantsAdmission else { return }
            write { $0.admit(at: now) }
            guard loop.canStart else { return }
        }
    }

    /// Adds `start`'s scan to `group` as a child at its priority, named `scan N` so that debuggers
    /// and `Task.name` tell the children apart. `addTaskUnlessCancelled`: a group whose task was
    /// cancelled from outside starts nothing new.
    ///
    /// Named in runs that are watched (the dashboard, `--events`, `--trace`): a name costs the
    /// runtime an allocation per child, 0.2 to 0.6 µs, which is a sixth of the engine's own cost
    /// at `--work 0` (docs/performance.md) and a millionth of a scan at the default work.
    private func addChild(for start: RunBook.Start, to group: inout ThrowingTaskGroup<Wake, any Error>, at now: Duration) {
        // The child captures only what it needs: a task's context is allocated and copied.
        let child = self.child
        let (scan, slot, priority) = (start.scan, start.slot, start.priority)
        let name = child.isNamed ? ScanChild.taskName(of: scan) : nil
        let added: Bool
        if let catalogue = child.catalogue {
            // `--catalogue`: the child hands a result to the catalogue (`SignalCatalogue.swift`).
            // A closure of its own, so a run without one pays nothing for the step.
            added = group.addTaskUnlessCancelled(name: name, priority: priority.taskPriority) { @concurrent in
                let report = await child.run(scan: scan, in: slot)
                if case .success(let result) = report.outcome { await catalogue.add(result) }
                return .finished(report)
            }
        } else {
            added = group.addTaskUnlessCancelled(name: name, priority: priority.taskPriority) { @concurrent in
                .finished(await child.run(scan: scan, in: slot))
            }
        }
        if !added {
            // The group's task was cancelled before the child could be added.
            let report = ScanReport(scan: scan, slot: slot, outcome: .failure(.cancelled), ran: .zero)
            write { $0.stop(.cancelled, at: now) + $0.finish(report, at: now) }
        }
    }

    /// Books a scan's end. A scan cancelled before the run has booked its stop (its task was
    /// cancelled from outside, ahead of the `cancel` control) books the stop first, which caused it.
    func settle(_ report: ScanReport, at now: Duration) {
        if case .failure(.cancelled) = report.outcome, !isStopping {
            takeControls(at: now)
            noticeCancellation(at: now)
        }
        write { $0.finish(report, at: now) }
    }

    /// Takes the controls sent since the last look.
    func takeControls(at now: Duration) {
        for control in inbox.drain() {
            write { $0.apply(control, at: now) }
        }
    }

    /// The run's own task may be cancelled rather than sent `cancel` (its owner does both, to
    /// reach scans that never yield without waiting for this actor): that is a cancel too.
    func noticeCancellation(at now: Duration) {
        if Task.isCancelled { write { $0.stop(.cancelled, at: now) } }
    }

    /// Handles a wake that is not a scan's report, and says whether the run is now stopping.
    func handle(_ wake: Wake, in group: inout ThrowingTaskGroup<Wake, any Error>, at now: Duration) {
        switch wake {
        case .control:
            // The watcher also returns when the run's task is cancelled.
            takeControls(at: now)
            noticeCancellation(at: now)
            if !isStopping { addControlWatcher(to: &group) }
        case .deadline:
            write { $0.closeAdmission(at: now) }
        case .finished, .loopEnded, .jobReturned:
            break
        }
    }

    /// Counts a result the loop has taken, and says whether it is the last one `--take` lets it
    /// take while scans remain: the loop stops taking here.
    func tookEnough() -> Bool {
        resultsTaken += 1
        return resultsTaken == configuration.take && !isStopping && !isDrained
    }

    var isStopping: Bool { loop.stopping }
    var isDrained: Bool { loop.drained }
}
