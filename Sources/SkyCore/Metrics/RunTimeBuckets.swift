/// Every scan's run time counted into fixed buckets, with their sum: the metrics file's histogram
/// (`sky_scan_duration_seconds`). The HDR histogram beside it gives exact percentiles, but a
/// dashboard needs buckets that are the same on every host and at every moment, so that it can
/// add hosts together and subtract an hour ago from now; and the exact sum, which HDR does not keep.
public struct RunTimeBuckets: Equatable, Sendable {
    /// The buckets' upper bounds: 1, 2 and 5 times each power of ten from 1 ms to 100 s, which
    /// spans `--work` from a few lines to its largest (the default is about 1 s verified).
    public static let bounds: [Duration] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000]
        .map { .milliseconds($0) }

    /// How many run times fell in each bucket: above the bound before, at most its own; the last
    /// holds those above every bound.
    private var counts = [Int](repeating: 0, count: bounds.count + 1)
    /// Every run time added up.
    public private(set) var sum: Duration = .zero

    public init() {}

    mutating func record(_ ran: Duration) {
        counts[Self.bounds.firstIndex { ran <= $0 } ?? Self.bounds.count] += 1
        sum += ran
    }

    /// How many run times were recorded.
    public var count: Int { counts.reduce(0, +) }

    /// For each bound, how many run times were at most it: Prometheus's cumulative `le` buckets
    /// (the last, `+Inf`, is `count`).
    public var atMost: [Int] {
        var total = 0
        return counts.dropLast().map { total += $0; return total }
    }
}
