/// What every scan's child task is handed: how to derive its scan, and where to report on itself.
///
/// A child derives its own plan (admission derives only the priority, to queue the scan), so the
/// actor's scheduling step, the one serial part of a run, neither computes nor copies one. It
/// holds no reference: the gauge and the ledger are reached through their addresses, so no child
/// touches a reference count that every other child, on every core, touches too.
///
/// The briefing itself is one address, of contents written once before the run: a child's closure
/// captures eight bytes, where a copy of the run's configuration was some 170 bytes to allocate and
/// copy into every child's context on the scheduling step.
struct ScanBriefing: @unchecked Sendable {  // @unchecked: the contents are immutable, and freed only after the run's children have ended
    private struct Contents {
        let configuration: RunConfiguration
        let gauge: ThreadGauge.Handle
        let ledger: SlotLedger.Cells
    }

    private let contents: UnsafeMutablePointer<Contents>

    /// Valid until `release()`, which its owner calls once no child can run any more.
    init(configuration: RunConfiguration, gauge: ThreadGauge, ledger: SlotLedger) {
        contents = .allocate(capacity: 1)
        contents.initialize(to: Contents(configuration: configuration, gauge: gauge.handle, ledger: ledger.cells))
    }

    func release() {
        contents.deinitialize(count: 1)
        contents.deallocate()
    }

    var ledger: SlotLedger.Cells { contents.pointee.ledger }

    /// Scan `scan`, ready to run.
    func task(for scan: Int) -> ScanTask {
        ScanTask(
            plan: contents.pointee.configuration.plan(scan), speed: contents.pointee.configuration.speed,
            gauge: contents.pointee.gauge, yields: contents.pointee.configuration.yields,
            verify: contents.pointee.configuration.verify)
    }
}
