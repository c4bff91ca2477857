import SkyCore
/// Lesson 8: the first failure thrown out of the group, then every failure wrapped in a `Result`.
enum ResultVsThrow {
    static func answer(_ records: [PartRecord]) -> [String] {
        records.map { record in
            let facts = record.facts
            guard let stop = facts.stop, case .thrown(let scan) = stop.ending else {
                let failures = facts.failed.map { "\($0.scan)" }.joined(separator: ", ")
                var text = Story.overview(record)
                if !facts.failed.isEmpty && record.configuration.errors == .result {
                    text += " Each failure (scan\(facts.failed.count == 1 ? "" : "s") \(failures)) was booked and the group went on."
                }
                return text
            }
            let failure = facts.failed.first { $0.scan == scan }
            let before = facts.completed.filter { $0.time <= stop.time }.count
            let neverStarted = facts.cancelledWaiting.count + Story.notScheduled(record)
            var text = "\(record.name): \(failure.map { Say.scan($0) } ?? "scan \(scan)") failed at \(Say.seconds(stop.time)), "
            text += "and its error was thrown out of the group. By then \(Say.count(before, "scan")) had completed, each booked as it arrived. "
            text += "The group cancelled the \(facts.cancelledRunning.count) still running, and \(neverStarted) never started. "
            text += "Finished results discarded with the group: \(facts.discarded)."
            return text
        }
    }
}
