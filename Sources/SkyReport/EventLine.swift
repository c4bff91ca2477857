public import SkyCore
import SkyFormat

/// One event as a line of the JSON Lines events file.
///
/// Written by hand rather than through `JSONEncoder` because it runs once per event on the engine's
/// executor; every value is a number or a fixed name, so nothing needs escaping.
public enum EventLine {
    public static func format(_ event: ScanEvent) -> String {
        var line = "{\"event\":\"\(event.name)\",\"scan\":\(event.scan),\"priority\":\"\(event.priority)\""
        line += ",\"time\":\(FixedPoint.seconds(event.time))"
        if let slot = event.slot { line += ",\"slot\":\(slot)" }
        if event.ignoresCancellation { line += ",\"checks_cancellation\":false" }
        if let span = event.span {
            // What the run-time percentiles count, and what the runtime made of the asked priority:
            // none can be told from the times of the events, and a replay needs them all.
            line += ",\"ran\":\(FixedPoint.seconds(span.ran))"
            if let handled = span.handlerRan { line += ",\"handler_ran\":\(FixedPoint.seconds(handled))" }
            TraceEvent.appendPriorities(of: span.child, to: &line)
        }
        switch event.kind {
        case .completed(let result):
            line += ",\"signals\":\(result.signals),\"checksum\":\"\(Hex.format(result.checksum))\""
        case .failed(let failure):
            line += ",\"error\":\"\(failure)\""
        case .verificationFailed(let failure):
            line += ",\"error\":\"\(verificationError)\""
            line += ",\"core\":\(failure.core),\"thread\":\(failure.thread)"
            line += ",\"signals\":\(failure.found.signals),\"checksum\":\"\(Hex.format(failure.found.checksum))\""
            line += ",\"expected_signals\":\(failure.expected.signals),\"expected_checksum\":\"\(Hex.format(failure.expected.checksum))\""
        case .cancelled:
            if let kept = event.partial { line += ",\"swept_lines\":\(kept.lines),\"swept_signals\":\(kept.signals)" }
        case .scheduled, .arrived, .started, .delivered:
            break
        }
        return line + "}\n"
    }

    /// The error a verification failure reports, wherever it is written.
    static let verificationError = "verification failure: possible hardware fault"

    /// A change to the whole run, as a line between the scans' events where it happened.
    public static func format(_ change: RunChange) -> String {
        if case .threads(let reading, let mostSeen) = change.kind { return threads(reading, mostSeen: mostSeen, time: change.time) }
        var line = "{\"event\":\"\(change.name)\""
        switch change.kind {
        case .batch(let batch): line += ",\"batch\":\(batch)"
        case .stopping(let ending):
            line += ",\"reason\":\"\(ending.name)\""
            if let scan = ending.scan { line += ",\"scan\":\(scan)" }
        case .discarded(let count), .orphaned(let count), .bagCancelled(let count): line += ",\"count\":\(count)"
        case .gap(let until): line += ",\"until\":\(FixedPoint.seconds(until))"
        case .finished(let ending):
            line += ",\"reason\":\"\(ending.name)\""
            if let scan = ending.scan { line += ",\"scan\":\(scan)" }
        case .catalogued(let tally):
            line += ",\"mode\":\"\(tally.mode.rawValue)\",\"expected\":\(tally.expected),\"counted\":\(tally.counted),\"stale_writes\":\(tally.staleWrites)"
        case .folded(let fold): line += ",\"outcomes\":\(fold.outcomes),\"completed\":\(fold.completed),\"signals\":\(fold.signals)"
        case .paused, .resumed, .step, .timeUp, .gapEnded, .terminated, .threads: break
        }
        return line + ",\"time\":\(FixedPoint.seconds(change.time))}\n"
    }

    /// The first line: everything that decided the run, and the cores it had, so that a replay can
    /// rebuild it.
    public static func run(_ configuration: RunConfiguration, cores: Int) -> String {
        let c = configuration
        var line = "{\"event\":\"run\",\"time\":\(FixedPoint.seconds(.zero)),\"cores\":\(cores),\"strategy\":\"\(c.strategy.rawValue)\",\"errors\":\"\(c.errors.rawValue)\""
        line += ",\"total\":\(c.total.map(String.init) ?? "null")"
        line += ",\"duration\":\(c.duration.map(FixedPoint.seconds) ?? "null")"
        line += ",\"batch\":\(c.batch),\"seed\":\(c.seed),\"work\":\(c.work),\"failure_rate\":\(c.failureRate)"
        line += ",\"priorities\":\"\(c.priorityMix)\",\"fail_fast\":\(c.failFast),\"speed\":\(c.speed)"
        line += ",\"spacing\":\(FixedPoint.seconds(c.spacing)),\"yields\":\(c.yields),\"verify\":\(c.verify)"
        line += ",\"corruption_rate\":\(c.corruptionRate),\"cancel_after\":\(c.cancelAfter.map(FixedPoint.seconds) ?? "null")"
        line += ",\"ignore_cancellation\":\(c.ignoreCancellationRate),\"take\":\(c.take.map(String.init) ?? "null")"
        line += ",\"task_bag\":\(c.taskBag),\"catalogue\":\(c.catalogue.map { "\"\($0.rawValue)\"" } ?? "null")"
        line += ",\"cancel_check\":\"\(c.cancelCheck.rawValue)\",\"detached\":\(c.detached)"
        return line + "}\n"
    }

    /// Scans a reading saw executing on a pool thread, and the most any reading has seen: a
    /// reading the run's watch takes beside the engine, so its time may trail the line before it
    /// by a fraction of a millisecond, or one the engine takes at the stop and before the end, in
    /// its place (`RunChange.Kind.threads`). `"exact":false` only when a scan got or left a thread while
    /// it was read, so that `executing` counts the ones seen (`ThreadReading`).
    public static func threads(_ reading: ThreadReading, mostSeen: Int, time: Duration) -> String {
        let exact = reading.isExact ? "" : ",\"exact\":false"
        return "{\"event\":\"threads\",\"executing\":\(reading.onThread)\(exact),\"most_seen\":\(mostSeen),\"time\":\(FixedPoint.seconds(time))}\n"
    }

    /// The closing line for scans cancelled before they were ever scheduled (they have no
    /// per-scan events; see `RunSummary.notStarted`).
    public static func notStarted(count: Int, firstScan: Int, time: Duration) -> String {
        "{\"event\":\"not_started\",\"count\":\(count),\"first_scan\":\(firstScan),\"time\":\(FixedPoint.seconds(time))}\n"
    }

    /// The closing line when the file could not keep up and `count` events were left out.
    public static func dropped(count: Int) -> String {
        "{\"event\":\"dropped\",\"count\":\(count)}\n"
    }
}
