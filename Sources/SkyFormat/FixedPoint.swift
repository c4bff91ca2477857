import SkyCore

/// Fixed-point text for reports, without Foundation's `String(format:)`.
public enum FixedPoint {
    /// `value` with exactly `places` decimals, rounded half away from zero, e.g. `1.50`.
    public static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e18 else { return String(value) }
        let units = Int(scaled)
        let whole = Int(scale)
        let sign = value < 0 && units > 0 ? "-" : ""
        guard places > 0 else { return sign + String(units) }
        let fraction = String(units % whole)
        let padding = String(repeating: "0", count: places - fraction.count)
        return "\(sign)\(units / whole).\(padding)\(fraction)"
    }

    /// A short time in milliseconds, for how fast a cancel stopped things: two decimals below one
    /// millisecond (`0.03`), one above (`12.4`).
    public static func milliseconds(_ duration: Duration) -> String {
        let value = duration.seconds * 1000
        return fixed(value, places: value < 1 ? 2 : 1)
    }

    /// Seconds with microsecond precision, as in the events file: `12.003456`. Whole microseconds,
    /// rounded down as the engine's clock is, and written from the integer: a value read back is the
    /// value the engine used, so a replay reproduces its figures exactly.
    public static func seconds(_ duration: Duration) -> String {
        let microseconds = duration.wholeMicroseconds
        let sign = microseconds < 0 ? "-" : ""
        let fraction = String(abs(microseconds) % 1_000_000)
        return "\(sign)\(abs(microseconds) / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }

    /// A time into the run as a clock: `1:02:03.4` or `2:03.4`.
    public static func clock(_ duration: Duration) -> String {
        let tenths = max(0, Int((duration.seconds * 10).rounded(.down)))
        let total = tenths / 10
        let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
        let mm = minutes < 10 && hours > 0 ? "0\(minutes)" : "\(minutes)"
        let ss = seconds < 10 ? "0\(seconds)" : "\(seconds)"
        return (hours > 0 ? "\(hours):\(mm):\(ss)" : "\(mm):\(ss)") + ".\(tenths % 10)"
    }
}
