/// What a file the run streams as it goes (the events file, the trace) failed to keep: records
/// left out because the disk could not keep up, or a write that failed. Either fails the verdict
/// and makes sky exit 74.
public struct OutputLoss: Equatable, Sendable {
    /// How messages name the file: `the events file`.
    public let file: String
    /// Records the file had to leave out because the disk could not keep up.
    public var dropped: Int
    /// Why the file could not be written, if it could not.
    public var failure: WriteFailure?

    public init(file: String, dropped: Int = 0, failure: WriteFailure? = nil) {
        self.file = file
        self.dropped = dropped
        self.failure = failure
    }

    public static let eventsFile = "the events file"
    public static let traceFile = "the trace file"

    /// How the file fell short of the run, if it did: `1204 events were left out (it could not
    /// keep up)` or `a write failed (No space left on device)`.
    public var loss: String? {
        if let failure {
            return "a write failed (\(failure.reason))" + (failure.ended ? "" : "; not even its end could be written, so it does not parse")
        }
        guard dropped > 0 else { return nil }
        return "\(dropped) event\(dropped == 1 ? " was" : "s were") left out (it could not keep up)"
    }

    /// `the events file is incomplete: …`, if it is.
    public var line: String? { loss.map { "\(file) is incomplete: \($0)" } }
}

/// A write that failed: why, and whether the ending could still be written after it.
public struct WriteFailure: Error, Equatable, Sendable {
    public var reason: String
    public var ended: Bool

    public init(reason: String, ended: Bool = true) {
        self.reason = reason
        self.ended = ended
    }
}
