public import SkyCore

/// The explain panel's story: the narration, with a run of like events told as one line, the
/// newest `capacity` lines of it, and the cause of the run's stop pinned apart from them.
///
/// A throw that cancels a whole ready queue so takes one line, "25 scans (14 medium, 11 low)
/// cancelled before they started", and the failure that threw stays in sight however long the
/// story grows after it. Memory is bounded by `capacity` lines whatever the run's speed: the
/// events buffer keeps the stop and the scans' last events when it must drop some, and counts
/// what it dropped.
public struct ExplainLog: Sendable {
    public static let capacity = 200

    private var narrator: Narrator
    /// Oldest first.
    public private(set) var lines: [ExplainLine] = []
    /// Why the run stops, or stops starting scans, oldest first: a time-up, then a stop.
    public private(set) var causes: [ExplainLine] = []
    /// Lines ever added, those dropped since included: a view scrolled back stays on its lines.
    public private(set) var added = 0
    /// A failure that stops the run, held until the stop it causes comes.
    private var stoppingFailure: (scan: Int, line: ExplainLine)?

    public init(configuration: RunConfiguration) {
        narrator = Narrator(configuration: configuration)
    }

    /// The dashboard cancelled the run when `key` was pressed.
    public mutating func noteCancel(by key: String) {
        narrator.noteCancel(by: key)
    }

    /// Tells what the buffer held, in order.
    public mutating func take(_ held: [HeldEvent]) {
        for entry in held { take(entry) }
        if lines.count > Self.capacity { lines.removeFirst(lines.count - Self.capacity) }
    }

    private mutating func take(_ held: HeldEvent) {
        let time =
            switch held {
            case .event(let event): event.time
            case .skipped(let skipped): skipped.latest
            }
        let narration = narrator.narrate(held)
        let line = ExplainLine(time: time, narration: narration)
        pin(narration.cause, line)
        if let repeats = narration.repeats, let last = lines.indices.last, lines[last].joins(repeats) {
            lines[last].join(repeats, at: time)
        } else {
            lines.append(line)
            added += 1
        }
    }

    /// Keeps the cause of a stop: the failure that caused it when its sentence came just before,
    /// else the stop's own.
    private mutating func pin(_ cause: Narration.Cause?, _ line: ExplainLine) {
        switch cause {
        case .failure(let scan):
            stoppingFailure = (scan, line)
        case .stop(let ending):
            switch ending {
            case .thrown(let scan), .failFast(let scan):
                causes.append(stoppingFailure?.scan == scan ? stoppingFailure!.line : line)
            case .cancelled, .drained, .timeUp, .taken:
                causes.append(line)
            }
            stoppingFailure = nil
        case .timeUp:
            causes.append(line)
        case nil:
            break
        }
    }
}

/// A line of the explain panel: one decision, or a run of like ones.
public struct ExplainLine: Equatable, Sendable {
    /// When it happened; for a run of events, the newest.
    public private(set) var time: Duration
    public private(set) var text: String
    public let tone: Narration.Tone
    /// Scans the line tells of: more than one for a run of like events.
    public private(set) var count = 1
    private var repeats: Narration.Repeat?
    private var byPriority = PerPriority(high: 0, medium: 0, low: 0)

    init(time: Duration, narration: Narration) {
        self.time = time
        text = narration.text
        tone = narration.tone
        repeats = narration.repeats
        if let repeats { byPriority[repeats.priority] = 1 }
    }

    /// Whether an event told as `next` is one more of this line's run.
    func joins(_ next: Narration.Repeat) -> Bool {
        repeats?.kind == next.kind
    }

    /// Takes one more event of the run into the line: "N scans (…) <plural>", with the plural of
    /// the newest, which carries the latest figures ("24 children").
    mutating func join(_ next: Narration.Repeat, at time: Duration) {
        count += 1
        self.time = time
        repeats = next
        byPriority[next.priority] += 1
        let mix = ScanPriority.allCases.filter { byPriority[$0] > 0 }.map { "\(byPriority[$0]) \($0)" }
        text = "\(count) scans (\(mix.joined(separator: ", "))) \(next.plural)"
    }
}
