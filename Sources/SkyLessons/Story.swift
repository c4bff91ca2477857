import SkyCore
/// Sentences that more than one lesson's answer tells: what a part did as a whole, and what a
/// cancel did.
enum Story {
    /// `Part 1 (serial): 8 scans in 2.41 s: 8 completed, 0 failed, 0 cancelled; at most 1 in the loop at once, never more than 1 seen on a thread.`
    static func overview(_ record: PartRecord) -> String {
        let facts = record.facts
        let time = facts.finish.map { " in " + Say.seconds($0.time) } ?? ""
        let cancelled = facts.ends.count - facts.finished.count + notScheduled(record)
        var text = "\(record.name): \(Say.count(facts.finished.count, "scan")) finished\(time): \(facts.completed.count) completed, "
        text += "\(facts.failed.count) failed, \(cancelled) cancelled; \(atOnce(record))."
        if let cancel = cancel(record) { text += " " + cancel }
        return text
    }

    /// A part whose run ended before its `--cancel-after` came: what it did, and what that leaves
    /// out, `consequence`.
    static func noCancel(_ record: PartRecord, so consequence: String) -> String {
        let when = record.configuration.cancelAfter.map { " at \(Say.wholeMilliseconds($0))" } ?? ""
        return overview(record) + " The run ended before its cancel\(when), so \(consequence)."
    }

    /// `Part 1 (x): the cancel came at 5.01 s with 4 scans in the group`, for a part whose run was
    /// cancelled at `stop` with `running` running.
    static func cancelCame(_ record: PartRecord, at stop: Duration, running: Int) -> String {
        "\(record.name): the cancel came at \(Say.seconds(stop)) with \(Say.count(running, "scan")) \(record.configuration.strategy.holder)"
    }

    /// `at most 8 in the group at once, never more than 2 seen on a thread`: the scans that held a
    /// slot, and the most of their children a reading saw a core run (the summary's most seen on a
    /// thread), which differ when children wait for a thread or have yielded it.
    static func atOnce(_ record: PartRecord) -> String {
        let seen = record.facts.mostSeenOnThread
        let onAThread = seen == 0 ? "none seen on a thread" : "never more than \(seen) seen on a thread"
        return "at most \(record.facts.maxRunning) \(record.configuration.strategy.holder) at once, \(onAThread)"
    }

    /// Scans of the total that the run never scheduled: they have no events of their own.
    static func notScheduled(_ record: PartRecord) -> Int {
        max(0, (record.configuration.total ?? 0) - record.facts.scheduled.count)
    }

    /// What a cancel did, if the run was cancelled: when it came, what it stopped and how fast,
    /// and the scans it kept from starting.
    static func cancel(_ record: PartRecord) -> String? {
        let facts = record.facts
        guard let stop = facts.stop, stop.ending == .cancelled else { return nil }
        let running = facts.running(at: stop.time)
        var text = "The cancel came at \(Say.seconds(stop.time))"
        if let gap = facts.gap(at: stop.time) {
            text += ", \(Say.seconds(stop.time - gap.began)) into a gap: the loop was asleep until \(Say.seconds(gap.until))"
        } else {
            text += " with \(Say.count(running.count, "scan")) \(record.configuration.strategy.holder)"
            if let reading = facts.threadsAtStop, reading.onThread < running.count {
                text += ", \(reading.isExact ? "" : "at least ")\(reading.onThread) of them on a thread"
            }
        }
        if let stoppedIn = facts.stoppedIn {
            let what =
                facts.gap(at: stop.time) != nil ? "its sleep ended"
                : running.isEmpty ? "the run stopped" : running.count == 1 ? "it stopped" : "the last of them stopped"
            text += "; \(what) \(Say.milliseconds(stoppedIn)) later"
        }
        let neverStarted = facts.cancelledWaiting.count + notScheduled(record)
        text += "."
        if neverStarted > 0 {
            text += " \(Say.count(neverStarted, "scan")) never started; \(neverStarted == 1 ? "it counts" : "they count") as cancelled too."
        }
        return text
    }
}
