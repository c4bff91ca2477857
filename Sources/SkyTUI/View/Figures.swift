import SkyFormat

/// Numbers and times as the dashboard shows them: short, steady in width, never rounded to a lie.
enum Figures {
    /// A run clock: `0:03.4` under an hour, `1:02:03` beyond.
    static func clock(_ duration: Duration) -> String {
        let tenths = max(0, Int((duration.seconds * 10).rounded(.down)))
        let seconds = tenths / 10
        if seconds >= 3600 {
            return "\(seconds / 3600):\(twoDigits(seconds / 60 % 60)):\(twoDigits(seconds % 60))"
        }
        return "\(seconds / 60):\(twoDigits(seconds % 60)).\(tenths % 10)"
    }

    /// A time still to come, in whole seconds rounded up: `0:08`, `1:02:03`.
    static func countdown(seconds value: Double) -> String {
        let seconds = Int(value.rounded(.up))
        if seconds >= 3600 {
            return "\(seconds / 3600):\(twoDigits(seconds / 60 % 60)):\(twoDigits(seconds % 60))"
        }
        return "\(seconds / 60):\(twoDigits(seconds % 60))"
    }

    /// A rate or a latency with as many decimals as its size deserves: `3.52`, `41.7`, `1207`.
    static func quantity(_ value: Double) -> String {
        if value < 10 { return FixedPoint.fixed(value, places: 2) }
        if value < 1000 { return FixedPoint.fixed(value, places: 1) }
        return FixedPoint.fixed(value, places: 0)
    }

    /// Seconds with one decimal: `1.2 s`.
    static func seconds(_ duration: Duration) -> String {
        FixedPoint.fixed(max(0, duration.seconds), places: 1) + " s"
    }

    /// The window a rate is over, in tenths of a second cut like the run clock's, so that a
    /// window since the start reads as the clock does: `1.2 s`, and whole seconds as `5 s`.
    static func window(_ duration: Duration) -> String {
        // The tolerance keeps a window of exactly five seconds, summed in floating point, at 5.
        let tenths = Int((max(0, duration.seconds) * 10 + 1e-6).rounded(.down))
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }

    /// A short delay: whole milliseconds under a second (`610 ms`), else `seconds`.
    static func delay(_ duration: Duration) -> String {
        duration < .seconds(1) ? FixedPoint.fixed(max(0, duration.seconds * 1000), places: 0) + " ms" : seconds(duration)
    }

    /// A count in at most `width` characters: exact when it fits, else `12.3k`, `4.5M`, `1.0G`.
    static func count(_ value: Int, width: Int) -> String {
        let exact = String(value)
        if exact.count <= width { return exact }
        for (scale, suffix) in [(1e9, "G"), (1e6, "M"), (1e3, "k")] where Double(value) >= scale {
            return FixedPoint.fixed(Double(value) / scale, places: 1) + suffix
        }
        return exact
    }

    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    static func padRight(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
