public import SkyCore
import SkyFormat

/// The records of the trace file, in the Chrome Trace Event format that ui.perfetto.dev and
/// chrome://tracing open: `{"traceEvents":[` on the first line, one event per line after it, and
/// `]}` on the last.
///
/// Every line after the first two starts with the comma that separates it from the one before, so
/// the file cut after any whole line becomes valid JSON again with `]}` alone: that is how a trace
/// stays whole after a failed write. Written by hand, as the events file is, because spans are
/// formatted on the engine's executor; times are whole microseconds since the start of the run.
public enum TraceEvent {
    /// Everything the trace draws belongs to one process.
    static let pid = 1
    /// The thread the run's records name: its changes, which Perfetto draws on the process's own
    /// track. Neither 0 nor the `pid`: Perfetto takes a thread whose id is the process's for its
    /// main thread, and merges into it whatever else claims to be.
    static let runTid = 999

    /// The track of `slot`: 1000 and up, clear of the run's track and the `pid`.
    public static func tid(ofSlot slot: Int) -> Int { 1000 + slot }

    /// The first record: the opening bracket, and the process's name, which names the run.
    public static func header(_ configuration: RunConfiguration) -> String {
        "{\"traceEvents\":[\n"
            + "{\"name\":\"process_name\",\"ph\":\"M\",\"ts\":0,\"pid\":\(pid),\"tid\":\(runTid),\"args\":{\"name\":\"sky \(configuration.strategy.rawValue), seed \(configuration.seed)\"}}\n"
    }

    /// What closes the trace: after the events, or in place of a header a failed write cut off.
    public static let ending = StreamedFile.Ending(afterRecords: "]}\n", alone: "{\"traceEvents\":[]}\n")

    /// The track of a slot: its name, and its place among the other slots.
    public static func track(slot: Int) -> String {
        ",{\"name\":\"thread_name\",\"ph\":\"M\",\"ts\":0,\"pid\":\(pid),\"tid\":\(tid(ofSlot: slot)),\"args\":{\"name\":\"slot \(slot)\"}}\n"
            + ",{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"ts\":0,\"pid\":\(pid),\"tid\":\(tid(ofSlot: slot)),\"args\":{\"sort_index\":\(slot)}}\n"
    }

    /// A started scan, from its start to its terminal event, on its slot's track; `nil` for an
    /// event that is not the end of a started scan.
    public static func span(_ event: ScanEvent) -> String? {
        guard let span = event.span, let slot = event.slot else { return nil }
        let start = span.startedAt.wholeMicroseconds
        var line = ",{\"name\":\"scan \(event.scan)\",\"cat\":\"scan\",\"ph\":\"X\",\"ts\":\(start)"
        line += ",\"dur\":\(event.time.wholeMicroseconds - start),\"pid\":\(pid),\"tid\":\(tid(ofSlot: slot)),\"args\":{\"scan\":\(event.scan)"
        if let name = span.child.taskName(scan: event.scan) { line += ",\"task\":\(quoted(name))" }
        line += ",\"priority_asked\":\"\(event.priority)\""
        appendPriorities(of: span.child, to: &line)
        if event.ignoresCancellation { line += ",\"checks_cancellation\":false" }
        line += ",\"outcome\":\"\(event.name)\",\"wait_ms\":\(FixedPoint.fixed(span.wait.seconds * 1000, places: 3))"
        switch event.kind {
        case .completed(let result):
            line += ",\"checksum\":\"\(Hex.format(result.checksum))\""
        case .failed(let failure):
            line += ",\"error\":\"\(failure)\""
        case .verificationFailed(let failure):
            line += ",\"error\":\"\(EventLine.verificationError)\",\"checksum\":\"\(Hex.format(failure.found.checksum))\""
        case .scheduled, .arrived, .started, .delivered, .cancelled:
            break
        }
        return line + "}}\n"
    }

    /// A change to the whole run, as an instant on the process's track.
    public static func instant(_ change: RunChange) -> String {
        let (name, args): (String, String) = switch change.kind {
        case .batch(let batch): ("batch", "\"batch\":\(batch)")
        case .paused: ("pause", "")
        case .resumed: ("resume", "")
        case .step: ("step", "")
        case .timeUp: ("time up", "")
        case .discarded(let count): ("discarded", "\"count\":\(count)")
        case .gap(let until): ("gap", "\"until_ms\":\(FixedPoint.fixed(until.seconds * 1000, places: 3))")
        case .gapEnded: ("gap ended", "")
        case .terminated: ("terminated", "")
        case .orphaned(let count): ("orphaned", "\"count\":\(count)")
        case .bagCancelled(let count): ("bag cancelled", "\"count\":\(count)")
        case .catalogued(let tally): ("catalogue", "\"expected\":\(tally.expected),\"counted\":\(tally.counted)")
        case .folded(let fold): ("folded", "\"outcomes\":\(fold.outcomes),\"completed\":\(fold.completed),\"signals\":\(fold.signals)")
        case .threads(let reading, let mostSeen): ("threads", "\"executing\":\(reading.onThread),\"most_seen\":\(mostSeen)")
        case .finished(let ending): ("finished", "\"reason\":\"\(ending.name)\"")
        case .stopping(let ending):
            (stopName(ending), "\"reason\":\"\(ending.name)\"" + (ending.scan.map { ",\"scan\":\($0)" } ?? ""))
        }
        return instant(name, category: "run", at: change.time, args: args)
    }

    /// The scans running, waiting in the ready queue, and executing on a pool thread, as counters.
    public static func counters(running: Int, waiting: Int, executing: Int, at time: Duration) -> String {
        ",{\"name\":\"scans\",\"ph\":\"C\",\"ts\":\(time.wholeMicroseconds),\"pid\":\(pid),\"args\":"
            + "{\"running\":\(running),\"waiting\":\(waiting),\"executing\":\(executing)}}\n"
    }

    /// The last event when the trace could not keep up and `count` records were left out.
    public static func dropped(count: Int, at time: Duration) -> String {
        instant("dropped", category: "trace", at: time, args: "\"count\":\(count)")
    }

    private static func instant(_ name: String, category: String, at time: Duration, args: String) -> String {
        ",{\"name\":\"\(name)\",\"cat\":\"\(category)\",\"ph\":\"i\",\"s\":\"p\",\"ts\":\(time.wholeMicroseconds),\"pid\":\(pid),\"tid\":\(runTid),\"args\":{\(args)}}\n"
    }

    private static func stopName(_ ending: RunEnding) -> String {
        switch ending {
        case .cancelled: "cancel"
        case .failFast: "fail fast"
        case .thrown: "throw"
        case .taken: "take"
        case .drained, .timeUp: ending.name
        }
    }

    /// Appends `,"priority_base":"low","priority_current":"medium","saw_run_label":true`: the
    /// priorities a scan read about its task, and whether it found the run's task-local label
    /// (`RunLabel`), each where it read one.
    static func appendPriorities(of child: ChildView, to line: inout String) {
        if let base = child.base { line += ",\"priority_base\":\"\(priorityName(base))\"" }
        if let current = child.current { line += ",\"priority_current\":\"\(priorityName(current))\"" }
        if let saw = child.sawRunLabel { line += ",\"saw_run_label\":\(saw)" }
    }

    /// `high`, `medium` or `low`, or the raw value of a priority Sky never asks for.
    static func priorityName(_ priority: TaskPriority) -> String {
        ScanPriority(priority)?.description ?? "\(priority.rawValue)"
    }

    /// A JSON string: a task's name is whatever the task was given.
    static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20: quoted += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
