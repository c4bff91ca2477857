import SkyCore
/// The unstructured-tasks lesson: a cancel stops the loop that started unstructured tasks, not the tasks: they run on
/// to their ends, unless a task bag, torn down with the loop, cancels them.
enum UnstructuredTasks {
    static func answer(_ records: [PartRecord]) -> [String] {
        records.map(part)
    }

    private static func part(_ record: PartRecord) -> String {
        let facts = record.facts
        guard let stop = facts.stop, stop.ending == .cancelled else {
            let due = record.configuration.cancelAfter.map { " before its cancel at \(Say.seconds($0)) was due" } ?? ""
            return Story.overview(record) + " The run was over\(due), so no task was left to run on."
        }
        let running = facts.running(at: stop.time)
        var text = "\(record.name): the cancel came at \(Say.seconds(stop.time)) with \(Say.count(running.count, "task")) running."
        guard let returned = facts.loopReturned else {
            return text + " The loop returned with no task left running, so none ran on." + neverStarted(record)
        }
        text += " The loop returned \(Say.milliseconds(returned.time - stop.time)) later, leaving \(Say.count(returned.count, "task")) running"
        let left = facts.running(at: returned.time)
        let ends = facts.ends.filter { end in left.contains { $0.scan == end.scan } }
        let finished = ends.filter(\.isFinished)
        let last = facts.stoppedIn.map(Say.milliseconds)
        if returned.bagged {
            text += ", and its task bag, torn down with it, cancelled them (`bag_cancelled`). They stopped at their next check, "
            text += finished.isEmpty ? "all \(ends.count) cancelled" : "\(ends.count - finished.count) cancelled, \(finished.count) ended first"
            text += last.map { "; the last stopped \($0) after the cancel, as the summary says" } ?? ""
        } else {
            let completed = ends.filter { if case .completed = $0.kind { true } else { false } }.count
            text += " (`orphaned`). Nothing cancelled them: they ran on to their ends, \(completed) completed, \(finished.count - completed) failed"
            if ends.count > finished.count { text += ", \(ends.count - finished.count) cancelled" }
            text += last.map { "; the last ended \($0) after the cancel: the summary's \"ran on for \($0)\"" } ?? ""
        }
        return text + "." + neverStarted(record)
    }

    /// The scans the cancel kept from starting, if any.
    private static func neverStarted(_ record: PartRecord) -> String {
        let count = record.facts.cancelledWaiting.count + Story.notScheduled(record)
        return count == 0 ? "" : " \(Say.count(count, "scan")) never started; \(count == 1 ? "it counts" : "they count") as cancelled."
    }
}
