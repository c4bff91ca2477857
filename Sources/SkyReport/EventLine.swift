public import SkyCore

/// One event as a line of the JSON Lines events file.
///
/// Written by hand rather than through `JSONEncoder` because it runs once per event on the engine's
/// executor; every value is a number or a fixed name, so nothing needs escaping.
public enum EventLine {
    public static func format(_ event: ScanEvent) -> String {
        var line = "{\"event\":\"\(event.name)\",\"scan\":\(event.scan),\"priority\":\"\(event.priority)\""
        line += ",\"time\":\(FixedPoint.seconds(event.time))"
        if let slot = event.slot { line += ",\"slot\":\(slot)" }
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
        case .scheduled, .started, .cancelled:
            break
        }
        return line + "}\n"
    }

    /// The error a verification failure reports, wherever it is written.
    static let verificationError = "verification failure: possible hardware fault"

    /// A change to the whole run, as a line between the scans' events where it happened.
    public static func format(_ change: RunChange) -> String {
        var line = "{\"event\":\"\(change.name)\""
        switch change.kind {
        case .batch(let batch): line += ",\"batch\":\(batch)"
        case .stopping(let ending):
            line += ",\"reason\":\"\(ending.name)\""
            if let scan = ending.scan { line += ",\"scan\":\(scan)" }
        case .paused, .resumed, .step, .timeUp: break
        }
        return line + ",\"time\":\(FixedPoint.seconds(change.time))}\n"
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

enum Hex {
    static func format(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
