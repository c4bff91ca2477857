/// What the frames saw during one column of the timeline: scans executing on a thread and scans
/// waiting in the ready queue, summed over the frames that fell in it, so columns merge by adding.
public struct TimelineSample: Equatable, Sendable {
    public var threads: Float = 0
    public var queue: Float = 0
    public var frames: Float = 0

    public init() {}

    /// The mean number of scans on a thread; `nil` when no frame fell in the column.
    public var meanThreads: Float? { frames > 0 ? threads / frames : nil }
    /// The mean depth of the ready queue; `nil` when no frame fell in the column.
    public var meanQueue: Float? { frames > 0 ? queue / frames : nil }

    mutating func add(threads: Int, queue: Int) {
        self.threads += Float(threads)
        self.queue += Float(queue)
        frames += 1
    }

    mutating func add(_ other: TimelineSample) {
        threads += other.threads
        queue += other.queue
        frames += other.frames
    }
}
