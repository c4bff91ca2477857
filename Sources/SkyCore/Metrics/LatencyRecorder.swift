import Histogram

/// Percentiles of one latency, in milliseconds.
public struct LatencyPercentiles: Equatable, Sendable {
    public var p50: Double
    public var p95: Double
    public var p99: Double

    public static let zero = LatencyPercentiles(p50: 0, p95: 0, p99: 0)

    public init(p50: Double, p95: Double, p99: Double) {
        self.p50 = p50
        self.p95 = p95
        self.p99 = p99
    }
}

/// Wait time (scheduled → started) and run time (started → finished) of every scan, in fixed-size
/// HDR histograms: memory stays the same for ten scans or ten million.
struct LatencyRecorder: Sendable {
    // Microseconds from 1 µs to one day, two significant digits: about 30 KB per histogram.
    private var wait = Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: 86_400_000_000, numberOfSignificantValueDigits: .two)
    private var run = Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: 86_400_000_000, numberOfSignificantValueDigits: .two)

    mutating func record(wait waited: Duration) { _ = wait.record(Self.microseconds(waited.attoseconds)) }
    mutating func record(run ran: Duration) { _ = run.record(Self.microseconds(ran.attoseconds)) }
    // The engine's forms: they take both ends, because `Duration`'s subtraction is an outlined
    // call with overflow checks, where the attoseconds subtract inline (times within a run are
    // far from overflowing).
    @inline(__always)
    mutating func recordWait(from start: Duration, to end: Duration) {
        _ = wait.record(Self.microseconds(end.attoseconds &- start.attoseconds))
    }
    @inline(__always)
    mutating func recordRun(from start: Duration, to end: Duration) {
        _ = run.record(Self.microseconds(end.attoseconds &- start.attoseconds))
    }

    var waitPercentiles: LatencyPercentiles { Self.percentiles(of: wait) }
    var runPercentiles: LatencyPercentiles { Self.percentiles(of: run) }
    var runCount: UInt64 { run.totalCount }
    /// The histograms' footprint, which must not grow with the number of scans.
    var footprintBytes: Int { wait.estimatedFootprintInBytes + run.estimatedFootprintInBytes }

    /// Runs twice per scan. `components` divides in software; so does a 128-bit division
    /// (`__divti3`, about a tenth of the recorder's time), so durations under about nine seconds,
    /// nearly all of them, divide in 64 bits, where dividing by a constant is a multiplication.
    private static func microseconds(_ attoseconds: Int128) -> UInt64 {
        // The low word, checked by widening it back: `Int64(exactly:)` is a generic call.
        let small = Int64(truncatingIfNeeded: attoseconds)
        let micros = Int128(small) == attoseconds ? small / 1_000_000_000_000 : Int64(clamping: attoseconds / 1_000_000_000_000)
        return UInt64(max(1, min(micros, 86_400_000_000)))
    }

    private static func percentiles(of histogram: Histogram<UInt64>) -> LatencyPercentiles {
        guard histogram.totalCount > 0 else { return .zero }
        return LatencyPercentiles(
            p50: Double(histogram.valueAtPercentile(50)) / 1000,
            p95: Double(histogram.valueAtPercentile(95)) / 1000,
            p99: Double(histogram.valueAtPercentile(99)) / 1000)
    }
}
