import SkyFormat

/// Which hosts are far slower per core than the rest of the fleet, by a rule robust to the
/// outliers themselves: the median and the median absolute deviation (MAD) of the rates per core.
///
/// A host is an outlier when its rate per core is below the median less the larger of 3 × 1.4826 ×
/// MAD (1.4826 × MAD estimates the standard deviation of normally spread rates) and 10% of the
/// median. The 10% keeps a fleet of near-identical hosts, whose MAD is tiny or zero, from flagging
/// hosts a percent or two apart: it is the fall that sky soak itself calls throttling. The rule
/// needs three hosts with a rate per core; hosts whose summary gives no cores (older sky) are
/// not judged.
public struct FleetOutliers: Equatable, Sendable {
    public static let deviations = 3.0
    /// 1.4826 × MAD estimates the standard deviation of a normal spread.
    public static let madScale = 1.4826
    /// The least fall below the median that is flagged, as a share of the median.
    public static let leastFall = 0.10
    public static let leastHosts = 3

    /// The rates per core judged: hosts whose cores are known.
    public let judged: Int
    public let median: Double?
    public let mad: Double?
    /// Rates per core below this are outliers; `nil` when too few hosts have a rate per core.
    public let threshold: Double?
    /// The indexes, into the rates given, of the outliers.
    public let flagged: Set<Int>

    /// `rates` are the hosts' rates per core, `nil` where unknown.
    public init(rates: [Double?]) {
        let known = rates.compactMap { $0 }
        judged = known.count
        guard let median = Self.median(known) else {
            (self.median, mad, threshold, flagged) = (nil, nil, nil, [])
            return
        }
        let mad = Self.median(known.map { abs($0 - median) }) ?? 0
        self.median = median
        self.mad = mad
        guard known.count >= Self.leastHosts else {
            (threshold, flagged) = (nil, [])
            return
        }
        let threshold = median - max(Self.deviations * Self.madScale * mad, Self.leastFall * median)
        self.threshold = threshold
        flagged = Set(rates.indices.filter { rates[$0].map { $0 < threshold } ?? false })
    }

    /// The rule as the output states it, with the figures it used; `rate` formats a rate per core.
    public func rule(rate: (Double) -> String) -> String {
        guard let threshold, let median, let mad else {
            return "outliers: none flagged, as that needs \(Self.leastHosts) hosts with a rate per core and \(judged) \(judged == 1 ? "has" : "have") one"
        }
        return "outliers: rate per core below \(rate(threshold)), the median \(rate(median)) less the larger of "
            + "3 × 1.4826 × MAD (MAD \(rate(mad))) and 10% of the median"
    }

    static func median(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : Median.of(sorted: values.sorted())
    }
}
