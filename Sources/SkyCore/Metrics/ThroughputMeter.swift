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
    /// The bucket of the latest finish is counted here, outside the ring, and stored into the ring
    /// when a finish lands in another bucket. Finishes come in time order, so nearly every one
    /// only compares its time with this bucket's span and adds one: no 128-bit division, and no
    /// array write with its uniqueness check.
    private var openEpoch = -1
    private var openCount = 0
    /// The open bucket's span in attoseconds; empty until the first finish.
    private var openStart: Int128 = 0
    private var openEnd: Int128 = 0

    @inline(__always)
    mutating func record(at elapsed: Duration) {
        total += 1
        let attoseconds = elapsed.attoseconds
        if attoseconds < openStart || attoseconds >= openEnd { open(Self.epoch(of: elapsed)) }
        openCount += 1
    }

    /// Stores the open bucket into the ring and opens `epoch`, carrying on its count if the ring
    /// already holds it.
    private mutating func open(_ epoch: Int) {
        if openEpoch >= 0 {
            let slot = openEpoch % Self.bucketCount
            epochs[slot] = openEpoch
            counts[slot] = openCount
        }
        let slot = epoch % Self.bucketCount
        openCount = epochs[slot] == epoch ? counts[slot] : 0
        openEpoch = epoch
        openStart = Int128(epoch) * Self.bucketWidth.attoseconds
        openEnd = openStart + Self.bucketWidth.attoseconds
    }

    /// Scans per second over the last `window` (or the whole run, while it is younger than that).
    func recentRate(at elapsed: Duration) -> Double {
        let now = Self.epoch(of: elapsed)
        let oldest = now - Self.bucketCount + 1
        var sum = 0
        // The ring's entry for the open bucket, if any, is stale; the open count replaces it.
        for slot in 0..<Self.bucketCount
        where epochs[slot] >= oldest && epochs[slot] <= now && epochs[slot] != openEpoch {
            sum += counts[slot]
        }
        if openEpoch >= oldest && openEpoch <= now { sum += openCount }
        let span = min(elapsed, Self.window).seconds
        return span > 0 ? Double(sum) / span : 0
    }

    func meanRate(at elapsed: Duration) -> Double {
        let seconds = elapsed.seconds
        return seconds > 0 ? Double(total) / seconds : 0
    }

    /// Integer arithmetic on purpose: dividing one `Duration` by another goes through `Double`
    /// and software 128-bit conversions, and this runs for every finished scan.
    private static func epoch(of elapsed: Duration) -> Int {
        Int(truncatingIfNeeded: elapsed.attoseconds / bucketWidth.attoseconds)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) * 1e-18
    }
}
