import SkyCore
/// Lesson 1: leaving an `async let`'s scope cancels, then awaits, the child it did not await; a
/// task group whose body goes on after a failure cancels nothing.
enum AsyncLetBesideAGroup {
    /// A pair whose first scan failed, so that the loop left the scope without awaiting the second.
    struct LeftEarly {
        var failure: ScanEvent
        /// The second scan's end: cancelled on the way out, or already over.
        var partner: ScanEvent
        /// When the next pair started, once the scope was over; `nil` for the last pair.
        var nextPair: Duration?
    }

    static func answer(_ records: [PartRecord]) -> [String] {
        let pairs = records.first { $0.configuration.strategy == .asyncLet }
        return records.map { record in
            record.configuration.strategy == .asyncLet ? self.pairs(record) : group(record, after: pairs)
        }
    }

    /// Each pair whose first scan failed, with its second scan's end, in order.
    static func leftEarly(_ facts: RunFacts) -> [LeftEarly] {
        let ends = Dictionary(facts.ends.map { ($0.scan, $0) }, uniquingKeysWith: { first, _ in first })
        return facts.rounds.indices.compactMap { index in
            let round = facts.rounds[index]
            guard round.count == 2, let failure = ends[round[0].scan], case .failed = failure.kind, let partner = ends[round[1].scan] else {
                return nil
            }
            let next = facts.rounds.indices.contains(index + 1) ? facts.rounds[index + 1].first?.time : nil
            return LeftEarly(failure: failure, partner: partner, nextPair: next)
        }
    }

    private static func pairs(_ record: PartRecord) -> String {
        let facts = record.facts
        let rounds = facts.rounds
        guard !rounds.isEmpty, rounds.allSatisfy({ $0.count <= 2 }) else { return Story.overview(record) }
        var text = "\(record.name): the \(Say.count(facts.starts.count, "scan")) started in \(Say.count(rounds.count, "pair"))"
        text += rounds.count > 1 ? ", each pair only once both scans of the pair before had ended." : "."
        let left = leftEarly(facts)
        guard !left.isEmpty else { return text + " No pair's first scan failed, so the loop awaited every scan." }
        text += " In \(Say.count(left.count, "pair")) the first scan failed, and the loop left the scope without awaiting the second."
        for pair in left {
            text += " \(Say.sentence(Say.scan(pair.failure))) failed at \(Say.seconds(pair.failure.time)); "
            let sweep = pair.partner.span.map { " after \(Say.milliseconds($0.ran)) of its sweep" } ?? ""
            if pair.partner.kind == .cancelled {
                text += "Swift cancelled its partner, \(Say.scan(pair.partner)), which stopped\(sweep)"
            } else {
                text += "its partner, \(Say.scan(pair.partner)), had \(ending(pair.partner))\(sweep), before the cancel could stop it"
            }
            // The partner runs beside the first scan from the start, and can reach its end
            // before the first scan fails: then there was nothing left to cancel.
            let gap = pair.partner.time - pair.failure.time
            text += "; its end came \(Say.milliseconds(gap < .zero ? .zero - gap : gap)) \(gap < .zero ? "before" : "after") the failure"
            if let next = pair.nextPair {
                text += ", and the next pair started \(Say.milliseconds(next - pair.partner.time)) after that end"
            }
            text += "."
        }
        return text + " The scope waited for each partner to end before it was left."
    }

    /// The same scans in a group: nothing cancelled, and what the scans part 1 cancelled did here.
    private static func group(_ record: PartRecord, after pairs: PartRecord?) -> String {
        let facts = record.facts
        var text = Story.overview(record)
        let cancelled = facts.ends.count - facts.finished.count + Story.notScheduled(record)
        if cancelled == 0 && record.configuration.errors == .result {
            text += " No scan was cancelled: in the group each failure was one child's result, and the body went on to the next."
        }
        guard let pairs, pairs.configuration.seed == record.configuration.seed, pairs.configuration.total == record.configuration.total else {
            return text
        }
        let ends = Dictionary(facts.ends.map { ($0.scan, $0) }, uniquingKeysWith: { first, _ in first })
        let cancelledThere = leftEarly(pairs.facts).map(\.partner).filter { $0.kind == .cancelled }
        let finishedHere = cancelledThere.compactMap { ends[$0.scan] }.filter(\.isFinished)
        guard !finishedHere.isEmpty else { return text }
        let there = "part \(pairs.part.number)"
        text += finishedHere.count == cancelledThere.count ? " The partners that \(there) cancelled" : " Of the partners that \(there) cancelled, these"
        text += " ran here to their ends: "
        text += finishedHere.map { end in
            Say.scan(end) + " " + ending(end) + (end.span.map { " after \(Say.milliseconds($0.ran)) of its sweep" } ?? "")
        }.joined(separator: ", ") + "."
        return text
    }

    /// `completed`, `failed`: how a scan that ran to its end ended.
    private static func ending(_ end: ScanEvent) -> String {
        if case .verificationFailed = end.kind { return "failed verification" }
        return end.name
    }
}
