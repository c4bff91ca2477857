/// What every scan's child task is handed, by value: how to derive its scan, and where to report
/// on itself.
///
/// A child derives its own plan (admission derives only the priority, to queue the scan), so the
/// actor's scheduling step, the one serial part of a run, neither computes nor copies one. It
/// holds no reference: the gauge and the ledger are reached through their addresses, so no child
/// touches a reference count that every other child, on every core, touches too.
struct ScanBriefing: Sendable {
    let configuration: RunConfiguration
    let gauge: ThreadGauge.Handle
    let ledger: SlotLedger.Cells

    init(configuration: RunConfiguration, gauge: ThreadGauge, ledger: SlotLedger) {
        self.configuration = configuration
        self.gauge = gauge.handle
        self.ledger = ledger.cells
    }

    /// Scan `scan`, ready to run.
    func task(for scan: Int) -> ScanTask {
        ScanTask(
            plan: configuration.plan(scan), speed: configuration.speed, gauge: gauge, yields: configuration.yields,
            verify: configuration.verify)
    }
}
