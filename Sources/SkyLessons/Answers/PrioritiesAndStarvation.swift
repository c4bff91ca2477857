import SkyCore
/// Lesson 3: priorities choose who takes a freed slot; then children that never yield starve the
/// actor that books their ends.
enum PrioritiesAndStarvation {
    /// Ends booked this close together count as one burst.
    static let burstWindow = Duration.milliseconds(10)

    static func answer(_ records: [PartRecord]) -> [String] {
        records.map { record in
            record.configuration.yields ? order(record) : bursts(record)
        }
    }

    /// The finish order by priority, and the first scan that overtook one scheduled before it.
    private static func order(_ record: PartRecord) -> String {
        let facts = record.facts
        var text = "\(record.name): the scans finished in this order of priority: \(Say.initials(facts.finished))."
        if let (ahead, behind) = facts.firstOvertake {
            text += " \(Say.sentence(Say.scan(ahead))) was scheduled after \(Say.scan(behind)), and started before it, at \(Say.seconds(ahead.time))."
        }
        return text + (Story.cancel(record).map { " " + $0 } ?? "")
    }

    /// How the ends were booked: in bursts, when the actor got a thread.
    private static func bursts(_ record: PartRecord) -> String {
        let facts = record.facts
        let times = facts.finished.map(\.time)
        var largest = (count: 0, at: Duration.zero)
        var from = 0
        for (index, time) in times.enumerated() {
            while time - times[from] > burstWindow { from += 1 }
            if index - from + 1 > largest.count { largest = (index - from + 1, times[from]) }
        }
        var text = "\(record.name): \(Story.atOnce(record)), on \(Say.count(record.cores, "core"))"
        if let first = times.first { text += "; the run booked its first end at \(Say.seconds(first))" }
        if largest.count > 1 {
            text += ", and its ends in bursts: \(largest.count) within \(Say.wholeMilliseconds(burstWindow)) at \(Say.seconds(largest.at))"
        }
        return text + "." + (Story.cancel(record).map { " " + $0 } ?? "")
    }
}
