/// Everything that decides a run. Equal configurations give equal scans, failures and checksums.
public struct RunConfiguration: Equatable, Sendable {
    /// The accepted ranges; the CLI quotes them in its errors.
    public static let totalRange = 1...1_000_000_000
    public static let batchRange = 1...4096
    public static let workRange = 0...100_000_000
    public static let failureRateRange = 0.0...1.0
    /// Lines per scan by default: about half a second on one core of this machine.
    public static let defaultWork = 500_000

    public var total: Int
    public var batch: Int
    public var seed: UInt64
    public var failureRate: Double
    public var priorityMix: PriorityMix
    /// Lines per sector, 512 pixels each; 0 makes a scan nearly free (for overhead measurement).
    public var work: Int
    /// Cancel the rest of the run at the first failure.
    public var failFast: Bool

    public init(
        total: Int, batch: Int, seed: UInt64, failureRate: Double = 0.1,
        priorityMix: PriorityMix = .standard, work: Int = defaultWork, failFast: Bool = false
    ) {
        precondition(Self.totalRange.contains(total), "total out of range")
        precondition(Self.batchRange.contains(batch), "batch out of range")
        precondition(Self.workRange.contains(work), "work out of range")
        precondition(Self.failureRateRange.contains(failureRate), "failure rate out of range")
        self.total = total
        self.batch = batch
        self.seed = seed
        self.failureRate = failureRate
        self.priorityMix = priorityMix
        self.work = work
        self.failFast = failFast
    }

    /// The plan of scan `index`, derived, never stored.
    public func plan(_ index: Int) -> ScanPlan {
        ScanPlan(seed: seed, index: index, lines: work, failureRate: failureRate, mix: priorityMix)
    }
}
