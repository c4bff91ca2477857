import SkyCore
/// A part whose run the cancel stopped, as the lessons on cancellation answer for it: when the
/// cancel came, and the scans running then.
struct CancelledPart {
    let record: PartRecord
    /// On the run's clock.
    let stop: Duration
    let running: [ScanEvent]

    var facts: RunFacts { record.facts }

    /// `Part 1 (x): the cancel came at 5.01 s with 4 scans in the group`: each answer's opening.
    var opening: String { Story.cancelCame(record, at: stop, running: running.count) }

    /// A paragraph a part: a part the cancel stopped as `answer` tells it; one whose run ended
    /// before its cancel, what it did and the `consequence`, what that leaves out.
    static func answers(_ records: [PartRecord], otherwise consequence: String, _ answer: (CancelledPart) -> String) -> [String] {
        records.map { record in
            guard let stop = record.facts.stop, stop.ending == .cancelled else { return Story.noCancel(record, so: consequence) }
            return answer(CancelledPart(record: record, stop: stop.time, running: record.facts.running(at: stop.time)))
        }
    }
}
