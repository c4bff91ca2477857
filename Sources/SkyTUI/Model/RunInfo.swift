/// Facts about the run that the engine does not know: shown in the header.
public struct RunInfo: Equatable, Sendable {
    /// Cores this process may use.
    public var cores: Int
    /// Where the completed and failed counts on screen come from.
    public var counters: CounterSource
    /// Why `r` cannot run the scans again, if it cannot: an output that holds one run, such as
    /// `--events keeps one run`.
    public var rerunRefusal: String?
    /// A recorded run played back (`sky replay`): what the title bar says instead of the live
    /// run's name, e.g. `replay of run.jsonl at 2×`. The keys that would change the run do nothing.
    public var replay: String?

    public init(cores: Int, counters: CounterSource = .viaActor, rerunRefusal: String? = nil, replay: String? = nil) {
        self.cores = cores
        self.counters = counters
        self.rerunRefusal = rerunRefusal
        self.replay = replay
    }
}

/// `--counters`: how the dashboard learns how many scans have finished.
public enum CounterSource: String, CaseIterable, Equatable, Sendable {
    /// The actor's own counts, which move only when the actor gets a thread from the pool.
    case viaActor = "via-actor"
    /// Counted by each scan's child as it ends, with no hop: live even when the pool is full.
    case direct

    /// The word that labels a figure from this source on the dashboard: every figure is the
    /// actor's unless it, or its panel's title, says otherwise.
    public var tag: String {
        switch self {
        case .viaActor: "actor"
        case .direct: "children"
        }
    }
}
