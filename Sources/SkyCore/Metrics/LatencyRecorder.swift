import Histogram

/// Percentiles of one latency, in milliseconds.
public struct LatencyPercentiles: Equatable, Sendable {
    public var p50: Double
    public var p95: Double
    public var p99: Double
    /// How many times were measured: with none, the percentiles are no measurement at all.
    public var count: UInt64

    public static let zero = LatencyPercentiles(p50: 0, p95: 0, p99: 0, count: 0)

    public init(p50: Double, p95: Double, p99: Double, count: UInt64 = 1) {
        self.p50 = p50
        self.p95 = p95
        self.p99 = p99
        self.count = count
    }
}

/// Wait time (scheduled → started) and run time (the child's own sweep) of every scan, in
/// fixed-size HDR histograms: memory stays the same for ten scans or ten million. The run times
/// also go into the metrics file's fixed buckets.
struct LatencyRecorder: Sendable {
    // Microseconds from 1 µs to one day, two significant digits: about 30 KB per histogram.
    private var wait = Self.histogram()
    private var run = Self.histogram()
    private(set) var runBuckets = RunTimeBuckets()

    private static func histogram() -> Histogram<UInt64> {
        Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 86_400_000_000, numberOfSignificantValueDigits: .two)
    }

    mutating func record(wait waited: Duration) {
        _ = wait.record(Self.microseconds(waited))
    }

    mutating func record(run ran: Duration) {
        _ = run.record(Self.microseconds(ran))
        runBuckets.record(ran)
    }

    var waitPercentiles: LatencyPercentiles { Self.percentiles(of: wait) }
    var runPercentiles: LatencyPercentiles { Self.percentiles(of: run) }
    var runCount: UInt64 { run.totalCount }

    /// The histograms' footprint, which must not grow with the number of scans.
    var footprintBytes: Int { wait.estimatedFootprintInBytes + run.estimatedFootprintInBytes }

    /// Whole microseconds, within the histogram's range (a zero-length wait counts as 1 µs).
    private static func microseconds(_ duration: Duration) -> UInt64 {
        UInt64(min(max(1, duration.wholeMicroseconds), 86_400_000_000))
    }

    private static func percentiles(of histogram: Histogram<UInt64>) -> LatencyPercentiles {
        guard histogram.totalCount > 0 else { return .zero }
        return LatencyPercentiles(
            p50: Double(histogram.valueAtPercentile(50)) / 1000,
            p95: Double(histogram.valueAtPercentile(95)) / 1000,
            p99: Double(histogram.valueAtPercentile(99)) / 1000, count: histogram.totalCount)
    }
}
