/// How far the actor's counters trail the scans' own: the age of the oldest finish that the
/// children have counted and the actor has not, measured frame by frame.
///
/// Each frame brings the two counts. A frame whose direct count was above what the actor has
/// counted now saw a finish the actor still lacks, so that finish is at least as old as the
/// frame. Only such frames are kept, and the actor's count only rises, so they leave from the
/// front: a stall of any length holds one entry per frame in which the count rose.
public struct CounterLag: Equatable, Sendable {
    /// Frames kept at most (five minutes at 30 frames a second); older ones are dropped, and the
    /// lag then reads from the oldest kept, an underestimate stated in the help.
    static let capacity = 9_000
    private var frames: [(time: Duration, direct: Int)] = []
    private var start = 0
    /// The lag as of the latest frame.
    public private(set) var current: Duration = .zero
    /// The longest lag seen.
    public private(set) var worst: Duration = .zero

    public init() {}

    public mutating func observe(direct: Int, actor: Int, at time: Duration) {
        while start < frames.count && frames[start].direct <= actor { start += 1 }
        if start == frames.count {
            frames.removeAll(keepingCapacity: true)
            start = 0
        }
        if direct > actor && (frames.count == start || direct > frames[frames.count - 1].direct) {
            if frames.count - start >= Self.capacity { start += 1 }
            if start > Self.capacity { frames.removeFirst(start); start = 0 }
            frames.append((time, direct))
        }
        current = start < frames.count ? time - frames[start].time : .zero
        worst = max(worst, current)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.current == rhs.current && lhs.worst == rhs.worst && lhs.frames.count - lhs.start == rhs.frames.count - rhs.start
    }
}
