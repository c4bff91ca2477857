import SkyCore
/// The stream-termination lesson: a bounded group behind an `AsyncStream`. When the consumer stops taking and goes, the
/// stream's `onTermination` cancels the producer, and the scans it was running stop at their next
/// check; a consumer that takes every result lets the producer finish the stream itself.
enum StreamTermination {
    static func answer(_ records: [PartRecord]) -> [String] {
        records.map { record in
            record.facts.terminated == nil ? finishedStream(record, after: records) : consumerWent(record)
        }
    }

    /// The consumer went away: when, what `onTermination` then stopped, and how fast.
    private static func consumerWent(_ record: PartRecord) -> String {
        let facts = record.facts
        guard let stop = facts.stop, let terminated = facts.terminated else { return Story.overview(record) }
        var text = "\(record.name): "
        if stop.ending == .taken {
            text += "the consumer took its \(Say.count(record.configuration.take ?? 0, "result")) by \(Say.seconds(stop.time)) and went"
        } else {
            text += "the run \(stop.ending == .cancelled ? "was cancelled" : "began to stop") at \(Say.seconds(stop.time)), and the consumer went"
        }
        text += "; the stream's `onTermination` ran \(Say.milliseconds(terminated - stop.time)) later (the `terminated` line) and cancelled the producer. "
        let running = facts.running(at: stop.time)
        if running.isEmpty {
            text += "No scan was running then, so there was nothing left to stop."
        } else {
            let ends = running.compactMap { start in facts.endsAfterStop.first { $0.scan == start.scan } }
            let cancelled = cancelledRunning(record)
            let finished = ends.filter(\.isFinished)
            var sentences = ["\(Say.count(running.count, "scan")) \(running.count == 1 ? "was" : "were") running then: \(Say.scans(running))."]
            if !finished.isEmpty {
                sentences.append("\(Say.sentence(Say.scans(finished))) finished \(finished.count == 1 ? "its" : "their") sweep before the cancel reached \(finished.count == 1 ? "it" : "them").")
            }
            var stopped: [String] = []
            if !cancelled.isEmpty {
                let who = cancelled.count < running.count ? Say.sentence(Say.scans(cancelled)) : running.count == 1 ? "It" : running.count == 2 ? "Both" : "All \(running.count)"
                stopped.append("\(who) stopped at \(cancelled.count == 1 ? "its" : "their") next check, cancelled, having swept "
                    + "\(Say.list(cancelled.map { Say.seconds($0.span?.ran ?? .zero) })) of \(cancelled.count == 1 ? "its" : "their") own time")
            }
            if let stoppedIn = facts.stoppedIn {
                stopped.append("\(running.count == 1 ? "that was" : "the last stopped") \(Say.milliseconds(stoppedIn)) after the consumer went, as the summary says")
            }
            if !stopped.isEmpty { sentences.append(Say.sentence(stopped.joined(separator: "; ")) + ".") }
            text += sentences.joined(separator: " ")
        }
        let neverStarted = facts.cancelledWaiting.count + Story.notScheduled(record)
        if neverStarted > 0 { text += " \(Say.count(neverStarted, "scan")) never started." }
        return text
    }

    /// The terminal events of the scans running when the consumer went that its going cancelled,
    /// in the order they had started.
    private static func cancelledRunning(_ record: PartRecord) -> [ScanEvent] {
        let facts = record.facts
        guard let stop = facts.stop else { return [] }
        return facts.running(at: stop.time).compactMap { start in facts.endsAfterStop.first { $0.scan == start.scan && $0.kind == .cancelled } }
    }

    /// The consumer took every result: the producer finished the stream, and nothing was
    /// terminated; the scans an earlier part's consumer left behind ran to their ends here.
    private static func finishedStream(_ record: PartRecord, after records: [PartRecord]) -> String {
        let facts = record.facts
        var text = Story.overview(record)
        guard facts.stop == nil else { return text + " The events have no `terminated` line: the stream ended before the consumer went." }
        text += " The consumer took every result, and the producer finished the stream itself after its last scan: "
        text += "the events have no `terminated` line, since the consumer never went away."
        let earlier = records.prefix { $0.part.number < record.part.number }
        if let went = earlier.last(where: { $0.facts.terminated != nil }) {
            let here = cancelledRunning(went).compactMap { cancelled in facts.finished.first { $0.scan == cancelled.scan } }
            if !here.isEmpty {
                text += " \(Say.sentence(Say.scans(here))), which the cancel stopped in part \(went.part.number), "
                text += "swept here to \(here.count == 1 ? "its end" : "their ends") in \(Say.list(here.map { Say.seconds($0.span?.ran ?? .zero) })) of \(here.count == 1 ? "its" : "their") own time."
            }
        }
        return text
    }
}
