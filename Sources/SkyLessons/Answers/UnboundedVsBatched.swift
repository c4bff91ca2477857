import SkyCore
/// Lesson 5: every scan in the group at once, then four at a time.
enum UnboundedVsBatched {
    static func answer(_ records: [PartRecord]) -> [String] {
        records.map { record in
            let facts = record.facts
            var text = "\(record.name): \(Story.atOnce(record))"
            if let first = facts.finished.first, let last = facts.finished.last {
                text += "; the first scan finished at \(Say.seconds(first.time)), the last at \(Say.seconds(last.time))"
            }
            if let median = RunFacts.median(facts.finished.compactMap { $0.span?.ran }) {
                text += "; the median run time, start to end, was \(Say.seconds(median))"
            }
            return text + "." + (Story.cancel(record).map { " " + $0 } ?? "")
        }
    }
}
