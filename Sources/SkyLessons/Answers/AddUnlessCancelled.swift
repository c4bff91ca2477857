import SkyCore
/// The lesson on `addTaskUnlessCancelled` against `addTask`: the body cancels its group at the
/// first failure it takes (`--errors cancel`). `addTask` goes on adding the scans left, each child
/// starting cancelled; `addTaskUnlessCancelled` adds none, and the loop stops taking scans.
enum AddUnlessCancelled {
    static func answer(_ records: [PartRecord]) -> [String] {
        records.map { record in
            guard let failure = record.facts.failed.first else {
                return Story.overview(record) + " No scan failed, so the body never cancelled its group."
            }
            let opening = "\(record.name): \(Say.scan(failure)) failed at \(Say.seconds(failure.time)), and the body, taking its failure, cancelled the group."
            return opening + " " + (record.configuration.strategy == .unlessCancelled ? unlessCancelled(record, after: failure) : added(record, after: failure))
        }
    }

    /// The scans started after `failure` ended, in the order they started.
    static func startedAfter(_ failure: ScanEvent, in facts: RunFacts) -> [ScanEvent] {
        facts.starts.filter { $0.time >= failure.time && $0.scan != failure.scan }
    }

    /// `addTask`: every scan started after the failure, and how each ended.
    private static func added(_ record: PartRecord, after failure: ScanEvent) -> String {
        let facts = record.facts
        let after = startedAfter(failure, in: facts)
        let startedAt = Dictionary(after.map { ($0.scan, $0.time) }, uniquingKeysWith: min)
        let ends = facts.ends.filter { startedAt[$0.scan] != nil }
        let cancelled = ends.filter { $0.kind == .cancelled }
        var text = "After that failure the loop added \(Say.children(after.count)) with `addTask`"
        guard !after.isEmpty else { return text + ": no scan was left to add." }
        text += ": \(cancelled.count) ended cancelled"
        if let median = RunFacts.median(cancelled.compactMap { end in startedAt[end.scan].map { end.time - $0 } }) {
            text += ", a median of \(Say.milliseconds(median)) after \(cancelled.count == 1 ? "it" : "they") started"
        }
        let others = ends.count - cancelled.count
        if others > 0 {
            text += ", and \(others) ran to \(others == 1 ? "its end" : "their ends"), added before the body took the failure"
        }
        text += "."
        let neverStarted = facts.cancelledWaiting.count + Story.notScheduled(record)
        if facts.stop == nil {
            text += " Nothing cancelled the run, only the group: `next()` handed out every scan left, and the loop added a child for each to a group that cancels it at once."
        } else if neverStarted > 0 {
            text += " \(Say.count(neverStarted, "scan")) never started."
        }
        return text
    }

    /// `addTaskUnlessCancelled`: the add that returned `false`, and the scans never added.
    private static func unlessCancelled(_ record: PartRecord, after failure: ScanEvent) -> String {
        let facts = record.facts
        let added = Set(facts.ends.filter(hadAChild).map(\.scan))
        let after = startedAfter(failure, in: facts).filter { added.contains($0.scan) }
        var text = after.isEmpty
            ? "No child was added after the failure."
            : "\(Say.sentence(Say.children(after.count))) had been added since the failure, before the body took it; none after."
        guard let stop = facts.stop, stop.ending == .cancelled else {
            return text + " No scan was left to add, so `addTaskUnlessCancelled` never returned false."
        }
        // The scan the loop held when the add failed took a slot, and no child ran for it.
        let held = facts.ends.filter { $0.slot != nil && !hadAChild($0) }.count
        let neverAdded = held + facts.cancelledWaiting.count + Story.notScheduled(record)
        text += " At \(Say.seconds(stop.time)) the loop's next `addTaskUnlessCancelled` returned false, and it took no more scans:"
        text += " \(Say.count(neverAdded, "scan")) \(neverAdded == 1 ? "was" : "were") never added, and ended cancelled without a child ever running for \(neverAdded == 1 ? "it" : "them")."
        return text
    }

    /// Whether a child task ran for the scan that `end` ends: it read its task on its first line.
    static func hadAChild(_ end: ScanEvent) -> Bool {
        end.span?.child.current != nil
    }
}
