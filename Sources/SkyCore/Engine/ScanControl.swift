/// A message from the outside (keys, signals) to a running `ScanModel`.
public enum ScanControl: Equatable, Sendable {
    /// Running scans finish; no new ones start.
    case pause
    case resume
    /// Changes how many scans may run at once; the window follows from the next scheduling step.
    case setBatch(Int)
    /// Cancels the run: running scans stop at their next check, waiting ones never start.
    case cancel
    /// While paused: lets exactly one more scan start, one scheduling step.
    case step
}
