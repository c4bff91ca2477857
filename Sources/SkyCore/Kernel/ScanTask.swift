/// Runs one planned scan: sweeps its sector in chunks, checking for cancellation between chunks
/// and yielding about once a millisecond.
///
/// The yields matter on a saturated machine: without them the jobs that record results and update
/// counters queue behind CPU-bound scans on the cooperative pool (DESIGN.md, "Counter lag").
public struct ScanTask: Sendable {
    /// Lines swept between cancellation checks (about 0.25 ms of work).
    public static let linesPerCheck = 256
    /// Lines swept between yields to the cooperative pool (about 1 ms of work).
    public static let linesPerYield = 1024

    public let plan: ScanPlan

    public init(plan: ScanPlan) {
        self.plan = plan
    }

    /// Sweeps the sector; `@concurrent` so it never runs on the caller's actor.
    @concurrent
    public func run() async -> ScanOutcome {
        if let outcome = runWithoutSuspending() { return outcome }
        if Task.isCancelled { return .failure(.cancelled) }
        let stop = plan.failure?.atLine ?? plan.lines
        var sweep = SectorSweep(seed: plan.sectorSeed, lines: plan.lines)
        var sinceYield = 0
        while sweep.line < stop {
            sinceYield &+= sweep.advance(by: min(Self.linesPerCheck, stop &- sweep.line))
            if Task.isCancelled { return .failure(.cancelled) }
            if sinceYield >= Self.linesPerYield {
                sinceYield = 0
                await Task.yield()
            }
        }
        if let failure = plan.failure { return .failure(.failed(failure.failure)) }
        return .success(sweep.result)
    }

    /// The whole of `run()` for a scan that ends before its first yield, without suspending;
    /// `nil` for a longer scan. The engine's child calls it first: for the tiny scans of
    /// `--work 0` an async call (a frame and an executor check) was a visible share of a scan.
    func runWithoutSuspending() -> ScanOutcome? {
        let stop = plan.failure?.atLine ?? plan.lines
        // `run()` yields once `linesPerYield` lines are swept, even on its last chunk.
        guard stop < Self.linesPerYield else { return nil }
        if Task.isCancelled { return .failure(.cancelled) }
        var sweep = SectorSweep(seed: plan.sectorSeed, lines: plan.lines)
        while sweep.line < stop {
            _ = sweep.advance(by: min(Self.linesPerCheck, stop &- sweep.line))
            if Task.isCancelled { return .failure(.cancelled) }
        }
        if let failure = plan.failure { return .failure(.failed(failure.failure)) }
        return .success(sweep.result)
    }
}
