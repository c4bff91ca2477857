/// What the runtime made of the scans' priorities, counted from what each scan read about its task
/// as it started (`ChildView`): whether its own task kept the priority it asked for as its base
/// (`Task.basePriority`), and the priority it ran at (`Task.currentPriority`).
///
/// On this runtime every child of a task group runs at its parent's priority, whatever it asked,
/// and keeps what it asked only as its base; a serial run's scans have no task of their own, so
/// their priorities never reach the runtime (Tests/SkyCoreTests/RuntimePriorityTests.swift). These
/// counts say which happened in the run, so the summary tells it rather than assumes it.
public struct PriorityReadings: Equatable, Sendable {
    /// Started scans whose reading is known.
    public var scans = 0
    /// Of those, scans that ran in a task of their own, whose base priority they read.
    public var ownTasks = 0
    /// Of those, tasks that kept the priority their scan asked for as their base.
    public var baseAsAsked = 0
    /// Scans by the priority they ran at; `otherRanAt` counts any priority but these three.
    public var ranAt = PerPriority(repeating: 0)
    public var otherRanAt = 0

    public init() {}

    /// Counts one started scan's reading, if it has one.
    public mutating func note(asked: ScanPriority, _ child: ChildView) {
        // Raw values: the book counts every scan's reading, and comparing `TaskPriority`s is a call
        // into its library each time.
        let current = child.currentRaw
        guard current != 0 else { return }
        scans += 1
        let base = child.baseRaw
        if base != 0 {
            ownTasks += 1
            if base == asked.taskPriorityRaw { baseAsAsked += 1 }
        }
        if let priority = ScanPriority(taskPriorityRaw: current) { ranAt[priority] += 1 } else { otherRanAt += 1 }
    }
}
