/// **Unstructured tasks are not cancelled with their parent.**
///
/// The sliding window once more, with each scan in a `Task {}` of its own rather than a child of a
/// group. Such a task has no parent: nothing cancels it but a call to its own `cancel()`. No group
/// hands its outcome back either, so each task yields it into a stream that the loop reads.
///
/// When the run is cancelled, the loop's own task is cancelled, which ends its `for await` over
/// the stream: the loop returns, and the tasks run on to their ends, orphans, each booking its
/// end as it comes. With `--task-bag` the loop keeps them in a `TaskBag`, which cancels every task
/// it holds when it is torn down: the loop's return drops the bag, and the tasks stop at their
/// next check.
///
/// A `Task {}` inherits what its creator's task carries: its priority and its task-local values,
/// such as the run's label (`RunLabel`). With `--detached` each scan runs in a `Task.detached {}`
/// instead, which inherits neither: it is given its priority here, and it starts with no
/// task-local value at all, so its scan finds no label.
struct UnstructuredTasks: Strategy {
    let keepsABag: Bool
    let detaches: Bool

    func run(_ scans: Scans) async {
        // Torn down when this function returns, cancelling what it holds.
        let bag = keepsABag ? TaskBag(scans) : nil
        let (outcomes, outcome) = AsyncStream.makeStream(of: ScanOutcome.self)
        var running = 0
        func start(_ scan: Scan) {
            guard !detaches else { return startDetached(scan) }
            let task = Task(name: scan.name, priority: scan.priority) {
                _ = outcome.yield(await scan.run())
            }
            bag?.keep(task, slot: scan.slot)
            running += 1
        }
        // `--detached`: the same, in a task that inherits nothing from this one.
        func startDetached(_ scan: Scan) {
            let task = Task.detached(name: scan.name, priority: scan.priority) {
                _ = outcome.yield(await scan.run())
            }
            bag?.keep(task, slot: scan.slot)
            running += 1
        }

        while let scan = await scans.next() { start(scan) }
        guard running > 0 else { return }
        // Each outcome frees a slot. A cancel ends this loop, not the tasks.
        for await _ in outcomes {
            running -= 1
            while let scan = await scans.next() { start(scan) }
            if running == 0 { break }
        }
    }
}

/// A bag of unstructured tasks that cancels every task it holds when it is torn down: the way to
/// tie tasks nothing else cancels to the life of their owner. It holds a task per slot, the
/// latest, so it never holds more than a batch. The run book hears of the teardown first, so the
/// cancels it causes come after it in the events.
final class TaskBag {
    private let scans: Scans
    private var tasks: [Int: Task<Void, Never>] = [:]

    init(_ scans: Scans) {
        self.scans = scans
    }

    func keep(_ task: Task<Void, Never>, slot: Int) {
        tasks[slot] = task
    }

    deinit {
        scans.loopReturned(bagCancels: true)
        for task in tasks.values { task.cancel() }
    }
}
