import SkyCore
/// Lesson 11: cancellation is cooperative. After a cancel, the children that check for it stop at
/// their next check; one that never checks runs on to its end, and the group, which waits for
/// every child, ends only after it.
enum UncheckedCancellation {
    static func answer(_ records: [PartRecord]) -> [String] {
        CancelledPart.answers(records, otherwise: "there was nothing to stop", cancelled)
    }

    private static func cancelled(_ part: CancelledPart) -> String {
        let record = part.record, facts = part.facts, stop = part.stop, running = part.running
        guard record.configuration.ignoreCancellationRate > 0 else {
            let end = facts.finish.map { " The run ended at \(Say.seconds($0.time))." } ?? ""
            return "\(record.name): every scan checks for cancellation. " + (Story.cancel(record) ?? "") + end
        }
        let checking = running.filter { !$0.ignoresCancellation }
        let never = running.filter(\.ignoresCancellation)
        var text = part.opening
        if running.isEmpty { return text + "." }
        text += ": \(checking.count) that check\(checking.count == 1 ? "s" : "") for cancellation"
        if !checking.isEmpty { text += " (\(Say.scans(checking)))" }
        text += " and \(never.count) that never check\(never.count == 1 ? "s" : "")"
        if !never.isEmpty { text += " (\(Say.scans(never)))" }
        text += "."
        let ends = facts.endsAfterStop
        if let checkingStoppedIn = facts.checkingStoppedIn, !checking.isEmpty {
            let cancelled = ends.filter { !$0.ignoresCancellation && $0.kind == .cancelled }.count
            text += " Those that check stopped within \(Say.milliseconds(checkingStoppedIn)) (\(cancelled) of \(checking.count) cancelled)."
        }
        let ranOn = ends.filter(\.ignoresCancellation)
        if !ranOn.isEmpty, let last = ranOn.last {
            let completed = ranOn.filter { if case .completed = $0.kind { true } else { false } }.count
            let failed = ranOn.filter { if case .failed = $0.kind { true } else { false } }.count
            text += " Those that never check ran on to their ends (\(completed) completed, \(failed) failed), the last \(Say.milliseconds(last.time - stop)) after the cancel"
            if let finish = facts.finish {
                text += "; the group waits for every child, so the run ended only then, at \(Say.seconds(finish.time))"
            }
            text += "."
        }
        let neverStarted = facts.cancelledWaiting.count + Story.notScheduled(record)
        if neverStarted > 0 { text += " \(Say.count(neverStarted, "scan")) never started." }
        return text
    }
}
