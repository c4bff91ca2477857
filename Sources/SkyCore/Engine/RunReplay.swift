/// A recorded run played back: the events of an events file, in their order, written into a fresh
/// run book with the recorded configuration. Snapshots and the summary then come from the same code
/// as a live run's, so a replay shows what the run did, by the same rules.
///
/// Only the book's rules run here, no scan: the recorded results stand in for the children's. What
/// no event tells (the scans executing on a thread) comes from the samples the file holds.
public struct RunReplay: Sendable {
    /// Why a recorded event cannot follow the ones before it.
    public struct Impossible: Error, CustomStringConvertible {
        public let description: String
    }

    public let configuration: RunConfiguration
    private var book: RunBook
    private var threads = ThreadReading.none
    private var mostSeenOnThread = 0
    /// When the last event happened: the replay's present.
    public private(set) var time: Duration = .zero

    public init(configuration: RunConfiguration) {
        self.configuration = configuration
        book = RunBook(configuration: configuration)
    }

    /// Whether the run's `finished` line has been played.
    public var isFinished: Bool { book.progress.phase.isFinished }

    /// Plays one recorded event, and returns it as the book wrote it. A recorded end need carry
    /// only the child's own figures in its span (`ran`, the priorities it read); the book fills in
    /// the rest, as it did live.
    @discardableResult
    public mutating func play(_ event: RunEvent) throws(Impossible) -> RunEvent {
        let written: RunEvent
        do {
            switch event {
            case .scan(let scanEvent):
                written = .scan(try book.replay(scanEvent))
            case .change(let change):
                if case .threads(let reading, let mostSeen) = change.kind { playThreads(reading, mostSeen: mostSeen) }
                try book.replay(change)
                written = event
            }
        } catch {
            throw Impossible(description: error.description)
        }
        time = max(time, event.time)
        return written
    }

    /// Plays a reading of the scans executing on a pool thread, and the most seen so far.
    public mutating func playThreads(_ reading: ThreadReading, mostSeen: Int) {
        threads = reading
        mostSeenOnThread = max(mostSeenOnThread, mostSeen)
    }

    /// The run as of the last event played, or as of `now` if that is later and it still runs.
    public func snapshot(at now: Duration? = nil) -> ScanSnapshot {
        var snapshot = book.snapshot(at: max(now ?? time, time))
        snapshot.progress.onThread = threads.onThread
        snapshot.progress.onThreadIsExact = threads.isExact
        snapshot.progress.mostSeenOnThread = mostSeenOnThread
        let c = snapshot.counters
        // The children's own counts match the book's in a record: no actor lags behind them.
        snapshot.progress.direct = DirectCounts(
            completed: c.completed, failed: c.failed, verificationFailures: c.verificationFailures, running: c.running,
            endedInSlot: c.inStream)
        return snapshot
    }

    /// The summary of the recorded run, once its `finished` line has been played.
    public var summary: RunSummary? {
        guard isFinished else { return nil }
        return book.summary(snapshot())
    }

    /// Scans of the total never scheduled, which the file counts on its `not_started` line.
    public var notStarted: Int { book.neverScheduled }
}
