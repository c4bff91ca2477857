import SkyHost
import SkyFormat
public import SkySoak

/// The host's CPUs in a line: the part an interval line adds, as text or as JSON fields.
public enum HostLine {
    /// `cores 98-100% busy, 2400-2600 MHz, hottest 71°C on core 3, throttled 2 times (package 2, cores 0)`.
    /// A figure the host does not give reads `n/a`; `missingLine` says why, once.
    public static func text(_ figures: HostFigures) -> String {
        "cores " + parts(figures, throttle: true).joined(separator: ", ")
    }

    /// The figures, each in a few words; the throttle counts' only if `throttle`.
    static func parts(_ figures: HostFigures, throttle: Bool) -> [String] {
        let rows = figures.rows
        var parts: [String] = []
        let busy = rows.compactMap(\.utilisation).map { Int(($0 * 100).rounded()) }
        parts.append(span(busy.min(), busy.max(), unit: "%") + " busy")
        let mhz = rows.compactMap(\.megahertz).map { Int($0.rounded()) }
        parts.append(span(mhz.min(), mhz.max(), unit: " MHz"))
        if let hottest = CoreRows.hottest(rows) {
            parts.append("hottest \(FixedPoint.fixed(hottest.celsius!, places: 0))°C on core \(hottest.worst)")
        } else {
            parts.append("temperature n/a")
        }
        let mismatched = rows.filter { ($0.mismatches ?? 0) > 0 }
        if !mismatched.isEmpty {
            let named = mismatched.prefix(3).map { "core \($0.label) (\($0.mismatches!))" }.joined(separator: ", ")
            parts.append("mismatches on " + named + (mismatched.count > 3 ? " and \(mismatched.count - 3) more" : ""))
        }
        guard throttle else { return parts }
        if let rise = figures.throttle {
            let total = rise.core + rise.package
            parts.append(total == 0 ? "not throttled" : "throttled \(total) time\(total == 1 ? "" : "s") (package \(rise.package), cores \(rise.core))")
        } else {
            parts.append("throttle counts n/a")
        }
        return parts
    }

    /// `host sensors: no thermal sensors: virtual machine; …`; `nil` when
    /// nothing is missing.
    public static func missingLine(_ missing: [String]) -> String? {
        missing.isEmpty ? nil : "host sensors: " + missing.joined(separator: "; ")
    }

    /// `"per_core":[{"celsius":null,"core":0,"mhz":2400.0,"mismatches":0,"utilisation":0.98,"verified":12},…]`
    /// and, where the host counts throttling, `"throttle_counts":{"core":0,"package":2}`: fields of
    /// an interval's JSON object, keys sorted as the summary's are.
    public static func jsonFields(_ figures: HostFigures) -> [String] {
        let rows = figures.rows.map { row in
            "{" + [
                "\"celsius\":\(number(row.celsius, places: 1))", "\"core\":\(row.first)", "\"mhz\":\(number(row.megahertz, places: 1))",
                "\"mismatches\":\(row.mismatches.map(String.init) ?? "null")",
                "\"utilisation\":\(number(row.utilisation, places: 4))", "\"verified\":\(row.verified.map(String.init) ?? "null")",
            ].joined(separator: ",") + "}"
        }
        var fields = ["\"per_core\":[" + rows.joined(separator: ",") + "]"]
        if let rise = figures.throttle { fields.append("\"throttle_counts\":{\"core\":\(rise.core),\"package\":\(rise.package)}") }
        return fields
    }

    private static func number(_ value: Double?, places: Int) -> String {
        value.map { FixedPoint.fixed($0, places: places) } ?? "null"
    }

    /// `98-100%`, `100%`, `2400 MHz`; `n/a`, `n/a MHz` when unknown.
    private static func span(_ low: Int?, _ high: Int?, unit: String) -> String {
        guard let low, let high else { return "n/a" + (unit.hasPrefix(" ") ? unit : "") }
        return (low == high ? "\(low)" : "\(low)-\(high)") + unit
    }
}
