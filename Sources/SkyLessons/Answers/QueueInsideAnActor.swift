import SkyCore
/// The queue-inside-an-actor lesson: jobs sent to one actor from tasks of their own; with a queue, one at a time in the
/// order they arrived, a gap between them; without it, interleaved across the actor's `await`s.
enum QueueInsideAnActor {
    static func answer(_ records: [PartRecord]) -> [String] {
        records.map { record in
            var text = "\(record.name): " + arrivals(record)
            text += " " + (record.configuration.strategy == .actorQueue ? queued(record) : interleaved(record))
            if let cancel = Story.cancel(record) { text += " " + cancel }
            return text
        }
    }

    /// The order the jobs reached the actor, and whether it was their numbers' order.
    private static func arrivals(_ record: PartRecord) -> String {
        let arrived = record.facts.arrivals
        guard !arrived.isEmpty else { return "no job reached the actor." }
        let order = arrived.map { "\($0.scan) (\($0.priority))" }.joined(separator: ", ")
        var text = "the \(Say.count(arrived.count, "job")) reached the actor in this order: \(order)."
        guard arrived.map(\.scan) != arrived.map(\.scan).sorted() else { return text }
        text += " Not in the order of their numbers: each came from a task of its own, and the actor took the calls as they came."
        // The loop sends the waiting scans highest priority first, oldest first within one.
        let sent = record.facts.scheduled.enumerated().sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }
        if arrived.map(\.scan) == sent.map(\.element.scan).filter(Set(arrived.map(\.scan)).contains) {
            text += " That was the order the loop sent them in, highest priority first, each in a task at its scan's priority."
        } else {
            text += " Not even the order the loop sent them in, highest priority first: the tasks overtook one another on their way."
        }
        return text
    }

    private static func queued(_ record: PartRecord) -> String {
        let facts = record.facts
        var text = startOrder(facts, same: "They started in that same order, first come, first served,")
        text += " and at most \(facts.maxRunning) ran at once."
        let slept = facts.gaps.compactMap { gap in gap.ended.map { $0 - gap.began } }
        if let shortest = slept.min(), let longest = slept.max() {
            let (low, high) = (Say.seconds(shortest), Say.seconds(longest))
            let span = low == high ? low : "\(low) to \(high)"
            text += " Between one job's end and the next one's start the actor's queue slept \(span), \(Say.count(slept.count, "gap"))"
            text += " (--spacing \(Say.wholeMilliseconds(record.configuration.spacing)))."
        }
        return text
    }

    private static func interleaved(_ record: PartRecord) -> String {
        let facts = record.facts
        var text = startOrder(facts, same: "Each started the moment its call arrived, so in that order too,")
        guard let (earlier, later) = facts.firstOverlap else {
            return text + " but at most 1 ran at once: each job's scan ended before the next call reached the actor, so none overlapped in this run."
        }
        text += " but at most \(facts.maxRunning) ran at once, on one actor."
        text += " \(Say.sentence(Say.scan(later))) started \(Say.milliseconds(later.time - earlier.time)) after \(Say.scan(earlier)), which still ran:"
        text += " the actor took the next call while each job awaited its scan."
        let ended = facts.ends.filter { $0.slot != nil }.map(\.scan)
        if ended != facts.starts.map(\.scan).filter(ended.contains) {
            text += " They ended in another order than they started: \(ended.map(String.init).joined(separator: ", "))."
        }
        return text
    }

    /// `same` if the jobs started in the order they arrived; else the order they started in.
    private static func startOrder(_ facts: RunFacts, same: String) -> String {
        facts.startedInArrivalOrder ? same : "They started in another order, \(facts.starts.map { "\($0.scan)" }.joined(separator: ", ")),"
    }
}
