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
///
/// Values are tallied on the way in and handed to the histograms when a reader asks. A histogram
/// record is a call into another module with a uniqueness check on its counts, and the engine
/// records twice per scan on its one serial step. Latencies under 256 µs (short scans' run times,
/// the first waits after an admission) are counted in a table of their own, a microsecond to an
/// entry; longer ones mostly fall in the same bucket as the value before (scans admitted together
/// wait nearly alike), and a run of them is counted as one. The histograms end up the same.
struct LatencyRecorder: Sendable {
    // Microseconds from 1 µs to one day, two significant digits: about 30 KB per histogram.
    private var wait = Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: 86_400_000_000, numberOfSignificantValueDigits: .two)
    private var run = Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: 86_400_000_000, numberOfSignificantValueDigits: .two)
    private var waitTally = Tally()
    private var runTally = Tally()

    /// Values recorded and not yet in their histogram.
    private struct Tally {
        /// Counts of the values below its size, one entry each: the histogram keeps every
        /// microsecond apart up to 256 at two significant digits, so nothing is merged.
        var small = InlineArray<256, UInt64>(repeating: 0)
        /// The bucket of the latest larger value, `low ..< low + width`, and how many values in a
        /// row fell in it; an empty range before the first.
        var low: UInt64 = 0
        var width: UInt64 = 0
        var count: UInt64 = 0

        @inline(__always)
        mutating func record(_ value: UInt64, into histogram: inout Histogram<UInt64>) {
            if value < UInt64(small.count) {
                small[Int(value)] &+= 1
            } else if value &- low < width {
                count &+= 1
            } else {
                startRun(of: value, into: &histogram)
            }
        }

        /// Hands the run held so far to `histogram` and starts one of `value`'s bucket.
        mutating func startRun(of value: UInt64, into histogram: inout Histogram<UInt64>) {
            // Any value of a bucket records the same as the values counted in it.
            if count > 0 { _ = histogram.record(low, count: count) }
            (low, width) = LatencyRecorder.bucket(of: value)
            count = 1
        }

        /// Hands everything held to `histogram`.
        mutating func settle(into histogram: inout Histogram<UInt64>) {
            for value in small.indices where small[value] > 0 {
                _ = histogram.record(UInt64(value), count: small[value])
                small[value] = 0
            }
            if count > 0 { _ = histogram.record(low, count: count) }
            (low, width, count) = (0, 0, 0)
        }
    }

    /// The values `value` shares a histogram bucket with, `low ..< low + width`: what the
    /// histogram's `lowestEquivalentForValue` and `nextNonEquivalentForValue` give for its
    /// configuration (a unit of 1, two significant digits: 256 buckets a microsecond wide, then
    /// buckets twice as wide for each doubling), worked out inline because runs of waits change
    /// bucket about every scan. A test holds it to the library's answer.
    @inline(__always)
    static func bucket(of value: UInt64) -> (low: UInt64, width: UInt64) {
        let magnitude = UInt64.bitWidth - 1 - (value | 255).leadingZeroBitCount
        let width: UInt64 = 1 << (magnitude - 7)
        return (value & ~(width - 1), width)
    }

    mutating func record(wait waited: Duration) {
        waitTally.record(Self.microseconds(waited.attoseconds), into: &wait)
    }

    mutating func record(run ran: Duration) {
        runTally.record(Self.microseconds(ran.attoseconds), into: &run)
    }

    // The engine's forms: they take both ends, because `Duration`'s subtraction is an outlined
    // call with overflow checks, where the attoseconds subtract inline (times within a run are
    // far from overflowing).
    @inline(__always)
    mutating func recordWait(from start: Duration, to end: Duration) {
        waitTally.record(Self.microseconds(end.attoseconds &- start.attoseconds), into: &wait)
    }

    @inline(__always)
    mutating func recordRun(from start: Duration, to end: Duration) {
        runTally.record(Self.microseconds(end.attoseconds &- start.attoseconds), into: &run)
    }

    var waitPercentiles: LatencyPercentiles {
        mutating get {
            waitTally.settle(into: &wait)
            return Self.percentiles(of: wait)
        }
    }

    var runPercentiles: LatencyPercentiles {
        mutating get {
            runTally.settle(into: &run)
            return Self.percentiles(of: run)
        }
    }

    var runCount: UInt64 {
        mutating get {
            runTally.settle(into: &run)
            return run.totalCount
        }
    }

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
