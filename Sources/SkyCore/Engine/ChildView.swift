/// What a scan read about the task it runs in, on its first line: the task's name, as `Task.name`
/// gave it, whether the run's task-local label reached it (`RunLabel`), and two priorities: the
/// one the task keeps as its base (`Task.basePriority`) and the one the runtime runs it at
/// (`Task.currentPriority`), which is also the priority the pool is handed its work at; where an
/// await may raise it later (`ScanStrategy.awaitsItsTasks`), the current one is read again at the end. On this runtime a child in a task group keeps the priority it asked for as
/// its base, and runs at its parent's whatever it asked (Tests/SkyCoreTests/RuntimePriorityTests.swift).
///
/// Two bytes, with no reference inside: every scan's report travels through the task group in it.
/// A `String` there would make each move count references, and a larger report is copied through
/// the runtime's generic routine rather than a fixed-size copy (docs/scan-cost.md, the engine
/// row). So the name is kept as which of Sky's names the child read (its scan's own, `scan N`, or the serial
/// loop's), which is all a Sky task is ever called, in two bits; any other name is not carried.
/// The label's reading takes two more (not read, found, not found). Each priority is kept as its
/// raw value in six bits, 0 for none: the runtime's priorities are its QoS classes, from 9
/// (background) to 33 (user-interactive). Raw values, because `TaskPriority`
/// comes from a resilient library: a stored one would give the report and the slot table no fixed
/// layout, and every slot change a runtime call.
public struct ChildView: Equatable, Sendable {
    private enum Name: UInt16 {
        case none
        case ownScan
        case serialLoop
        case other
    }

    /// Whether the scan found the run's task-local label (`RunLabel.current`).
    private enum Label: UInt16 {
        case notRead
        case found
        case missing
    }

    /// `name << 14 | label << 12 | base << 6 | current`.
    private var bits: UInt16 = 0

    /// Nothing read.
    public init() {}

    /// `taskName` is what the child of scan `scan` read as its task's name; `base` and `current`
    /// the priorities it read.
    /// `sawRunLabel` is whether it found the run's label, `nil` if it did not look.
    public init(
        taskName: String? = nil, scan: Int = 0, base: TaskPriority? = nil, current: TaskPriority? = nil, sawRunLabel: Bool? = nil
    ) {
        self.init(
            name: Self.name(taskName, scan: scan), label: Self.label(sawRunLabel), baseRaw: base?.rawValue ?? 0,
            currentRaw: current?.rawValue ?? 0)
    }

    private init(name: Name, label: Label, baseRaw: UInt8, currentRaw: UInt8) {
        bits = name.rawValue << 14 | label.rawValue << 12 | UInt16(min(baseRaw, 63)) << 6 | UInt16(min(currentRaw, 63))
    }

    private static func label(_ saw: Bool?) -> Label {
        saw.map { $0 ? .found : .missing } ?? .notRead
    }

    private static func name(_ taskName: String?, scan: Int) -> Name {
        switch taskName {
        case nil: .none
        case ScanChild.taskName(of: scan): .ownScan
        case ScanChild.serialLoopName: .serialLoop
        default: .other
        }
    }

    /// What the scan `scan` reads about the task it runs in, from inside it: the base priority only
    /// for a scan with a task of its own (`ownTask`: another task's base is not the scan's), and the
    /// name and the run's label only in a run whose tasks are named (`named`), someone watching it.
    /// Synchronous, so that the resilient `TaskPriority` values stay out of the child's async frame,
    /// where each would cost a task allocation.
    static func read(scan: Int, ownTask: Bool, named: Bool) -> ChildView {
        ChildView(
            name: named ? name(Task.name, scan: scan) : .none, label: named ? label(RunLabel.current != nil) : .notRead,
            baseRaw: ownTask ? Task.basePriority?.rawValue ?? 0 : 0, currentRaw: Task.currentPriority.rawValue)
    }

    /// The name the child of scan `scan` read: `scan N` for a child task; `serial loop` in a serial
    /// run, whose scans run inline in the loop's own task; `nil` if the child never read it (nobody
    /// records events, or the child's report was lost, as in a group that threw) or read a name
    /// Sky does not give.
    public func taskName(scan: Int) -> String? {
        switch Name(rawValue: bits >> 14) ?? .other {
        case .ownScan: ScanChild.taskName(of: scan)
        case .serialLoop: ScanChild.serialLoopName
        case .none, .other: nil
        }
    }

    /// The base priority of the scan's own task (`Task.basePriority`); `nil` for a scan that has
    /// no task of its own (a serial run's, which runs inline in the loop's task) or whose reading
    /// is unknown.
    public var base: TaskPriority? { baseRaw == 0 ? nil : TaskPriority(rawValue: baseRaw) }

    /// The priority the scan ran at (`Task.currentPriority`); `nil` if unknown.
    public var current: TaskPriority? { currentRaw == 0 ? nil : TaskPriority(rawValue: currentRaw) }

    /// Whether the scan found the run's task-local label (`RunLabel.current`) in the task it ran
    /// in, inherited from the strategy's loop; `nil` if it did not look (nobody watched the run).
    public var sawRunLabel: Bool? {
        switch Label(rawValue: (bits >> 12) & 3) ?? .notRead {
        case .found: true
        case .missing: false
        case .notRead: nil
        }
    }

    /// The priorities' raw values, 0 for none: cheap to compare, where `TaskPriority`'s own
    /// comparisons are calls into its library.
    var baseRaw: UInt8 { UInt8(truncatingIfNeeded: bits >> 6) & 63 }
    var currentRaw: UInt8 { UInt8(truncatingIfNeeded: bits) & 63 }

    /// This view, with the priority the scan runs at now (`Task.currentPriority`) where that is
    /// higher than the one it read on its first line: an escalation that came after it (`ScanStrategy.awaitsItsTasks`).
    /// Synchronous, as `read` is.
    func rereadingCurrent() -> ChildView {
        let now = UInt16(min(Task.currentPriority.rawValue, 63))
        guard now > UInt16(currentRaw) else { return self }
        var view = self
        view.bits = bits & ~63 | now
        return view
    }

    /// Both priorities and the label's reading as one number, for the ledger's one atomic word.
    var packedPriorities: UInt16 { bits & 0x3FFF }

    /// A view with only the priorities and the label's reading, from `packedPriorities`.
    init(packedPriorities packed: UInt16) {
        bits = packed & 0x3FFF
    }
}
