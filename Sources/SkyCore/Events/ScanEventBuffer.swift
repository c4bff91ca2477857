import DequeModule

/// The engine's events held for a reader that polls, such as the dashboard's frame loop, which
/// runs on a plain thread and cannot iterate an `AsyncStream`.
///
/// It keeps the newest `limit` events, scans' and the run's changes in their one order: a reader
/// that looks once a frame wants what just happened, and memory stays flat however fast scans
/// finish. Older events are dropped and counted.
public final class ScanEventBuffer: ScanEventSink {
    private let limit: Int
    private let held = Locked(Deque<RunEvent>())
    private let dropCounter = SharedCount()

    public init(limit: Int = 256) {
        precondition(limit > 0, "a buffer holds at least one event")
        self.limit = limit
    }

    public func record(_ event: ScanEvent) { hold(.scan(event)) }
    public func record(_ change: RunChange) { hold(.change(change)) }

    private func hold(_ event: RunEvent) {
        let dropped = held.withLock { events in
            events.append(event)
            guard events.count > limit else { return false }
            events.removeFirst()
            return true
        }
        if dropped { dropCounter.increment() }
    }

    /// Takes every held event, oldest first.
    public func drain() -> [RunEvent] {
        held.withLock { events in
            defer { events.removeAll(keepingCapacity: true) }
            return events.array
        }
    }

    /// Events lost because the reader fell behind.
    public var dropped: Int { dropCounter.value }
}
