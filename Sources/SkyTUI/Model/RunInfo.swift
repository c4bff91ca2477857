/// Facts about the run that the engine does not know: shown in the header.
public struct RunInfo: Equatable, Sendable {
    /// Cores this process may use.
    public var cores: Int

    public init(cores: Int) {
        self.cores = cores
    }
}
