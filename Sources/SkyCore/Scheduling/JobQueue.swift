import DequeModule

/// `--strategy actor-queue`: whether a job holds the actor's queue, and the jobs that wait for
/// it, in the order they arrived. Each is resumed by the job before it.
struct JobQueue {
    var busy = false
    var line = Deque<CheckedContinuation<Void, Never>>()
}
