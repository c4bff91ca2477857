import SkyCore
/// The reduce lesson: `reduce` takes every outcome and returns one fold; `waitForAll()` takes none,
/// holds the first error while every child runs to its end, and throws it last; `for try await`
/// throws the first error as it comes, and the group cancels the rest.
enum GroupAsASequence {
    static func answer(_ records: [PartRecord]) -> [String] {
        records.map { record in
            switch (record.configuration.strategy, record.facts.stop?.ending) {
            case (.reduce, _): reduced(record)
            case (.waitForAll, .thrown(let scan)?): waitedForAll(record, firstFailure: scan)
            case (_, .thrown(let scan)?): thrownAtOnce(record, firstFailure: scan)
            default: Story.overview(record) + " No failure was thrown, so every child ran to its end."
            }
        }
    }

    /// The results the events booked: how many, and the signals they found.
    private static func booked(_ facts: RunFacts) -> (results: Int, signals: Int) {
        let signals = facts.completed.reduce(0) { sum, event in
            guard case .completed(let result) = event.kind else { return sum }
            return sum + result.signals
        }
        return (facts.completed.count, signals)
    }

    private static func reduced(_ record: PartRecord) -> String {
        let facts = record.facts
        var text = Story.overview(record)
        guard let (time, fold) = facts.fold else {
            return text + " The group's reduce had not returned when the events ended."
        }
        let outcomes = facts.ends.filter { $0.slot != nil }
        if let first = outcomes.first, let last = outcomes.last {
            text += " `group.reduce(into:)` took the \(Say.count(fold.outcomes, "outcome")) one at a time, as each child ended, from \(Say.seconds(first.time)) to \(Say.seconds(last.time)),"
        }
        text += " and returned one value at \(Say.seconds(time)): \(Say.count(fold.completed, "result")) and \(fold.signals) signals."
        let (results, signals) = booked(facts)
        text += results == fold.completed && signals == fold.signals && fold.outcomes == outcomes.count
            ? " The run book, which each scan told as it ended, counts the same \(results) results and \(signals) signals: nothing was lost, and no array was kept."
            : " The run book counts \(results) results and \(signals) signals from \(outcomes.count) outcomes."
        return text
    }

    /// The first failure, and the children running when it came: how they ended after it.
    private struct AfterFailure {
        /// `Part 2 (x): scan 9 (medium) failed first, at 1.99 s.`
        let opening: String
        let stop: Duration
        let running: [ScanEvent]
        /// The other failures, after the first.
        let failed: [ScanEvent]
        let completed: Int
        let cancelled: Int

        init?(_ record: PartRecord, firstFailure scan: Int) {
            let facts = record.facts
            guard let stop = facts.stop else { return nil }
            let failure = facts.failed.first { $0.scan == scan }
            var opening = "\(record.name): \(failure.map(Say.scan) ?? "scan \(scan)") failed first, at \(Say.seconds(stop.time))."
            // A failure while the body was still adding: no scan starts after a throw.
            let unstarted = facts.cancelledWaiting.count + Story.notScheduled(record)
            if unstarted > 0 {
                opening += " The body had not yet added \(Say.count(unstarted, "scan")), which never started."
            }
            self.opening = opening
            self.stop = stop.time
            running = facts.running(at: stop.time)
            let ends = facts.endsAfterStop
            failed = ends.filter { if case .failed = $0.kind { $0.scan != scan } else { false } }
            completed = ends.filter { if case .completed = $0.kind { true } else { false } }.count
            cancelled = ends.filter { $0.kind == .cancelled }.count
        }
    }

    private static func waitedForAll(_ record: PartRecord, firstFailure scan: Int) -> String {
        let facts = record.facts
        guard let after = AfterFailure(record, firstFailure: scan) else { return Story.overview(record) }
        var text = after.opening + " `waitForAll()` kept its error and did not throw it yet: "
        if after.running.isEmpty {
            text += "no other child was running."
        } else {
            text += "of the \(Say.children(after.running.count)) still running, \(after.completed) completed, \(after.failed.count) failed and \(after.cancelled) \(after.cancelled == 1 ? "was" : "were") cancelled"
            text += after.cancelled == 0 ? ": it cancelled none." : "."
        }
        if !after.failed.isEmpty {
            text += " The later \(after.failed.count == 1 ? "failure" : "failures"), \(Say.scans(after.failed)), reached no one: `waitForAll()` throws only the first."
        }
        if let stoppedAt = facts.endsAfterStop.last?.time, let finish = facts.finish {
            text += " The last child ended at \(Say.seconds(stoppedAt)), \(Say.seconds(stoppedAt - after.stop)) after the first failure; only then did the error leave the group, and the run ended at \(Say.seconds(finish.time))."
        }
        text += " The body took no result: `waitForAll()` keeps none."
        return text
    }

    private static func thrownAtOnce(_ record: PartRecord, firstFailure scan: Int) -> String {
        guard let after = AfterFailure(record, firstFailure: scan) else { return Story.overview(record) }
        var text = after.opening + " `for try await` threw its error at the body as it came; it left the group, which cancelled "
        if after.running.isEmpty {
            text += "nothing: no other child was running."
        } else {
            text += "the \(Say.children(after.running.count)) still running: \(after.cancelled) ended cancelled"
            let before = after.completed + after.failed.count
            text += before > 0 ? ", and \(before) ended on \(before == 1 ? "its" : "their") own before the cancel reached \(before == 1 ? "it" : "them")." : "."
            if let stoppedIn = record.facts.stoppedIn { text += " The last of them stopped \(Say.milliseconds(stoppedIn)) after the failure." }
        }
        return text
    }
}
