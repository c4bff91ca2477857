/// Runs one planned scan: sweeps its sector in chunks, checking for cancellation between chunks
/// (unless its plan says it never does) and yielding about once a millisecond. How it checks is
/// `cancelCheck`: reading `Task.isCancelled` lets the sweep hand back what it swept, where
/// `try Task.checkCancellation()` throws it away with the frame that held it.
///
/// The yields matter on a saturated machine: without them the jobs that record results and update
/// counters queue behind CPU-bound scans on the cooperative pool, and the dashboard lags the run by
/// a good part of a second; a yield a millisecond keeps the lag to milliseconds (docs/design.md).
public struct ScanTask: Sendable {
    /// Lines swept between cancellation checks (about 0.25 ms of work).
    public static let linesPerCheck = 256
    /// Lines swept between yields to the cooperative pool (about 1 ms of work).
    public static let linesPerYield = 1024

    public let plan: ScanPlan
    /// 1 runs at full speed; below 1 the scan does `1 / speed` times the work on its thread
    /// (`SlowMotion`), so it takes that much longer, stays CPU-bound, and computes exactly the same
    /// result (`--speed`).
    public let speed: Double
    /// The slot's ledger cell, told when the sweep gets a thread and when it leaves it; `nil` when
    /// nobody is counting.
    let slot: SlotLedger.Cell?
    /// Told, with verification, on which core each result was checked; `nil` when nobody counts.
    let cores: CoreLedger?
    /// `false` (`--no-yield`): the sweep never yields its thread, only checks for cancellation,
    /// so CPU-bound scans can fill the pool and starve the jobs queued behind them.
    public let yields: Bool
    /// Recompute the result by an independent route (`ReferenceSweep`), chunk by chunk beside the
    /// sweep, and turn a difference into `.mismatch`.
    public let verify: Bool
    /// How the sweep looks for cancellation, and what it keeps when it finds it (`--cancel-check`).
    public let cancelCheck: CancelCheck
    /// With `.handler`: the flag the cancellation handler raises and the sweep reads.
    let stopFlag: StopFlag?

    public init(
        plan: ScanPlan, speed: Double = RunConfiguration.defaultSpeed, yields: Bool = RunConfiguration.defaultYields,
        verify: Bool = RunConfiguration.defaultVerify, cancelCheck: CancelCheck = RunConfiguration.defaultCancelCheck
    ) {
        self.init(
            plan: plan, speed: speed, slot: nil, cores: nil, yields: yields, verify: verify, cancelCheck: cancelCheck,
            stopFlag: cancelCheck == .handler ? StopFlag() : nil)
    }

    /// A task that tells its `slot` when it is on a thread, and `cores` where it checked its result.
    init(
        plan: ScanPlan, speed: Double, slot: SlotLedger.Cell?, cores: CoreLedger?, yields: Bool, verify: Bool,
        cancelCheck: CancelCheck = .flag, stopFlag: StopFlag? = nil
    ) {
        self.stopFlag = stopFlag
        self.plan = plan
        self.speed = speed
        self.slot = slot
        self.cores = cores
        self.yields = yields
        self.verify = verify
        self.cancelCheck = cancelCheck
    }

    /// Sweeps the sector; `@concurrent` so it never runs on the caller's actor. A
    /// `CancellationError` thrown out of the sweep (`--cancel-check throw`) ends it as cancelled:
    /// the sweep's lines went with its frame, so there is nothing else to hand back. With
    /// `--cancel-check handler` the sweep runs inside `withTaskCancellationHandler`, whose handler
    /// raises the stop flag the sweep reads: it runs at once, even for a sweep that never reads it.
    @concurrent
    public func run() async -> ScanOutcome {
        if let outcome = runWithoutSuspending() { return outcome }
        slot?.noteOnThread()
        defer { slot?.noteOffThread() }
        do {
            guard let stopFlag else { return try await sweep() }
            return try await withTaskCancellationHandler {
                try await sweep()
            } onCancel: {
                stopFlag.raise()
            }
        } catch {
            return .failure(.cancelled)
        }
    }

    /// The sweep of `run()`, chunk by chunk, which a cancel ends at the next check.
    private func sweep() async throws -> ScanOutcome {
        if let ending = try stopsHere(swept: PartialSweep(lines: 0, signals: 0)) { return ending }
        let stop = plan.failure?.atLine ?? plan.lines
        var sweep = SectorSweep(seed: plan.sectorSeed, lines: plan.lines)
        var reference = referenceSweep()
        var slowMotion = SlowMotion(speed: speed, seed: plan.sectorSeed)
        var sinceYield = 0
        while sweep.line < stop || slowMotion.owes {
            let swept: Int
            if slowMotion.owes {
                // Slow motion: the ballast the last chunk owes, a chunk at a time, like the sweep.
                swept = slowMotion.sweep(atMost: Self.linesPerCheck)
            } else {
                swept = sweep.advance(by: min(Self.linesPerCheck, stop &- sweep.line))
                if verify {
                    // In step with the sweep, so the yields and cancellation checks cover both.
                    reference?.advance(by: swept)
                    sinceYield &+= swept
                }
                slowMotion.owe(for: verify ? 2 &* swept : swept)
            }
            sinceYield &+= swept
            if let ending = try stopsHere(swept: PartialSweep(lines: sweep.line, signals: sweep.signals)) { return ending }
            if yields && sinceYield >= Self.linesPerYield {
                sinceYield = 0
                slot?.noteOffThread()
                await Task.yield()
                slot?.noteOnThread()
            }
        }
        if let failure = plan.failure { return .failure(.failed(failure.failure)) }
        return checked(sweep.result, against: reference?.result)
    }

    /// Whether the sweep stops here, the check between two chunks: the outcome to end with if its
    /// task is cancelled, `nil` to sweep on; with `.throw`, `CancellationError` instead. `swept` is
    /// the sweep so far. Cancellation in Swift is cooperative, so a scan that never looks
    /// (`--ignore-cancellation`) sweeps to its end whatever happens to its task; only its sleeps in
    /// slow motion are cut short.
    private func stopsHere(swept: PartialSweep) throws -> ScanOutcome? {
        guard plan.checksCancellation else { return nil }
        switch cancelCheck {
        case .flag:
            return Task.isCancelled ? .failure(.cancelled) : nil
        case .throw:
            try Task.checkCancellation()
            return nil
        case .partial:
            guard Task.isCancelled else { return nil }
            return .failure(.partial(swept))
        case .handler:
            return stopFlag?.isRaised == true ? .failure(.cancelled) : nil
        }
    }

    /// Whether the scan ends before its first yield, so `runWithoutSuspending()` runs all of it.
    /// `run()` yields once `linesPerYield` lines are swept, even on its last chunk; verification
    /// counts its lines too. A sweep that never yields never suspends either. Slow motion's ballast
    /// and a sweep with a cancellation handler are left to `run()`.
    public var runsWithoutSuspending: Bool {
        // A cancellation handler is installed around an async sweep only.
        guard stopFlag == nil else { return false }
        let stop = plan.failure?.atLine ?? plan.lines
        return ((verify ? 2 * stop : stop) < Self.linesPerYield || !yields) && (speed >= 1 || stop == 0)
    }

    /// The whole of `run()` for a scan that ends before its first yield, without suspending;
    /// `nil` for a longer scan. The engine's child calls it first: for the tiny scans of
    /// `--work 0` an async call (a frame and an executor check) is a visible share of a scan.
    /// Public so that `sky bench`'s bare window can take the same path as the engine.
    public func runWithoutSuspending() -> ScanOutcome? {
        runsWithoutSuspending ? sweepWithoutSuspending() : nil
    }

    /// `runWithoutSuspending()` for a scan known to run without suspending.
    func sweepWithoutSuspending() -> ScanOutcome {
        do {
            return try sweepInOneGo()
        } catch {
            return .failure(.cancelled)
        }
    }

    /// The sweep of `sweepWithoutSuspending()`, checking as `run()` does.
    private func sweepInOneGo() throws -> ScanOutcome {
        let stop = plan.failure?.atLine ?? plan.lines
        if let ending = try stopsHere(swept: PartialSweep(lines: 0, signals: 0)) { return ending }
        slot?.noteOnThread()
        defer { slot?.noteOffThread() }
        var sweep = SectorSweep(seed: plan.sectorSeed, lines: plan.lines)
        var reference = referenceSweep()
        while sweep.line < stop {
            let swept = sweep.advance(by: min(Self.linesPerCheck, stop &- sweep.line))
            reference?.advance(by: swept)
            if let ending = try stopsHere(swept: PartialSweep(lines: sweep.line, signals: sweep.signals)) { return ending }
        }
        if let failure = plan.failure { return .failure(.failed(failure.failure)) }
        return checked(sweep.result, against: reference?.result)
    }

    /// The recomputation, or `nil` when not verifying: nothing is built for it then, which
    /// matters to the cheapest scans.
    private func referenceSweep() -> ReferenceSweep? {
        verify ? ReferenceSweep(seed: plan.sectorSeed, lines: plan.lines) : nil
    }

    /// Applies any planned corruption to the computed result, then compares it with the
    /// recomputation's (`nil` when not verifying). Runs in the scan's child task, on the thread
    /// that computed both, and counts the check on the core it runs on now (`sched_getcpu`, a
    /// vDSO call of a few nanoseconds), for every verified scan, whatever the comparison says.
    private func checked(_ computed: ScanResult, against expected: ScanResult?) -> ScanOutcome {
        var result = computed
        if let corruption = plan.corruption { result.checksum ^= corruption }
        guard let expected else { return .success(result) }
        let core = VerificationFailure.currentCore
        let matches = result == expected
        cores?.noteVerified(on: core, mismatch: !matches)
        if matches { return .success(result) }
        return .failure(.mismatch(.here(found: result, expected: expected, core: core)))
    }
}
