/// One failed scan, as shown in the errors panel and listed in the summary.
public struct ScanErrorRecord: Equatable, Sendable {
    public var scan: Int
    public var priority: ScanPriority
    public var failure: ScanFailure
    /// When it failed, measured from the start of the run.
    public var time: Duration
}
