public import SkyCore

/// Turns the engine's events into plain sentences about each scheduling decision, for the explain
/// panel: why a scan waits, which freed slot a scan takes, what a failure does to the group.
///
/// It follows the run from the events alone (running scans, which scan freed which slot), so the
/// same events always give the same story. What it keeps is bounded by the number of slots.
public struct Narrator: Sendable {
    private var running = 0
    /// The scan that last freed each slot, until the next scan takes it.
    private var freedBy: [Int: Int] = [:]

    public init() {}

    /// The sentence for `event`, with `batch` the batch in force and `failFast` whether a failure
    /// ends the run.
    public mutating func narrate(_ event: ScanEvent, batch: Int, failFast: Bool) -> String {
        let scan = "scan \(event.scan) (\(event.priority))"
        switch event.kind {
        case .scheduled:
            return running >= batch
                ? "\(scan) waits: \(running) of \(batch) slots busy"
                : "\(scan) is scheduled"
        case .started:
            running += 1
            let slot = event.slot ?? 0
            if let previous = freedBy.removeValue(forKey: slot) {
                return "slot \(slot) freed by scan \(previous), so \(scan) starts"
            }
            return "\(scan) starts in slot \(slot): \(running) of \(batch) slots busy"
        case .completed(let result):
            vacate(event)
            return "\(scan) completed: \(result.signals) signals found"
        case .failed(let failure):
            let consequence = failFast ? "--fail-fast cancels the rest" : "wrapped in Result, the group goes on"
            vacate(event)
            return "scan \(event.scan) failed: \(failure), \(consequence)"
        case .cancelled:
            guard event.slot != nil else { return "\(scan) cancelled before it started" }
            vacate(event)
            return "\(scan) cancelled: it stopped at its next cancellation check"
        }
    }

    /// Books a scan leaving its slot, so the next start there can say whose slot it took.
    private mutating func vacate(_ event: ScanEvent) {
        guard let slot = event.slot else { return }
        running -= 1
        freedBy[slot] = event.scan
    }
}
