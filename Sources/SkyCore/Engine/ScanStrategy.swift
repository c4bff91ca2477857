/// How a run puts its scans on the cooperative pool (`--strategy`). Each one is a different
/// structured-concurrency shape, with the same scans, bookkeeping and events, so a student can
/// switch between them and compare what the counters and lanes show.
public enum ScanStrategy: String, CaseIterable, Sendable {
    /// One scan after another, awaited in a plain loop: no child task per scan, never two at once.
    case serial
    /// Every scan added to the task group at once; the pool, not the program, decides how many
    /// really run.
    case unbounded
    /// A sliding window: `batch` child tasks, and each finished one makes room for the next.
    case batched
    /// The same window, exposed as an `AsyncStream` of results that the run consumes; when the
    /// consumer stops, the stream's `onTermination` cancels the producer task.
    case stream

    /// A few words for headers and listings.
    public var summary: String {
        switch self {
        case .serial: "one at a time, a plain loop"
        case .unbounded: "all in the group at once"
        case .batched: "sliding window"
        case .stream: "window into an AsyncStream"
        }
    }

    /// Whether `--batch` bounds the run (serial is always one; unbounded has no bound).
    public var usesBatch: Bool { self == .batched || self == .stream }

    /// With `--errors throw`, what a failure is thrown out of: in `serial`, the loop, which runs
    /// each scan on the loop's own task, so no scan starts after it; in `unbounded` and
    /// `batched`, the task group, which cancels every other child. `nil` for `stream`, whose
    /// results come through an `AsyncStream`, which does not throw.
    public var throwsOutOf: String? {
        switch self {
        case .serial: "the serial loop"
        case .unbounded, .batched: "the task group"
        case .stream: nil
        }
    }
}

/// What a failed scan does to its run (`--errors`).
public enum ErrorMode: String, CaseIterable, Sendable {
    /// Each outcome is a `Result`: a failure is recorded and the group goes on.
    case result
    /// The first failure is thrown (`ScanStrategy.throwsOutOf`): out of a task group, it cancels
    /// every other scan and discards the results that finished but were not yet taken from the
    /// group; out of the serial loop, no scan starts after it.
    case `throw`
    /// A throwing task group whose body collects each result in an array and returns the array
    /// when the group ends, as `for try await result in group { results.append(result) }` does:
    /// the first failure thrown loses every result collected so far.
    case collect

    /// Whether a failure is thrown out of the group (or the serial loop).
    public var throwsFailures: Bool { self != .result }
}
