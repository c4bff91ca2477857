import Dispatch
import SkyCore

/// The machine's own ceiling for scaling: the kernel on `cores` plain threads at once, with no
/// engine, task group or yields, against the same sweep on one thread. When the engine's scaling
/// falls short of linear, this says how much of the shortfall is the machine's (shared caches,
/// memory bandwidth, a virtual machine's cores sharing a physical one) rather than Sky's.
enum MachineScaling {
    static let clock = ContinuousClock()

    /// The efficiency (speed-up over the core count) per round, alternating which run goes first.
    static func measure(plan: BenchPlan, lines: Int, step: (String) throws -> Void) throws -> Spread {
        var efficiencies: [Double] = []
        for round in 0..<plan.rounds {
            try step("the kernel on \(plan.cores) plain threads, round \(round + 1) of \(plan.rounds)")
            let (one, all) = round % 2 == 0
                ? (sweeps(1, lines: lines), sweeps(plan.cores, lines: lines))
                : { let all = sweeps(plan.cores, lines: lines); return (sweeps(1, lines: lines), all) }()
            // `cores` sweeps in `all` against one sweep in `one`.
            efficiencies.append(one / all)
        }
        return Spread(efficiencies)
    }

    /// Seconds for `threads` sweeps of `lines` lines, one per thread, all at once.
    private static func sweeps(_ threads: Int, lines: Int) -> Double {
        let start = clock.now
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            Sink.keep(SectorSweep.sweep(seed: UInt64(thread + 1), lines: lines).checksum)
        }
        return (clock.now - start).seconds
    }
}
