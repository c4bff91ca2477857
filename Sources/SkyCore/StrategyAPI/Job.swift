/// `--strategy actor-queue` and `actor-reentrant`: a scan on its way to the actor, as
/// `Scans.nextJob()` hands it out. It holds no slot yet: it is *sent* (a task carries it), it
/// *arrives* when the actor runs that task's call (`arrive()`), and it starts there in the order
/// the jobs arrived, whatever their numbers or priorities (`start()`); the book records that
/// order (`RunBook+Station.swift`). Both are called on the actor, where the order is decided.
final class Job: Sendable {
    let number: Int
    let priority: ScanPriority
    let scans: Scans

    /// The name of the task that carries it, `scan N`, where the run is watched.
    var name: String? { scans.child.isNamed ? ScanChild.taskName(of: number) : nil }

    init(number: Int, priority: ScanPriority, scans: Scans) {
        self.number = number
        self.priority = priority
        self.scans = scans
    }

    /// The actor has taken the call that carries this job: it starts after every job that arrived
    /// before it.
    func arrive() {
        scans.write { book, events, now in events += book.arrive(number, at: now) }
    }

    /// Starts the job that arrived first, which is this one, in a slot of its own: its scan, to
    /// run. `nil` for a job the run stopped before it started, which is cancelled where it waits,
    /// without a slot.
    func start() -> Scan? {
        let start: RunBook.Start? = scans.write { book, events, now in
            guard let start = book.startArrived(at: now) else {
                events += book.cancelArrived(number, at: now)
                return nil
            }
            events.append(start.event)
            return start
        }
        guard let start else { return nil }
        precondition(start.scan == number, "the actor starts the job that arrived first")
        return Scan(number: number, priority: start.priority, slot: start.slot, scans: scans)
    }
}
