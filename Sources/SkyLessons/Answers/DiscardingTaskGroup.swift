import SkyCore
/// The discarding group's lesson: a group whose body takes no result keeps its window by waiting
/// for a free slot, and loses no outcome, since each scan books its own; the sliding window's body
/// takes every result, and each one it takes frees the slot.
enum DiscardingTaskGroup {
    static func answer(_ records: [PartRecord]) -> [String] {
        var paragraphs = records.map(part)
        if let same = sameOutcomes(records) { paragraphs.append(same) }
        return paragraphs
    }

    private static func part(_ record: PartRecord) -> String {
        let facts = record.facts
        var text = Story.overview(record)
        let strategy = record.configuration.strategy
        if strategy.usesBatch {
            let batch = record.configuration.batch
            text += facts.maxRunning <= batch ? " The batch was \(batch), and the window kept to it." : " That is more than the batch of \(batch)."
        }
        let taken = facts.ends.filter { $0.slot != nil }.count
        switch strategy {
        case .discarding:
            text += " Its body took no result: a discarding group hands none back, and the run book has each scan's outcome, booked by the scan as it ended."
        case .batched, .unbounded:
            text += " Its body took every child's result with `for await`, \(taken) of them."
        default:
            break
        }
        let handovers = facts.handovers
        guard let median = RunFacts.median(handovers.map { $0.started.time - $0.freed.time }) else { return text }
        let how =
            switch strategy {
            case .discarding: "each end woke the body's wait for a free slot (`scans.nextWhenFree()`), which added the next scan"
            case .batched: "the body took that child's result, then added the next scan"
            default: "the slot went to the next scan"
            }
        text += " \(Say.count(handovers.count, "scan")) started in a slot another had left, a median \(Say.milliseconds(median)) after that scan's end: \(how)."
        return text
    }

    /// Two parts that ran the same scans to the end: whether they booked the same outcomes.
    private static func sameOutcomes(_ records: [PartRecord]) -> String? {
        guard records.count == 2, records.allSatisfy({ $0.facts.finish?.ending == .drained }) else { return nil }
        let (first, second) = (records[0].facts, records[1].facts)
        guard first.checksum == second.checksum, first.completed.count == second.completed.count, first.failed.count == second.failed.count else {
            return "The two parts booked different outcomes: checksums \(Say.checksum(first.checksum)) and \(Say.checksum(second.checksum))."
        }
        return "Both parts booked the same \(Say.count(first.completed.count, "result")) and \(Say.count(first.failed.count, "failure")), with one checksum, \(Say.checksum(first.checksum)): the body that took no result lost none."
    }
}
