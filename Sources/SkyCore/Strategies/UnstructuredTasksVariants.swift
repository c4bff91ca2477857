/// **Unstructured tasks with `--take`: the loop stops taking, and the tasks run on.**
///
/// The loop of `UnstructuredTasks.swift` on the engine's loop steps, for `--take`. The sliding
/// window once more, with each scan in a `Task {}` of its own rather than a child of a
/// group. Such a task has no parent: nothing cancels it but a call to its own `cancel()`. When the
/// run is cancelled, the loop that started the tasks stops and returns, and the tasks run on to
/// their ends, orphans. With `--task-bag` the loop keeps them in a `SlotTaskBag`, which cancels every
/// task it holds when it is torn down (`deinit`): the loop's return drops the bag, and the tasks
/// stop at their next check.
///
/// No group hands the tasks' reports back, so they hand them to `FinishedTasks`, which wakes the
/// loop. Once the loop has returned, the run still books each task's end as it comes: it is over
/// only after the last, whoever started them.
extension ScanModel {
    func runUnstructuredVariant() async {
        let finished = FinishedTasks(inbox: inbox)
        let bagTornDown = Locked(false)
        await startTasks(reportingTo: finished, bagTornDown: bagTornDown)
        // The loop has returned, and with it its bag, if it had one.
        let running = book.withLock { $0.progress.counters.running }
        guard running > 0 else { return }
        write { [now = now(), bagged = bagTornDown.withLock { $0 }] in $0.loopReturned(leaving: running, bagCancelled: bagged, at: now) }
        while !isDrained {
            await finished.waitForMore()
            for report in finished.take() { settle(report, at: now()) }
        }
    }

    /// The loop: starts a task for each scan the book lets start, books what they hand back, and
    /// returns once the run is stopping or drained.
    private func startTasks(reportingTo finished: FinishedTasks, bagTornDown: Locked<Bool>) async {
        // Torn down when this function returns, cancelling what it holds.
        let bag = configuration.taskBag ? SlotTaskBag(tornDown: bagTornDown) : nil
        do {
            try await withThrowingTaskGroup(of: Wake.self) { group in
                // The watchers only: the scans are not the group's.
                addWatchers(to: &group)
                startTasks(reportingTo: finished, keepingIn: bag, at: now())
                while let wake = try await group.next() {
                    let now = now()
                    handle(wake, in: &group, at: now)
                    for report in finished.take() {
                        settle(report, at: now)
                        if tookEnough() { write { $0.stop(.taken, at: now) } }
                    }
                    if isStopping || isDrained { break }
                    startTasks(reportingTo: finished, keepingIn: bag, at: now)
                }
                group.cancelAll()
            }
        } catch {
            preconditionFailure("the watchers throw nothing: \(error)")
        }
    }

    /// Starts each scan the book lets start now in a `Task {}` of its own, at its priority.
    private func startTasks(reportingTo finished: FinishedTasks, keepingIn bag: SlotTaskBag?, at now: Duration) {
        let child = self.child
        startEach(at: now) { start in
            let (scan, slot, priority) = (start.scan, start.slot, start.priority)
            let task = Task(name: child.isNamed ? ScanChild.taskName(of: scan) : nil, priority: priority.taskPriority) {
                finished.add(await child.run(scan: scan, in: slot))
            }
            bag?.keep(task, slot: slot)
        }
    }
}

/// A bag of unstructured tasks that cancels every task it holds when it is torn down: the way to
/// tie tasks nothing else cancels to the life of their owner. It holds a task per slot, the
/// latest, so it never holds more than a batch.
final class SlotTaskBag {
    private var tasks: [Int: Task<Void, Never>] = [:]
    /// Set as the bag is torn down, for the run to tell.
    private let tornDown: Locked<Bool>

    init(tornDown: Locked<Bool>) {
        self.tornDown = tornDown
    }

    func keep(_ task: Task<Void, Never>, slot: Int) {
        tasks[slot] = task
    }

    deinit {
        for task in tasks.values { task.cancel() }
        tornDown.withLock { $0 = true }
    }
}

/// Where unstructured tasks hand back their reports, since no group does. Each report wakes the
/// loop, through the inbox its control watcher waits on, and whoever waits here once the loop has
/// returned.
final class FinishedTasks: Sendable {
    private struct State {
        var reports: [ScanReport] = []
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Locked(State())
    private let inbox: ControlInbox

    init(inbox: ControlInbox) {
        self.inbox = inbox
    }

    func add(_ report: ScanReport) {
        let waiter = state.withLock { state in
            state.reports.append(report)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
        inbox.ring()
    }

    /// Every report handed back since the last look, in order.
    func take() -> [ScanReport] {
        state.withLock { state in
            defer { state.reports = [] }
            return state.reports
        }
    }

    /// Returns once a report is waiting. A cancel does not end the wait, as it ends a control's:
    /// the tasks run on whatever happens to the run, and so does the wait for them.
    func waitForMore() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if !state.reports.isEmpty { return true }
                state.waiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
