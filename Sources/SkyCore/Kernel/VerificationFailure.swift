internal import CSkySystem

/// A scan whose result differed from its independent recomputation: a possible hardware fault.
///
/// It carries where the scan ran, so a fault that keeps landing on one core stands out.
public struct VerificationFailure: Hashable, Sendable {
    /// What the scan's sweep produced (after any `--inject-corruption`).
    public var found: ScanResult
    /// What the independent recomputation produced.
    public var expected: ScanResult
    /// The CPU core the scan was on when its result was checked (`sched_getcpu`); -1 if unknown.
    public var core: Int
    /// The kernel id of the worker thread that ran the scan (`gettid`).
    public var thread: Int

    public init(found: ScanResult, expected: ScanResult, core: Int, thread: Int) {
        self.found = found
        self.expected = expected
        self.core = core
        self.thread = thread
    }

    /// A mismatch seen by the calling thread, on `core`, where it checked the result.
    static func here(found: ScanResult, expected: ScanResult, core: Int) -> VerificationFailure {
        VerificationFailure(found: found, expected: expected, core: core, thread: sky_thread_id())
    }

    /// The CPU core the calling thread runs on now; -1 if unknown.
    static var currentCore: Int { Int(sky_current_core()) }
}

/// One verification failure, as listed in the summary and shown on the dashboard.
public struct VerificationRecord: Equatable, Sendable {
    public var scan: Int
    public var priority: ScanPriority
    public var failure: VerificationFailure
    /// When it was found, measured from the start of the run.
    public var time: Duration
}
