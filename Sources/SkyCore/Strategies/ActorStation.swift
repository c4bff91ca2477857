/// **A serial queue inside an actor, and the same actor without it.**
///
/// Each scan is a job, sent to one actor (`Station`) from a task of its own: `batch` tasks at a
/// time, each a child of this loop's group, so a cancel reaches them. The tasks run on the pool at
/// once, and reach the actor in whatever order the runtime runs them; the actor takes their calls
/// one at a time, and the book records that order (`arrived`).
///
/// An actor runs one call at a time only from one suspension point to the next. Without a queue
/// (`actor-reentrant`), `submit` awaits the job's scan, which runs off the actor (`@concurrent`),
/// and while it awaits, the actor takes the next call, which starts its own job: the jobs run at
/// once, interleaved across the actor's `await`s, though it is one actor. With the queue
/// (`actor-queue`), a job that arrives while another runs waits in line, and each job, once its
/// scan has ended and `--spacing` has passed, hands the actor to the one that arrived next: one
/// at a time, first come, first served.
struct ActorStation: Strategy {
    let queued: Bool

    func run(_ scans: Scans) async {
        let station = Station(queued: queued)
        await withTaskGroup(of: Void.self) { group in
            var sending = 0
            while sending < scans.batch, let job = await scans.nextJob() {
                group.addTask(name: job.name, priority: job.priority.taskPriority) {
                    await station.submit(job, resting: scans)
                }
                sending += 1
            }
            // A job's task returns once the actor has run the job: another may be sent.
            for await _ in group {
                sending -= 1
                while sending < scans.batch, let job = await scans.nextJob() {
                    group.addTask(name: job.name, priority: job.priority.taskPriority) {
                        await station.submit(job, resting: scans)
                    }
                    sending += 1
                }
            }
        }
    }
}

/// The actor the jobs are sent to, with its queue: whether a job holds it, and the jobs waiting
/// in line, in the order they arrived.
actor Station {
    private let queued: Bool
    private var busy = false
    private var line: [CheckedContinuation<Void, Never>] = []

    init(queued: Bool) {
        self.queued = queued
    }

    /// A job's call, run on this actor from the task that sent it. The actor takes another call
    /// at each `await` here.
    func submit(_ job: Job, resting scans: Scans) async {
        job.arrive()
        guard queued else {
            // No queue: the job starts now, and the actor is free while its scan runs.
            await job.start()?.run()
            return
        }
        if busy {
            // Wait in line; the actor takes the next call meanwhile.
            await withCheckedContinuation { line.append($0) }
        } else {
            busy = true
        }
        await job.start()?.run()
        await scans.restBetweenJobs()
        // The actor passes to the job that arrived next, or is free.
        if line.isEmpty { busy = false } else { line.removeFirst().resume() }
    }
}
