import SkyFormat
public import SkySoak

/// The line `--report-every` writes for each interval, as text or as one JSON object.
public enum IntervalLine {
    /// `interval 3  0:20 to 0:30  41 scans  4.10/s (2.05/s per core)  since start 123 scans, 4.10/s  failed 0  verification failures 0  RSS 9.8 MB`
    /// `host` adds the cores' figures over the interval (`HostLine`); `cause`, what the throttle
    /// counts say of a throttled interval.
    public static func text(_ interval: IntervalFigures, number: Int, host: HostFigures? = nil, cause: ThrottleCause? = nil) -> String {
        var line = "interval \(number)  \(FixedPoint.clock(interval.start)) to \(FixedPoint.clock(interval.end))  \(interval.scans) scans  "
        line += "\(FixedPoint.fixed(interval.scansPerSecond, places: 2))/s (\(FixedPoint.fixed(interval.scansPerSecondPerCore, places: 2))/s per core)  "
        line += "since start \(interval.totalScans) scans, \(FixedPoint.fixed(interval.meanScansPerSecond, places: 2))/s  "
        line += "failed \(interval.failed)  verification failures \(interval.verificationFailures)  "
        line += "RSS \(FixedPoint.fixed(Double(interval.residentBytes) / 1_048_576, places: 1)) MB"
        if let host { line += "  " + HostLine.text(host) }
        if interval.throttled {
            line += "  THROTTLED? the rate is more than 10% below the first minute's" + (cause.map { ": " + $0.phrase } ?? "")
        }
        return line
    }

    /// One JSON Lines object; every value is a number, a boolean or null, so it is written by hand.
    public static func json(_ interval: IntervalFigures, number: Int, host: HostFigures? = nil, cause: ThrottleCause? = nil) -> String {
        var fields = ["\"interval\":\(number)"]
        fields.append("\"start\":\(FixedPoint.seconds(interval.start))")
        fields.append("\"end\":\(FixedPoint.seconds(interval.end))")
        fields.append("\"scans\":\(interval.scans)")
        fields.append("\"scans_per_second\":\(FixedPoint.fixed(interval.scansPerSecond, places: 4))")
        fields.append("\"scans_per_second_per_core\":\(FixedPoint.fixed(interval.scansPerSecondPerCore, places: 4))")
        fields.append("\"total_scans\":\(interval.totalScans)")
        fields.append("\"mean_scans_per_second\":\(FixedPoint.fixed(interval.meanScansPerSecond, places: 4))")
        fields.append("\"failed\":\(interval.failed)")
        fields.append("\"verification_failures\":\(interval.verificationFailures)")
        fields.append("\"rss_bytes\":\(interval.residentBytes)")
        fields.append("\"throttled\":\(interval.throttled)")
        if let host { fields += HostLine.jsonFields(host) }
        if interval.throttled, let cause { fields.append("\"throttle_cause\":\"\(cause.phrase)\"") }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
