import Synchronization

/// One scan, handed to a strategy by `Scans.next()`: its number and priority, and `run()`, which
/// sweeps its sector and books its end. It already holds a slot of the window.
public final class Scan: Sendable {
    /// Which scan of the run this is, from 0.
    public let number: Int
    /// The priority to run it at, as `addTask(priority:)` and `Task(priority:)` take it.
    public var priority: TaskPriority { scanPriority.taskPriority }
    /// The name to give its task, `scan N`, where the run is watched (`addTask(name:)`); `nil`
    /// otherwise, since a name costs each task an allocation.
    public var name: String? { scans.child.isNamed ? ScanChild.taskName(of: number) : nil }

    /// The slot of the window it holds, from 0, until it ends.
    public let slot: Int

    let scanPriority: ScanPriority
    let scans: Scans
    private let state = Atomic<UInt8>(State.handedOut)

    private enum State {
        static let handedOut: UInt8 = 0
        static let running: UInt8 = 1
    }

    init(number: Int, priority: ScanPriority, slot: Int, scans: Scans) {
        self.number = number
        scanPriority = priority
        self.slot = slot
        self.scans = scans
    }

    /// Sweeps the scan's sector, books its end in the run book, and returns its outcome: a result,
    /// or why there is none. A failure is a `Result`, never thrown, so one scan never ends the
    /// run; a strategy may leave it unread, since the book has it. `@concurrent`: the sweep never
    /// runs on an actor that awaits it.
    @concurrent @discardableResult
    public func run() async -> ScanOutcome {
        guard state.compareExchange(expected: State.handedOut, desired: State.running, ordering: .relaxed).exchanged else {
            scans.breakRule("scan \(number) was run twice: a strategy runs each scan it takes once")
            return .failure(.cancelled)
        }
        let child = scans.child
        let report = if let quick = child.runWithoutSuspending(scan: number, in: slot) { quick } else { await child.run(scan: number, in: slot) }
        if let catalogue = scans.child.catalogue, case .success(let result) = report.outcome { await catalogue.add(result) }
        scans.settle(report)
        return report.outcome
    }

    /// Runs the scan as `run()` does; with `--errors throw` or `collect`, a failure is thrown
    /// instead of returned, as the child of a throwing group throws it, and `next()` on the group
    /// rethrows it. A cancelled scan or a wrong result is returned: neither is a fault of the scan.
    @concurrent @discardableResult
    public func runThrowing() async throws(ScanError) -> ScanOutcome {
        let outcome = await run()
        if scans.child.configuration.errors.throwsFailures, case .failure(.failed(let failure)) = outcome { throw .failed(failure) }
        return outcome
    }

    deinit {
        // Taken from `next()` and never run: cancelled if the run is stopping, a broken rule if not.
        if state.load(ordering: .relaxed) == State.handedOut { scans.drop(self) }
    }
}
