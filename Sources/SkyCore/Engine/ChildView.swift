/// What a scan's child saw of itself as it started: the name of the task it runs in, as
/// `Task.name` gave it, and the priority the runtime ran it at, which need not be the one it asked
/// for.
///
/// Two bytes, with no reference inside: every scan's report travels through the task group in it.
/// A `String` there would make each move count references, and even sixteen bytes of name made
/// every report larger, which cost the engine about a fifth of its speed at `--work 0`. So the name is
/// kept as which of Sky's names the child read (its scan's own, `scan N`, or the serial loop's),
/// which is all a Sky task is ever called; any other name is not carried.
public struct ChildView: Equatable, Sendable {
    private enum Name: UInt8 {
        case none
        case ownScan
        case serialLoop
        case other
    }

    private var name = Name.none
    /// The observed priority's raw value, 0 for none: `TaskPriority` comes from a resilient
    /// library, so a stored one would give the report no fixed layout (see `SlotOccupancy`).
    private var observedRaw: UInt8 = 0

    /// `taskName` is what the child of scan `scan` read as its task's name.
    public init(taskName: String? = nil, scan: Int = 0, observed: TaskPriority? = nil) {
        name = switch taskName {
        case nil: .none
        case ScanChild.taskName(of: scan): .ownScan
        case ScanChild.serialLoopName: .serialLoop
        default: .other
        }
        observedRaw = observed?.rawValue ?? 0
    }

    /// The name the child of scan `scan` read: `scan N` for a child task; `serial loop` in a serial
    /// run, whose scans run inline in the loop's own task; `nil` if the child never read it (nobody
    /// records events, or the child's report was lost, as in a group that threw) or read a name
    /// Sky does not give.
    public func taskName(scan: Int) -> String? {
        switch name {
        case .ownScan: ScanChild.taskName(of: scan)
        case .serialLoop: ScanChild.serialLoopName
        case .none, .other: nil
        }
    }

    /// The priority the child ran at; `nil` if unknown.
    public var observed: TaskPriority? { observedRaw == 0 ? nil : TaskPriority(rawValue: observedRaw) }
}
