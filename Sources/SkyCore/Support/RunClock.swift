internal import CSkySystem

/// Time since a run started, on the clock `ContinuousClock` reads.
///
/// The engine reads the time once for every scan. `ContinuousClock.now - origin` took about 70 ns
/// of that step here, through the runtime's `swift_get_time` and `Duration`'s outlined arithmetic;
/// reading the same clock from the C library and subtracting nanoseconds takes about 30.
struct RunClock: Sendable {
    /// When the run started, as `ContinuousClock` has it: for deadlines and the snapshot.
    private(set) var origin: ContinuousClock.Instant
    private var originNanoseconds: Int64

    init() {
        origin = .now
        originNanoseconds = Int64(sky_continuous_nanoseconds())
    }

    /// Starts counting again from now.
    mutating func restart() { self = RunClock() }

    /// The time since `origin`.
    @inline(__always)
    func elapsed() -> Duration {
        .nanoseconds(Int64(sky_continuous_nanoseconds()) &- originNanoseconds)
    }
}
