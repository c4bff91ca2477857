/// What a scan's child task hands back: which scan, in which slot, how it ended, and what the
/// child saw of itself while it ran.
///
/// Both times are kept in whole microseconds, 64 bits each, so that the two fit where one
/// `Duration` would, and the report keeps its size (ChildView's comment says why it matters).
public struct ScanReport: Sendable {
    public var scan: Int
    public var slot: Int
    public var outcome: ScanOutcome
    private var ranMicroseconds: Int64
    /// -1 for none.
    private var handlerMicroseconds: Int64
    /// What the child saw of itself as it started.
    public var child: ChildView

    public init(scan: Int, slot: Int, outcome: ScanOutcome, ran: Duration, child: ChildView = ChildView(), handlerRan: Duration? = nil) {
        self.scan = scan
        self.slot = slot
        self.outcome = outcome
        ranMicroseconds = ran.wholeMicroseconds
        handlerMicroseconds = handlerRan.map { max(0, $0.wholeMicroseconds) } ?? -1
        self.child = child
    }

    /// The sweep's own time, measured inside the child from its first line to its last: the run
    /// time of the scan, with no wait for the actor in it.
    public var ran: Duration {
        get { .microseconds(ranMicroseconds) }
        set { ranMicroseconds = newValue.wholeMicroseconds }
    }

    /// `--cancel-check handler`: when the cancellation handler ran, from the sweep's first line on
    /// the same clock as `ran`; `nil` if the scan was not cancelled while it ran.
    public var handlerRan: Duration? {
        get { handlerMicroseconds < 0 ? nil : .microseconds(handlerMicroseconds) }
        set { handlerMicroseconds = newValue.map { max(0, $0.wholeMicroseconds) } ?? -1 }
    }
}

/// The one body every strategy runs for a scan, as a child task or, in the serial loop, inline.
///
/// It derives the scan from the seed, notes in its slot's ledger cell the priorities of the task it
/// runs in, sweeps the sector, counts its own finish, and reports. Nothing in it touches the
/// run book: the child runs on any pool thread, and only the actor writes the book. A class, so a
/// child captures one reference rather than a copy of the run's configuration.
final class ScanChild: Sendable {
    let configuration: RunConfiguration
    let ledger: SlotLedger
    /// With `--verify`: where each child counts the core it checked its result on; `nil` otherwise.
    let cores: CoreLedger?
    /// Whether children are named `scan N` and read their name for their report: in a run that
    /// someone watches through its events: a name costs the runtime an allocation per child
    /// (docs/scan-cost.md).
    let isNamed: Bool
    /// Whether each scan runs in a task of its own, created at its priority: in every strategy but
    /// the serial loop, which runs its scans inline in its own task, so no scan's priority reaches
    /// the runtime.
    let hasOwnTask: Bool
    /// Whether the scan's task may be escalated after its first line, so that it reads its
    /// priority again at its end (`ScanStrategy.awaitsItsTasks`).
    let rereadsPriority: Bool
    /// `--catalogue`: where each child hands the result it completed; `nil` otherwise.
    let catalogue: SignalCatalogue?

    init(
        configuration: RunConfiguration, ledger: SlotLedger, cores: CoreLedger? = nil, isNamed: Bool,
        catalogue: SignalCatalogue? = nil
    ) {
        self.configuration = configuration
        self.ledger = ledger
        self.cores = cores
        self.isNamed = isNamed
        hasOwnTask = configuration.strategy != .serial
        rereadsPriority = configuration.strategy.awaitsItsTasks
        self.catalogue = catalogue
    }

    /// The name of the child task that runs `scan`, as debuggers and `Task.name` show it.
    static func taskName(of scan: Int) -> String { "scan \(scan)" }

    /// The name of the serial loop's task, in which a serial run's scans run one after another.
    static let serialLoopName = "serial loop"

    /// The name of the `async let` strategy's loop task, whose pairs of scans run as its children.
    static let pairLoopName = "pair loop"

    /// Runs the scan in `slot`, in the task that calls it, and reports: the sweep's own time in
    /// `ran`, measured from its first line to its last.
    nonisolated(nonsending)
    func run(scan: Int, in slot: Int) async -> ScanReport {
        let (task, view) = begin(scan: scan, in: slot)
        let clock = ContinuousClock()
        let began = clock.now
        let outcome = await task.run()
        var report = end(scan: scan, in: slot, outcome, view: view, ranFor: clock.now - began)
        if let handled = task.stopFlag?.when { report.handlerRan = handled - began }
        return report
    }

    /// `run(scan:in:)` for a scan short enough never to suspend; `nil` for a longer one, before it
    /// starts. Synchronous: for the tiny scans of `--work 0`, an async call of its own (a frame
    /// and an executor check) was a visible share of a scan.
    func runWithoutSuspending(scan: Int, in slot: Int) -> ScanReport? {
        let (task, view) = begin(scan: scan, in: slot)
        guard task.runsWithoutSuspending else { return nil }
        let clock = ContinuousClock()
        let began = clock.now
        let outcome = task.sweepWithoutSuspending()
        return end(scan: scan, in: slot, outcome, view: view, ranFor: clock.now - began)
    }

    /// What the child reads of its task, noted in its slot's cell, and the sweep it will run.
    private func begin(scan: Int, in slot: Int) -> (ScanTask, ChildView) {
        let cell = ledger[slot]
        let view = ChildView.read(scan: scan, ownTask: hasOwnTask, named: isNamed)
        cell.noteStart(of: scan, view)
        let task = ScanTask(
            plan: configuration.plan(scan), speed: configuration.speed, slot: cell, cores: cores,
            yields: configuration.yields, verify: configuration.verify, cancelCheck: configuration.cancelCheck,
            stopFlag: configuration.cancelCheck == .handler ? StopFlag() : nil)
        return (task, view)
    }

    private func end(scan: Int, in slot: Int, _ outcome: ScanOutcome, view: ChildView, ranFor ran: Duration) -> ScanReport {
        ledger[slot].noteFinish(of: scan, outcome)
        // Whole microseconds, as the run's clock (`ScanModel.now`) and the events file keep time.
        return ScanReport(scan: scan, slot: slot, outcome: outcome, ran: ran, child: rereadsPriority ? view.rereadingCurrent() : view)
    }
}
