import Dispatch
import Synchronization

/// A task executor that counts the jobs it has run to their end: a task's job ends when the task
/// suspends (or returns), so a count above zero says its one task has reached an await.
final class SuspensionWatch: TaskExecutor {
    private let ended = Atomic<Int>(0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.global().async {
            job.runSynchronously(on: executor)
            self.ended.add(1, ordering: .sequentiallyConsistent)
        }
    }

    var suspensions: Int { ended.load(ordering: .sequentiallyConsistent) }
}
