import DequeModule

/// The engine's events held for a reader that polls, such as the dashboard's frame loop, which
/// runs on a plain thread and cannot iterate an `AsyncStream`.
///
/// It holds at most `limit` scans' events: a reader that looks once a frame wants what just
/// happened, and memory stays flat however fast scans finish. When more come, it drops the
/// oldest, and counts them by kind in their place (`HeldEvent.skipped`), so the reader still
/// knows how many slots they took and freed. What it drops first is what tells least: events
/// without a slot (scheduled, cancelled before they started: a throw or a time-up cancels a whole
/// ready queue of them at once), then the oldest events in a slot. The run's changes (the stop
/// and its cause, the batch, the end) are few, and kept up to `limit` of their own. So after a
/// throw at any speed the reader still sees the failure, the stop, the scans it cancelled in
/// their slots and the end.
public final class ScanEventBuffer: ScanEventSink {
    private let limit: Int
    private let held = Locked(Held())
    private let dropCounter = SharedCount()

    public init(limit: Int = 256) {
        precondition(limit > 0, "a buffer holds at least one event")
        self.limit = limit
    }

    public func record(_ event: ScanEvent) {
        // What the buffer needs to know of it is read before the lock, which the engine's threads share.
        let (tally, time, inSlot) = (SkippedEvents.Tally(event), event.time, event.slot != nil)
        let event = RunEvent.scan(event)
        let limit = limit
        let dropped = held.withLock { held in
            held.hold(event, tally: tally, at: time, inSlot: inSlot)
            guard held.scans > limit else { return false }
            held.dropOldestScan()
            return true
        }
        if dropped { dropCounter.increment() }
    }

    public func record(_ change: RunChange) {
        let limit = limit
        let dropped = held.withLock { held in
            held.hold(change)
            guard held.changes.count > limit else { return false }
            held.dropOldestChange()
            return true
        }
        if dropped { dropCounter.increment() }
    }

    /// Takes everything held, oldest first, with a count of what was dropped where it was dropped.
    public func drain() -> [HeldEvent] {
        held.withLock { held in
            defer { held.empty() }
            return held.inOrder()
        }
    }

    /// Events lost because the reader fell behind.
    public var dropped: Int { dropCounter.value }
}

/// The held events, each numbered in the order it came, in three queues by what they tell.
private struct Held: Sendable {
    /// What the buffer needs to know of a held event, worked out when it comes, so that dropping
    /// the event, as a fast run does to most of them, does not read it again.
    struct Mark: Sendable {
        var number: Int
        var tally: SkippedEvents.Tally
        var time: Duration
    }

    struct Entry: Sendable {
        var mark: Mark
        var event: RunEvent
    }

    /// Events in the order they came, with their marks.
    typealias Queue = Deque<Entry>

    /// Events dropped between two of the changes held.
    struct Gap: Sendable {
        var skipped = SkippedEvents()
        /// The number of the newest event dropped; -1 for none.
        var newest = -1

        mutating func count(_ mark: Mark) {
            skipped.count(mark.tally)
            if mark.number > newest {
                newest = mark.number
                skipped.latest = mark.time
            }
        }
    }

    var changes = Queue()
    var inSlots = Queue()
    var withoutSlots = Queue()
    /// `gaps[k]` counts the events dropped from between change `k - 1` and change `k`; the last,
    /// those after the last change.
    var gaps = [Gap()]
    var next = 0

    var scans: Int { inSlots.count + withoutSlots.count }

    mutating func hold(_ event: RunEvent, tally: SkippedEvents.Tally, at time: Duration, inSlot: Bool) {
        let mark = Mark(number: next, tally: tally, time: time)
        next += 1
        if inSlot { inSlots.append(Entry(mark: mark, event: event)) } else { withoutSlots.append(Entry(mark: mark, event: event)) }
    }

    mutating func hold(_ change: RunChange) {
        changes.append(Entry(mark: Mark(number: next, tally: .change, time: change.time), event: .change(change)))
        next += 1
        gaps.append(Gap())
    }

    mutating func dropOldestScan() {
        let oldest = (withoutSlots.isEmpty ? inSlots.removeFirst() : withoutSlots.removeFirst()).mark
        // The gap it falls in: after every change older than it. Changes are few, often none.
        let gap = changes.isEmpty ? 0 : changes.prefix { $0.mark.number < oldest.number }.count
        gaps[gap].count(oldest)
    }

    mutating func dropOldestChange() {
        let oldest = changes.removeFirst().mark
        // The gaps either side of it become one, which counts it too.
        let before = gaps.removeFirst()
        // Every event the first gap dropped is older than those of the second.
        let (newest, latest) = gaps[0].newest >= 0 ? (gaps[0].newest, gaps[0].skipped.latest) : (before.newest, before.skipped.latest)
        gaps[0].skipped.add(before.skipped)
        (gaps[0].newest, gaps[0].skipped.latest) = (newest, latest)
        gaps[0].count(oldest)
    }

    mutating func empty() {
        changes.removeAll(keepingCapacity: true)
        inSlots.removeAll(keepingCapacity: true)
        withoutSlots.removeAll(keepingCapacity: true)
        gaps = [Gap()]
    }

    /// Every held event in the order it came; each gap's count just before the first event newer
    /// than everything it dropped, or at the end of its stretch between two changes.
    func inOrder() -> [HeldEvent] {
        var all: [HeldEvent] = []
        all.reserveCapacity(changes.count + scans + gaps.count)
        var (change, inSlot, withoutSlot) = (0, 0, 0)
        var gap = 0
        var pending: Gap? = gaps[0].newest >= 0 ? gaps[0] : nil
        func head(_ queue: Queue, _ index: Int) -> Int {
            index < queue.count ? queue[index].mark.number : .max
        }
        while true {
            let numbers = (head(changes, change), head(inSlots, inSlot), head(withoutSlots, withoutSlot))
            let number = min(numbers.0, numbers.1, numbers.2)
            if let due = pending, due.newest < number {
                all.append(.skipped(due.skipped))
                pending = nil
            }
            if number == .max { break }
            if number == numbers.0 {
                all.append(.event(changes[change].event))
                change += 1
                gap += 1
                pending = gaps[gap].newest >= 0 ? gaps[gap] : nil
            } else if number == numbers.1 {
                all.append(.event(inSlots[inSlot].event))
                inSlot += 1
            } else {
                all.append(.event(withoutSlots[withoutSlot].event))
                withoutSlot += 1
            }
        }
        return all
    }
}
