#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A moment on the wall clock, to the second, written in UTC as ISO 8601 (`2026-11-28T01:21:41Z`):
/// what a report says of when its run started and ended, so reports from hosts in other time zones
/// compare as they are written.
public struct UTCTime: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    public var secondsSinceEpoch: Int64

    public init(secondsSinceEpoch: Int64) {
        self.secondsSinceEpoch = secondsSinceEpoch
    }

    /// The wall clock now (`CLOCK_REALTIME`), which an operator's clock and other hosts' share.
    public static func now() -> UTCTime {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return UTCTime(secondsSinceEpoch: Int64(time.tv_sec))
    }

    /// `2026-11-28T01:21:41Z`.
    public var description: String {
        var seconds = time_t(secondsSinceEpoch)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    /// Reads `2026-11-28T01:21:41Z` as `description` writes it; `nil` for anything else (another
    /// zone, fractions of a second, a date that does not exist).
    public init?(iso8601 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            var value: Int32 = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int32(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        var parts = tm()
        (parts.tm_year, parts.tm_mon, parts.tm_mday) = (year - 1900, month - 1, day)
        (parts.tm_hour, parts.tm_min, parts.tm_sec) = (hour, minute, second)
        let seconds = timegm(&parts)
        self.init(secondsSinceEpoch: Int64(seconds))
        // 31 February comes back as 3 March: not a date a summary would hold.
        guard description == text else { return nil }
    }

    public static func < (a: UTCTime, b: UTCTime) -> Bool { a.secondsSinceEpoch < b.secondsSinceEpoch }
}
