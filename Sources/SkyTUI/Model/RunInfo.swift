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
    /// One part of a lesson (`sky lesson`): the title bar names it, and the done screen offers the
    /// key that goes on to what follows.
    public var lesson: LessonStage?
    /// `sky soak`: the operator's view (`SoakView`) in place of the teaching dashboard; `nil` for
    /// any other run.
    public var soak: SoakInfo?

    public init(
        cores: Int, counters: CounterSource = .viaActor, rerunRefusal: String? = nil, replay: String? = nil, lesson: LessonStage? = nil,
        soak: SoakInfo? = nil
    ) {
        self.cores = cores
        self.counters = counters
        self.rerunRefusal = rerunRefusal
        self.replay = replay
        self.lesson = lesson
        self.soak = soak
    }
}

/// What the soak's view shows that the engine does not know.
public struct SoakInfo: Equatable, Sendable {
    /// The host's name, for the title bar: an operator watches several hosts' soaks at once.
    public var host: String?

    public init(host: String?) {
        self.host = host
    }
}

/// Where a run stands in a lesson that runs its parts in turn.
public struct LessonStage: Equatable, Sendable {
    /// What the title bar says, e.g. `lesson 9, part 1 of 2: the task group`.
    public var title: String
    /// What the key that goes on leads to, e.g. `part 2, the serial queue`, or `the answers`
    /// after the last part.
    public var next: String
    /// The same in a word or two, for a narrow screen: `part 2`, `the answers`.
    public var nextBrief: String
    /// Texts from the lines of code the part is about, which the code panel marks and opens at
    /// (the lesson file's `Code:` line).
    public var code: [String]

    public init(title: String, next: String, nextBrief: String, code: [String] = []) {
        self.title = title
        self.next = next
        self.nextBrief = nextBrief
        self.code = code
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
