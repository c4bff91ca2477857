public import SkyCore

/// Plays an events file through a `RunReplay`, as far as its caller's clock has got: the replay
/// command's player, headless or under the dashboard. One line is read ahead, to know when the
/// next event is due.
public final class RecordedRunPlayer {
    public private(set) var replay: RunReplay
    private let file: RecordedRunFile
    private var pending: RecordedLine?
    /// The file has been read to its end, and the run it holds has finished.
    public private(set) var isDone = false

    public init(file: RecordedRunFile) {
        self.file = file
        replay = RunReplay(configuration: file.configuration)
    }

    /// When the next line is due, by the run's clock; `nil` once the file is done.
    public func nextTime() throws(RecordedRunFile.Broken) -> Duration? {
        guard let line = try peek() else { return nil }
        switch line {
        case .event(let event): return event.time
        case .threads(_, _, let time): return time
        case .run, .notStarted, .dropped: return replay.time
        }
    }

    /// Plays every line due by `time`, handing each event to `sink` as the run book wrote it.
    public func play(until time: Duration, into sink: (RunEvent) -> Void = { _ in }) throws(RecordedRunFile.Broken) {
        while let due = try nextTime(), due <= time {
            try playNext(into: sink)
        }
    }

    /// Plays lines up to and including the next scan's start (a step while paused); returns
    /// whether one started.
    @discardableResult
    public func playThroughNextStart(into sink: (RunEvent) -> Void = { _ in }) throws(RecordedRunFile.Broken) -> Bool {
        while try peek() != nil {
            if case .event(.scan(let event))? = try playNext(into: sink), event.kind == .started { return true }
        }
        return false
    }

    /// Plays the rest of the file at once.
    public func playToEnd(into sink: (RunEvent) -> Void = { _ in }) throws(RecordedRunFile.Broken) {
        while try playLine(into: sink) {}
    }

    /// Plays the next line; returns whether there was one.
    public func playLine(into sink: (RunEvent) -> Void = { _ in }) throws(RecordedRunFile.Broken) -> Bool {
        try playNext(into: sink) != nil
    }

    /// Plays the pending line, and returns it.
    @discardableResult
    private func playNext(into sink: (RunEvent) -> Void) throws(RecordedRunFile.Broken) -> RecordedLine? {
        guard let line = try peek() else { return nil }
        pending = nil
        switch line {
        case .run:
            throw file.broken("a second run line: one file holds one run")
        case .event(let event):
            do {
                sink(try replay.play(event))
            } catch {
                throw file.broken(error.description)
            }
        case .threads(let reading, let mostSeen, _):
            replay.playThreads(reading, mostSeen: mostSeen)
        case .notStarted(let count, _):
            guard replay.isFinished, count == replay.notStarted else {
                throw file.broken("\(count) scans not started, but the run's events leave \(replay.isFinished ? "\(replay.notStarted)" : "the run unfinished")")
            }
        case .dropped(let count):
            throw file.broken("sky left \(count) events out of this file while recording (it could not keep up), so the run cannot be replayed")
        }
        return line
    }

    private func peek() throws(RecordedRunFile.Broken) -> RecordedLine? {
        if pending == nil && !isDone {
            pending = try file.next()
            if pending == nil {
                guard replay.isFinished else {
                    throw RecordedRunFile.Broken(
                        line: file.lineNumber, problem: "the file ends before the run does (no \"finished\" line): it was cut short")
                }
                isDone = true
            }
        }
        return pending
    }
}
