/// Facts about the run that the engine does not know: shown in the header.
public struct RunInfo: Equatable, Sendable {
    /// Cores this process may use.
    public var cores: Int
    /// How the scans are scheduled, e.g. "batched".
    public var strategy: String
    /// A few words on what the strategy does, for the header and the help.
    public var strategyDetail: String

    public init(cores: Int, strategy: String = "batched", strategyDetail: String = "sliding window") {
        self.cores = cores
        self.strategy = strategy
        self.strategyDetail = strategyDetail
    }
}
