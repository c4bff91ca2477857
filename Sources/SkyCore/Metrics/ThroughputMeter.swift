/// Finished scans per second: over the last few seconds, and over the whole run.
///
/// Finishes are counted in quarter-second buckets in a fixed ring, so the recent rate costs the
/// same memory and time however long the run is.
struct ThroughputMeter: Sendable {
    static let bucketWidth: Duration = .milliseconds(250)
    static let bucketCount = 20
    /// The span of the recent rate: five seconds.
    static var window: Duration { bucketWidth * bucketCount }

    private var counts = [Int](repeating: 0, count: bucketCount)
    /// The absolute bucket number each ring entry currently holds.
    private var epochs = [Int](repeating: -1, count: bucketCount)
    private(set) var total = 0

    mutating func record(at elapsed: Duration) {
        total += 1
        let epoch = Self.epoch(of: elapsed)
        let slot = epoch % Self.bucketCount
        // A finish older than the ring's span (stamped late) counts in the total only.
        if epochs[slot] > epoch { return }
        if epochs[slot] < epoch {
            epochs[slot] = epoch
            counts[slot] = 0
        }
        counts[slot] += 1
    }

    /// Scans per second over the last `window` (or the whole run, while it is younger than that).
    func recentRate(at elapsed: Duration) -> Double {
        let now = Self.epoch(of: elapsed)
        let oldest = now - Self.bucketCount + 1
        var sum = 0
        for slot in 0..<Self.bucketCount where (oldest...now).contains(epochs[slot]) {
            sum += counts[slot]
        }
        let span = min(elapsed, Self.window).seconds
        return span > 0 ? Double(sum) / span : 0
    }

    func meanRate(at elapsed: Duration) -> Double {
        let seconds = elapsed.seconds
        return seconds > 0 ? Double(total) / seconds : 0
    }

    /// The bucket `elapsed` falls in. (Dividing one `Duration` by another goes through `Double`,
    /// and this runs for every finished scan.)
    private static func epoch(of elapsed: Duration) -> Int {
        Int(elapsed.wholeMicroseconds / bucketWidth.wholeMicroseconds)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) * 1e-18
    }
}
