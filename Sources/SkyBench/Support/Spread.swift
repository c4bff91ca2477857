import SkyFormat

/// A figure measured several times: the median, with the smallest and largest sample.
///
/// A shared machine is noisy, so a single sample says little; the spread says how much. The
/// samples themselves are kept for `sky bench --save`, whose comparison needs every one of them;
/// the figures' JSON and equality are the summary's (median, min, max) alone.
public struct Spread: Codable, Equatable, Sendable {
    public var median: Double
    public var min: Double
    public var max: Double
    /// Every sample, in the order measured; empty for a spread made from its summary.
    public internal(set) var samples: [Double] = []

    enum CodingKeys: String, CodingKey {
        case median, min, max
    }

    /// - Precondition: `samples` is not empty.
    public init(_ samples: [Double]) {
        precondition(!samples.isEmpty, "a spread needs at least one sample")
        let sorted = samples.sorted()
        median = Median.of(sorted: sorted)
        min = sorted[0]
        max = sorted[sorted.count - 1]
        self.samples = samples
    }

    public init(median: Double, min: Double, max: Double) {
        self.median = median
        self.min = min
        self.max = max
    }

    /// The same spread with every value transformed by an increasing function.
    func mapped(_ transform: (Double) -> Double) -> Spread {
        var spread = Spread(median: transform(median), min: transform(min), max: transform(max))
        spread.samples = samples.map(transform)
        return spread
    }

    public static func == (lhs: Spread, rhs: Spread) -> Bool {
        lhs.median == rhs.median && lhs.min == rhs.min && lhs.max == rhs.max
    }
}
