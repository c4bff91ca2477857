import SkyCore
/// Lesson 9: a cancel stops running scans at their next check; then a serial loop, in priority
/// order, with a gap between scans that a cancel cuts short too.
enum Cancellation {
    /// The prediction the lesson asks for: scans still running this long after the cancel.
    static let predictionDelay = Duration.milliseconds(100)

    static func answer(_ records: [PartRecord]) -> [String] {
        records.map { record in
            record.configuration.strategy == .serial ? serialQueue(record) : cancelled(record)
        }
    }

    private static func cancelled(_ record: PartRecord) -> String {
        let facts = record.facts
        guard let stop = facts.stop, stop.ending == .cancelled else {
            return Story.overview(record) + " Nothing cancelled it, so every scan ran to its end."
        }
        let later = stop.time + predictionDelay
        var text = Story.cancel(record) ?? ""
        let still = facts.running(at: later).count
        text += " " + "\(Say.wholeMilliseconds(predictionDelay)) after the cancel, \(Say.count(still, "scan")) \(still == 1 ? "was" : "were") still running."
        return "\(record.name): " + text
    }

    private static func serialQueue(_ record: PartRecord) -> String {
        let facts = record.facts
        let order = facts.starts.map { "\($0.scan) (\($0.priority))" }.joined(separator: ", ")
        var text = "\(record.name): the loop started the scans in this order: \(order)."
        if let (ahead, behind) = facts.firstOvertake {
            text += " \(Say.sentence(Say.scan(ahead))) went before \(Say.scan(behind)), which was scheduled first: the next scan is the highest-priority one waiting."
        } else {
            text += " No scan went before one scheduled earlier: their priorities kept them in scan order."
        }
        let slept = facts.gaps.filter { gap in gap.ended.map { $0 >= gap.until } ?? false }.map { ($0.ended ?? $0.until) - $0.began }
        if !slept.isEmpty {
            text += " Between one scan's end and the next start the loop slept \(slept.map(Say.seconds).joined(separator: ", "))."
        }
        if let cancel = Story.cancel(record) { text += " " + cancel }
        return text
    }
}
