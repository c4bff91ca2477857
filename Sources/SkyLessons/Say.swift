import SkyCore
import SkyFormat

/// How the answers write their figures, so every lesson writes them alike.
enum Say {
    /// `2.41 s`
    static func seconds(_ duration: Duration) -> String {
        FixedPoint.fixed(duration.seconds, places: 2) + " s"
    }

    /// `0.41 ms`, `12.4 ms`: as the summary writes how fast a cancel stopped things.
    static func milliseconds(_ duration: Duration) -> String {
        FixedPoint.milliseconds(duration) + " ms"
    }

    /// `100 ms`: a set length of time, not a measured one.
    static func wholeMilliseconds(_ duration: Duration) -> String {
        "\(Int((duration / .milliseconds(1)).rounded())) ms"
    }

    /// `1 scan`, `3 scans`.
    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `1 child`, `3 children`.
    static func children(_ count: Int) -> String {
        "\(count) \(count == 1 ? "child" : "children")"
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// `scan 3`, `scans 2, 3 and 7`: scans by number, in the order given.
    static func scans(_ events: [ScanEvent]) -> String {
        (events.count == 1 ? "scan " : "scans ") + list(events.map { "\($0.scan)" })
    }

    /// `scan 7 (high)`
    static func scan(_ event: ScanEvent) -> String {
        "scan \(event.scan) (\(event.priority))"
    }

    /// `text` to begin a sentence with: its first letter a capital.
    static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// `H H M L`: the priorities' initials, in order.
    static func initials(_ events: [ScanEvent]) -> String {
        events.map { String($0.priority.description.prefix(1).uppercased()) }.joined(separator: " ")
    }

    /// `1.94`: how many times as long `longer` took as `shorter` (below 1 if it did not).
    static func ratio(_ longer: Duration, _ shorter: Duration) -> String {
        shorter > .zero ? FixedPoint.fixed(longer / shorter, places: 2) : "—"
    }

    /// A checksum as the summary prints it.
    static func checksum(_ value: UInt64) -> String { Hex.format(value) }
}
