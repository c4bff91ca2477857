/// The scans a reader saw executing on a pool thread together, taken from the slots' turn counters
/// (`SlotLedger`): a child adds one to its slot's counter as its sweep gets a thread and one as it
/// leaves it, at each yield and at its end, so an odd counter is a scan on a thread.
///
/// A task group can hold more running children than the pool has threads; the difference between
/// "running" and "on a thread" is what an unbounded run makes visible. Slow motion keeps a scan on
/// its thread (`SlowMotion`), so the count has the same shape at any `--speed`.
///
/// No counter is shared by every scan, so no single load can give the count. A reader loads every
/// counter twice, in two passes. A counter that read the same in both passes did not change in
/// between (it only grows), so its slot held that state from the end of the first pass to the start
/// of the second; the slots odd in both passes were on a thread together then. A slot that changed
/// in between may or may not have been: the reading leaves it out and says so (`isExact`), so its
/// count is what was seen, never more than was there.
public struct ThreadReading: Sendable, Equatable {
    /// Scans seen on a thread together, at one moment between the two passes.
    public var onThread: Int
    /// Whether no counter changed between the passes, so that `onThread` is the whole count at that
    /// moment rather than the part of it the reader could see.
    public var isExact: Bool

    public init(onThread: Int, isExact: Bool) {
        self.onThread = onThread
        self.isExact = isExact
    }

    /// The reading from the two passes over the same counters, in the same order.
    init(first: [UInt64], second: [UInt64]) {
        precondition(first.count == second.count, "two passes over the same counters")
        var seen = 0
        var changed = false
        for (before, after) in zip(first, second) {
            if before != after {
                changed = true
            } else if before & 1 == 1 {
                seen += 1
            }
        }
        self.init(onThread: seen, isExact: !changed)
    }

    /// Before the run, and once it has ended: no scan on a thread, for certain.
    public static let none = ThreadReading(onThread: 0, isExact: true)
}
