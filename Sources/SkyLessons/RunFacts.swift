public import SkyCore

/// What one run did, read from its events alone, in their order: the facts a lesson's answer is
/// made of. Times are the run book's, measured from the start of the run, as the events file has
/// them.
public struct RunFacts: Sendable {
    /// One `--spacing` gap of a serial run.
    public struct Gap: Equatable, Sendable {
        /// When the loop went to sleep, and when its sleep was to end.
        public var began: Duration
        public var until: Duration
        /// When it woke; `nil` if the events end first.
        public var ended: Duration?
    }

    /// Every `started` event, in order.
    public private(set) var starts: [ScanEvent] = []
    /// Every terminal event (completed, failed, verification failed, cancelled), in order.
    public private(set) var ends: [ScanEvent] = []
    /// Stream and `--errors collect` runs: the results handed on before the run took them.
    public private(set) var deliveries: [ScanEvent] = []
    /// Every `scheduled` event, in order.
    public private(set) var scheduled: [ScanEvent] = []
    /// The first stop asked for: a cancel, a failure that ended the run.
    public private(set) var stop: (time: Duration, ending: RunEnding)?
    /// How the run finished, and when.
    public private(set) var finish: (time: Duration, ending: RunEnding)?
    /// `--errors throw` or `collect`: the finished results the thrown error took with it.
    public private(set) var discarded = 0
    public private(set) var gaps: [Gap] = []
    /// The most scans in the group at once (or the loop, the scope…: `ScanStrategy.holder`), by
    /// the events: started, and not yet ended or handed on, on a thread or waiting for one.
    public private(set) var maxRunning = 0
    /// The most scans whose children any reading of the run saw on a thread together, as the
    /// summary's `most_seen_on_thread` gives it: the engine's last reading tells it. A scan in the
    /// group whose child waits for a thread, or has yielded it, is not on one: eight can be in the
    /// group while two cores run two of them. (A child's run time, first line to last, holds its
    /// time suspended too, so the spans of yielding children overlap far more than they ran.)
    public private(set) var mostSeenOnThread = 0
    /// The engine's reading as the run began to stop: the scans whose children were on a thread.
    public private(set) var threadsAtStop: ThreadReading?
    /// The starts in rounds, in order: a round begins with a start while no scan runs, and holds
    /// every start until the next such one. An `async-let` run's rounds are its pairs, since a
    /// pair starts only once the scope of the last is over.
    public private(set) var rounds: [[ScanEvent]] = []
    /// `--strategy unstructured`: the loop that started the tasks returned, leaving `count` running;
    /// `bagged` if its task bag, torn down, cancelled them (`bag_cancelled`), else orphans.
    public private(set) var loopReturned: (time: Duration, count: Int, bagged: Bool)?
    /// `--catalogue`: how the catalogue fared, and when the run told it.
    public private(set) var catalogue: (time: Duration, tally: CatalogueTally)?
    /// `--strategy reduce`: what the group's `reduce` returned, and when.
    public private(set) var fold: (time: Duration, fold: GroupFold)?
    /// The terminal events, after the stop, of the scans running then (not results waiting in a
    /// stream), in order: how each ended once the run began to stop.
    public private(set) var endsAfterStop: [ScanEvent] = []
    /// `--strategy stream`: when the stream's `onTermination` ran, the consumer having gone.
    public private(set) var terminated: Duration?
    /// `--strategy actor-queue` or `actor-reentrant`: every `arrived` event, in the order the
    /// jobs reached the actor.
    public private(set) var arrivals: [ScanEvent] = []
    /// Each start in a slot an earlier scan had left, with that scan's end: how the window handed
    /// the slot on.
    public private(set) var handovers: [(freed: ScanEvent, started: ScanEvent)] = []

    public init(_ events: [RunEvent]) {
        var running = 0
        var delivered: Set<Int> = []
        var leftBy: [Int: ScanEvent] = [:]
        for event in events {
            switch event {
            case .change(let change):
                switch change.kind {
                case .stopping(let ending) where stop == nil: stop = (change.time, ending)
                case .finished(let ending): finish = (change.time, ending)
                case .discarded(let count): discarded = count
                case .gap(let until): gaps.append(Gap(began: change.time, until: until))
                case .gapEnded where !gaps.isEmpty: gaps[gaps.count - 1].ended = change.time
                case .orphaned(let count): loopReturned = (change.time, count, false)
                case .bagCancelled(let count): loopReturned = (change.time, count, true)
                case .catalogued(let tally): catalogue = (change.time, tally)
                case .folded(let value): fold = (change.time, value)
                case .terminated: terminated = change.time
                case .threads(let reading, let mostSeen):
                    mostSeenOnThread = max(mostSeenOnThread, mostSeen)
                    if stop != nil && threadsAtStop == nil { threadsAtStop = reading }
                default: break
                }
            case .scan(let scanEvent):
                switch scanEvent.kind {
                case .scheduled: scheduled.append(scanEvent)
                case .arrived: arrivals.append(scanEvent)
                case .started:
                    starts.append(scanEvent)
                    if let slot = scanEvent.slot, let freed = leftBy.removeValue(forKey: slot) { handovers.append((freed, scanEvent)) }
                    if running == 0 { rounds.append([]) }
                    rounds[rounds.count - 1].append(scanEvent)
                    running += 1
                    maxRunning = max(maxRunning, running)
                case .delivered:
                    deliveries.append(scanEvent)
                    delivered.insert(scanEvent.scan)
                    running -= 1
                    if let slot = scanEvent.slot { leftBy[slot] = scanEvent }
                case .completed, .failed, .verificationFailed, .cancelled:
                    ends.append(scanEvent)
                    // A scan handed on before its end had stopped running then.
                    if let slot = scanEvent.slot, !delivered.contains(scanEvent.scan) {
                        running -= 1
                        if stop != nil { endsAfterStop.append(scanEvent) }
                        leftBy[slot] = scanEvent
                    }
                }
            }
        }
    }

    /// Scans that ran to their end, whatever they found, in the order the run booked them.
    public var finished: [ScanEvent] { ends.filter { $0.isFinished } }
    public var completed: [ScanEvent] { ends.filter { if case .completed = $0.kind { true } else { false } } }
    public var failed: [ScanEvent] { ends.filter { if case .failed = $0.kind { true } else { false } } }
    /// Cancelled while running (they held a slot).
    public var cancelledRunning: [ScanEvent] { ends.filter { $0.kind == .cancelled && $0.slot != nil } }
    /// Cancelled while waiting in the ready queue.
    public var cancelledWaiting: [ScanEvent] { ends.filter { $0.kind == .cancelled && $0.slot == nil } }

    /// The run's checksum, folded from its completed scans as the run folds it.
    public var checksum: UInt64 {
        completed.reduce(0) { sum, event in
            guard case .completed(let result) = event.kind else { return sum }
            return sum ^ RunProgress.checksumShare(result.checksum, of: event.scan)
        }
    }

    /// When each scan stopped running, by scan: its delivery, else its terminal event.
    public var stoppedAt: [Int: Duration] {
        var stopped: [Int: Duration] = [:]
        for event in ends where event.slot != nil { stopped[event.scan] = event.time }
        for event in deliveries { stopped[event.scan] = event.time }
        return stopped
    }

    /// Scans running at `time`: started by then, and not yet stopped.
    public func running(at time: Duration) -> [ScanEvent] {
        let stopped = stoppedAt
        return starts.filter { $0.time <= time && (stopped[$0.scan].map { $0 > time } ?? true) }
    }

    /// The gap the serial loop was sleeping in at `time`, if it was.
    public func gap(at time: Duration) -> Gap? {
        gaps.first { $0.began <= time && ($0.ended.map { $0 >= time } ?? true) }
    }

    /// After the stop: how long until nothing ran any more and no gap's sleep went on; what the
    /// summary calls "stopped in".
    public var stoppedIn: Duration? {
        guard let stop else { return nil }
        let stopped = stoppedAt
        var last = stop.time
        for start in running(at: stop.time) {
            guard let end = stopped[start.scan] else { return nil }
            last = max(last, end)
        }
        if let gap = gap(at: stop.time) {
            guard let ended = gap.ended else { return nil }
            last = max(last, ended)
        }
        return last - stop.time
    }

    /// `--ignore-cancellation`: after the stop, how long until the last of the running scans that
    /// check for cancellation ended; the summary's "those that check for cancellation".
    public var checkingStoppedIn: Duration? {
        guard let stop, let last = endsAfterStop.filter({ !$0.ignoresCancellation }).last else { return nil }
        return last.time - stop.time
    }

    /// The first scan that started ahead of a lower-priority one scheduled before it (which
    /// started later, or never), and that scan: the ready queue's priority order at work.
    public var firstOvertake: (ahead: ScanEvent, behind: ScanEvent)? {
        var startedAt: [Int: Int] = [:]
        for (index, start) in starts.enumerated() { startedAt[start.scan] = index }
        for (index, start) in starts.enumerated() {
            let passed = scheduled.first { waiting in
                // `ScanPriority` sorts high first: a lower priority is a greater one.
                waiting.scan < start.scan && waiting.priority > start.priority && (startedAt[waiting.scan] ?? .max) > index
            }
            if let passed { return (start, passed) }
        }
        return nil
    }

    /// The middle of `durations`, or `nil` for none.
    public static func median(_ durations: [Duration]) -> Duration? {
        let sorted = durations.sorted()
        return sorted.isEmpty ? nil : sorted[sorted.count / 2]
    }
}

/// `--strategy actor-queue` and `actor-reentrant`: the order the jobs reached the actor, against
/// the order they started in and how they overlapped.
extension RunFacts {
    /// Whether the jobs that started did so in the order they arrived at the actor.
    public var startedInArrivalOrder: Bool {
        let started = Set(starts.map(\.scan))
        return arrivals.map(\.scan).filter(started.contains) == starts.map(\.scan)
    }

    /// The first start while a job that started before it still ran, and that job: two jobs of
    /// one actor running at once.
    public var firstOverlap: (earlier: ScanEvent, later: ScanEvent)? {
        let stopped = stoppedAt
        for (index, later) in starts.enumerated() {
            let earlier = starts[..<index].first { (stopped[$0.scan].map { $0 > later.time } ?? true) }
            if let earlier { return (earlier, later) }
        }
        return nil
    }
}

extension ScanEvent {
    /// Ran to its end, whatever it found.
    var isFinished: Bool {
        switch kind {
        case .completed, .failed, .verificationFailed: true
        case .scheduled, .arrived, .started, .delivered, .cancelled: false
        }
    }
}
