internal import CSkySystem

/// Time since a run started, on the clock `ContinuousClock` reads.
///
/// The engine reads the time once for every scan. `ContinuousClock.now - origin` took about 70 ns
/// of that step here, through the runtime's `swift_get_time` and `Duration`'s outlined arithmetic;
/// reading the same clock from the C library and subtracting nanoseconds takes about 30.
///
/// It holds a plain integer on purpose. A `ContinuousClock.Instant` comes from a resilient
/// library: a struct holding one has no fixed layout, and each copy goes through its metadata.
struct RunClock: Sendable {
    private var originNanoseconds: Int64

    /// Starts counting from now; take `ContinuousClock.now` alongside it for the same origin.
    init() {
        originNanoseconds = Int64(sky_continuous_nanoseconds())
    }

    /// The time since the origin.
    @inline(__always)
    func elapsed() -> Duration {
        .nanoseconds(Int64(sky_continuous_nanoseconds()) &- originNanoseconds)
    }
}
