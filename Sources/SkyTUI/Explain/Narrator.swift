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

    /// The sentence for `event`, with `batch` the batch in force and `configuration` the run's
    /// strategy and what a failure does.
    public mutating func narrate(_ event: ScanEvent, batch: Int, configuration: RunConfiguration) -> String {
        let scan = "scan \(event.scan) (\(event.priority))"
        let strategy = configuration.strategy
        switch event.kind {
        case .scheduled:
            return running >= batch && strategy != .unbounded
                ? "\(scan) waits: \(running) of \(batch) slots busy"
                : "\(scan) is scheduled"
        case .started:
            running += 1
            let slot = event.slot ?? 0
            if strategy == .unbounded {
                return "\(scan) is added to the group: \(running) children, the pool runs what it can"
            }
            if strategy == .serial {
                return "\(scan) starts: the loop awaits it before the next one"
            }
            if let previous = freedBy.removeValue(forKey: slot) {
                return "slot \(slot) freed by scan \(previous), so \(scan) starts"
            }
            return "\(scan) starts in slot \(slot): \(running) of \(batch) slots busy"
        case .completed(let result):
            vacate(event)
            let via = strategy == .stream ? ", taken from the stream" : ""
            return "\(scan) completed: \(result.signals) signals found\(via)"
        case .failed(let failure):
            let consequence =
                if configuration.errors == .throw {
                    strategy == .serial
                        ? "thrown out of the loop: nothing after it starts"
                        : "thrown out of the group, which cancels every other scan"
                } else if configuration.failFast {
                    "--fail-fast cancels the rest"
                } else {
                    "wrapped in Result, the group goes on"
                }
            vacate(event)
            return "scan \(event.scan) failed: \(failure), \(consequence)"
        case .verificationFailed(let failure):
            vacate(event)
            return "scan \(event.scan) finished with a wrong result on core \(failure.core): possible hardware fault"
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
