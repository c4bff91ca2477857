/// What every scan's child task is handed, by value: how to derive its scan, and where to report
/// on itself.
///
/// A child derives its own plan (admission derives only the priority, to queue the scan), so the
/// actor's scheduling step, the one serial part of a run, neither computes nor copies one. It
/// holds no reference: the gauge and the ledger are reached through their addresses, so no child
/// touches a reference count that every other child, on every core, touches too.
struct ScanBriefing: Sendable {
    let seed: UInt64
    let work: Int
    let failureRate: Double
    let priorityMix: PriorityMix
    let corruptionRate: Double
    let speed: Double
    let yields: Bool
    let verify: Bool
    let gauge: ThreadGauge.Handle
    let ledger: SlotLedger.Cells

    init(configuration: RunConfiguration, gauge: ThreadGauge, ledger: SlotLedger) {
        seed = configuration.seed
        work = configuration.work
        failureRate = configuration.failureRate
        priorityMix = configuration.priorityMix
        corruptionRate = configuration.corruptionRate
        speed = configuration.speed
        yields = configuration.yields
        verify = configuration.verify
        self.gauge = gauge.handle
        self.ledger = ledger.cells
    }

    /// Scan `scan`, ready to run: the same plan as `RunConfiguration.plan(_:)`.
    func task(for scan: Int) -> ScanTask {
        let plan = ScanPlan(
            seed: seed, index: scan, lines: work, failureRate: failureRate, mix: priorityMix,
            corruptionRate: corruptionRate)
        return ScanTask(plan: plan, speed: speed, gauge: gauge, yields: yields, verify: verify)
    }
}
