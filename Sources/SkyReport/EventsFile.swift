public import SkyCore
public import SkySoak

/// Writes every event to a file as JSON Lines, through a `StreamedFile`: from a writer thread of
/// its own, so a slow disk never holds up the scans.
///
/// The engine hands each line over under a short lock; if the disk cannot keep up and the buffer
/// is full, the event is dropped and counted rather than blocking the run: `dropped` reports it,
/// and the file's last line says how many were lost. A failed write cuts the file back to its last
/// whole line.
public final class EventsFile: ScanEventSink {
    /// Bytes waiting for the writer, at most.
    public static let bufferLimit = StreamedFile.bufferLimit
    public typealias OpenError = StreamedFile.OpenError

    private let file: StreamedFile
    /// The thread figures last written, so that only a change writes a line.
    private let lastThreads = Locked<(reading: ThreadReading, mostSeen: Int)?>(nil)

    /// Writes the claimed file from its start. The first line describes the run `configuration` on
    /// `cores` cores, which a replay needs.
    public init(claim: OutputClaim, configuration: RunConfiguration? = nil, cores: Int = 1) {
        file = StreamedFile(claim: claim, file: "events")
        if let configuration { file.write(EventLine.run(configuration, cores: cores)) }
    }

    /// Creates or truncates the file at `path`; a FIFO waits for its reader (`OutputClaim`).
    public convenience init(
        path: String, configuration: RunConfiguration? = nil, cores: Int = 1, stopWaiting: () -> Int32? = { nil }
    ) throws(OpenError) {
        self.init(claim: try OutputClaim(path: path, file: "events", stopWaiting: stopWaiting), configuration: configuration, cores: cores)
    }

    /// Records the snapshot's reading of the scans executing on a pool thread, if that changed: no
    /// event tells it.
    public func sample(_ snapshot: ScanSnapshot, at elapsed: Duration) {
        let progress = snapshot.progress
        let reading = ThreadReading(onThread: progress.onThread, isExact: progress.onThreadIsExact)
        let threads = (reading: reading, mostSeen: progress.mostSeenOnThread)
        let changed = lastThreads.withLock { last in
            defer { last = threads }
            return last.map { $0 != threads } ?? true
        }
        if changed { write(EventLine.threads(reading, mostSeen: threads.mostSeen, time: elapsed)) }
    }

    public func record(_ event: ScanEvent) {
        write(EventLine.format(event))
    }

    public func record(_ change: RunChange) {
        write(EventLine.format(change))
    }

    /// Appends a raw line (already newline-terminated); dropped and counted if the buffer is full.
    public func write(_ line: String) {
        file.write(line)
    }

    /// Writes what is buffered, adds a `dropped` line if events were lost, and closes the file;
    /// returns the first write's failure, if any. Later calls return the same.
    @discardableResult
    public func close() -> WriteFailure? {
        let dropped = file.dropped
        return file.close(last: dropped > 0 ? EventLine.dropped(count: dropped) : "")
    }

    /// Lines accepted so far.
    public var lines: Int { file.records }
    /// Events dropped because the writer could not keep up.
    public var dropped: Int { file.dropped }
    /// The first write's failure, as soon as the writer meets it.
    public var failure: WriteFailure? { file.failure }
}
