import SkyCore
import SkyReport

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

    /// `scan 7 (high)`
    static func scan(_ event: ScanEvent) -> String {
        "scan \(event.scan) (\(event.priority))"
    }

    /// `H H M L`: the priorities' initials, in order.
    static func initials(_ events: [ScanEvent]) -> String {
        events.map { String($0.priority.description.prefix(1).uppercased()) }.joined(separator: " ")
    }

    /// `×1.9`: how many times as long `slower` took as `faster`.
    static func ratio(_ slower: Duration, _ faster: Duration) -> String {
        faster > .zero ? FixedPoint.fixed(slower / faster, places: 1) : "—"
    }

    /// A checksum as the summary prints it.
    static func checksum(_ value: UInt64) -> String { Hex.format(value) }
}
