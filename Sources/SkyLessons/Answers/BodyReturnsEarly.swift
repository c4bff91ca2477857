import SkyCore
/// Lesson 6: a group whose body returns early still waits for every child it holds, and drops
/// what they return; a child's error reaches the parent only through the body's await of it.
enum BodyReturnsEarly {
    static func answer(_ records: [PartRecord]) -> [String] {
        records.map { record in
            switch record.facts.stop?.ending {
            case .taken?: returnedEarly(record)
            case .thrown(let scan)?: thrown(record, scan: scan, after: records)
            default: Story.overview(record) + " The body took every result, so no child was left for the group to wait for."
            }
        }
    }

    /// The failures a part's group dropped: children that failed after its body had returned.
    static func unseenErrors(_ record: PartRecord) -> [ScanEvent] {
        guard record.facts.stop?.ending == .taken else { return [] }
        return record.facts.endsAfterStop.filter { if case .failed = $0.kind { true } else { false } }
    }

    private static func returnedEarly(_ record: PartRecord) -> String {
        let facts = record.facts
        guard let stop = facts.stop else { return Story.overview(record) }
        var text = "\(record.name): the body took its \(Say.count(record.configuration.take ?? 0, "result")) by \(Say.seconds(stop.time)) and returned, without `cancelAll()`. "
        let running = facts.running(at: stop.time)
        guard !running.isEmpty else { return text + "No child was running then, so the group had none to wait for, and dropped nothing." }
        let ends = facts.endsAfterStop
        let cancelled = ends.filter { $0.kind == .cancelled }.count
        text += "\(Say.children(running.count)) \(running.count == 1 ? "was" : "were") still running (\(Say.scans(running))); "
        if cancelled > 0 {
            text += "\(cancelled) ended cancelled"
        } else {
            text += running.count == 1 ? "nothing cancelled it, and it ran to its end" : "nothing cancelled them, and each ran to its end"
        }
        if let stoppedIn = facts.stoppedIn {
            text += ". The group returned only after the last, \(Say.milliseconds(stoppedIn)) after its body: the wait the early return cost, as the summary says"
        }
        let completed = ends.filter { if case .completed = $0.kind { true } else { false } }.count
        let errors = unseenErrors(record)
        text += ". It dropped what they returned, \(Say.count(completed, "result")) and \(Say.count(errors.count, "error")): \(facts.discarded) discarded."
        for error in errors {
            guard case .failed(let failure) = error.kind else { continue }
            text += " \(Say.sentence(Say.scan(error))) failed at \(Say.seconds(error.time)) (\(failure)): its error reached no one, for the body that could have awaited it had returned; the run ended taken, not thrown."
        }
        if errors.isEmpty { text += " None of them failed in this run." }
        return text
    }

    private static func thrown(_ record: PartRecord, scan: Int, after records: [PartRecord]) -> String {
        let facts = record.facts
        guard let stop = facts.stop else { return Story.overview(record) }
        let failure = facts.failed.first { $0.scan == scan }
        var text = "\(record.name): \(failure.map(Say.scan) ?? "scan \(scan)") failed at \(Say.seconds(stop.time)). "
        text += "The body, awaiting the group's next result in `group.next()`, had the error thrown at it, and the group cancelled "
        // In the order they had started.
        let cancelled = facts.running(at: stop.time).filter { start in facts.endsAfterStop.contains { $0.scan == start.scan && $0.kind == .cancelled } }
        text += cancelled.isEmpty ? "nothing: no other child was running" : "the \(Say.children(cancelled.count)) still running (\(Say.scans(cancelled)))"
        text += "; the run ended thrown."
        if facts.discarded > 0 { text += " \(Say.count(facts.discarded, "finished result")) went with the group." }
        let earlier = records.prefix { $0.part.number < record.part.number }
        if let dropped = earlier.lazy.compactMap({ part in unseenErrors(part).first { $0.scan == scan }.map { (part, $0) } }).first {
            text += " It is the failure that reached no one in part \(dropped.0.part.number)."
        }
        return text
    }
}
