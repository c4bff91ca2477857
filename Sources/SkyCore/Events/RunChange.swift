/// Something that happened to the whole run rather than to one scan: a control taking effect, the
/// run starting to stop, the time running out.
///
/// Changes travel in the same ordered stream as the scans' events, so a reader that replays the
/// stream knows, at every line, the batch in force and whether the run was paused.
public struct RunChange: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The batch in force from here on.
        case batch(Int)
        case paused
        case resumed
        /// While paused: one more scan may start.
        case step
        /// Cancellation was asked for (a control, `--fail-fast`, a thrown failure), or the consumer
        /// stopped taking results (`--take`): no new scan starts, and running scans are cancelled,
        /// so they stop at their next check.
        case stopping(RunEnding)
        /// `--duration` ran out: no scan starts after this, the running ones finish.
        case timeUp
        /// `--errors throw` or `collect`: results that children had finished, discarded with the
        /// group (and the body's array) when it threw.
        case discarded(Int)
        /// `--spacing`: the serial loop sleeps until this time (from the start of the run) before
        /// it starts the next scan.
        case gap(until: Duration)
        /// The serial loop's sleep has ended: at its time, or cut short by a cancel or the end
        /// of `--duration`.
        case gapEnded
        /// `--strategy stream`: the consumer went away (it stopped taking, or its task was
        /// cancelled), so the stream ran its `onTermination`, which cancelled the producer.
        case terminated
        /// `--strategy unstructured`: the loop that started the tasks has returned, leaving this
        /// many running; nothing cancels them, and they run to their ends.
        case orphaned(Int)
        /// `--strategy unstructured --task-bag`: the loop has returned, and its task bag, torn down,
        /// has cancelled the tasks it held, this many of them still running.
        case bagCancelled(Int)
        /// `--catalogue`: how many results the catalogue was handed, and how many it counted.
        case catalogued(CatalogueTally)
        /// `--strategy reduce`: the group's `reduce` has taken every child's outcome, and returned
        /// this fold.
        case folded(GroupFold)
        /// A reading of the scans whose children were executing on a pool thread, and the most
        /// any reading of the run has seen together, which no scan's event tells: the engine takes
        /// one as the run begins to stop and one just before it finishes, so that a record of the
        /// events alone (a lesson's answer) has the figures the summary gives.
        case threads(ThreadReading, mostSeen: Int)
        /// The run is over, for this reason: the last change, after every scan's terminal event.
        case finished(RunEnding)
    }

    public var kind: Kind
    /// When it happened, measured from the start of the run.
    public var time: Duration

    public init(_ kind: Kind, at time: Duration) {
        self.kind = kind
        self.time = time
    }

    /// The name used in the events file.
    public var name: String {
        switch kind {
        case .batch: "batch"
        case .paused: "paused"
        case .resumed: "resumed"
        case .step: "step"
        case .stopping: "stopping"
        case .timeUp: "time_up"
        case .discarded: "discarded"
        case .gap: "gap"
        case .gapEnded: "gap_ended"
        case .terminated: "terminated"
        case .orphaned: "orphaned"
        case .bagCancelled: "bag_cancelled"
        case .catalogued: "catalogue"
        case .folded: "folded"
        case .threads: "threads"
        case .finished: "finished"
        }
    }
}

/// One line of a run's record: a scan's event or a change to the run, in the order they happened.
public enum RunEvent: Equatable, Sendable {
    case scan(ScanEvent)
    case change(RunChange)

    public var time: Duration {
        switch self {
        case .scan(let event): event.time
        case .change(let change): change.time
        }
    }

    /// The scan's event, if this is one.
    public var scanEvent: ScanEvent? {
        if case .scan(let event) = self { return event }
        return nil
    }
}
