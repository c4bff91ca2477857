import SkyCore
/// Lesson 7: a throwing group whose body collects its results loses every one of them; a body
/// that books each result as it arrives loses only those still in the group.
enum ThrowingLosesResults {
    static func answer(_ records: [PartRecord]) -> [String] {
        records.map { record in
            let facts = record.facts
            guard let stop = facts.stop, case .thrown(let scan) = stop.ending else {
                return Story.overview(record) + " No failure was thrown, so no result was lost."
            }
            let failure = facts.failed.first { $0.scan == scan }
            var text = "\(record.name): \(failure.map { Say.scan($0) } ?? "scan \(scan)") failed at \(Say.seconds(stop.time)), and its error was thrown out of the group. "
            if record.configuration.errors == .collect {
                let held = facts.deliveries.filter { $0.time <= stop.time }.count
                text += "At that moment the body's array held \(Say.count(held, "finished result")); the throw lost them all"
                let more = facts.discarded - held
                if more > 0 { text += ", and \(more) more that had finished but were still in the group" }
                text += ": \(facts.discarded) discarded, as the summary says."
                // Scans that completed after the throw are booked completed, and went with the group.
                text += " Results the program kept: \(max(0, facts.completed.count - max(0, more)))."
            } else {
                let kept = facts.completed.filter { $0.time <= stop.time }.count
                text += "The body had booked each result as it arrived, so the \(Say.count(kept, "completed scan")) before it were the run's already; "
                text += "\(facts.discarded) finished \(facts.discarded == 1 ? "result was" : "results were") still in the group and discarded."
            }
            return text
        }
    }
}
