public import SkyCore
public import SkySoak

/// Writes the run as a Chrome Trace Event file (`--trace`), through a `StreamedFile`, as the
/// events file is written: a writer thread of its own, a bounded buffer, records dropped and
/// counted when the disk cannot keep up.
///
/// Each started scan is one complete event on its slot's track, written from its terminal event,
/// which carries the whole span (`ScanSpan`): nothing is remembered per scan, only which slots have
/// a named track yet. The run's changes are instants; the loop that watches the run samples the
/// counters. The file is valid JSON once closed, and after a failed write too (`TraceEvent`).
public final class TraceFile: ScanEventSink {
    /// Counter samples are at least this far apart, whatever calls `sample`.
    public static let sampleSpacing: Duration = .milliseconds(10)

    private struct Tracks {
        /// Slots whose track has its name, by slot.
        var named: [Bool] = []
        var lastSample: (values: [Int], time: Duration)?
    }

    private let file: StreamedFile
    private let tracks = Locked(Tracks())

    /// Writes the claimed file from its start, with its header.
    public init(claim: OutputClaim, configuration: RunConfiguration) {
        file = StreamedFile(claim: claim, file: "trace", ending: TraceEvent.ending)
        file.write(TraceEvent.header(configuration))
    }

    /// Creates or truncates the file at `path` and writes its header; a FIFO waits for its reader
    /// (`OutputClaim`).
    public convenience init(path: String, configuration: RunConfiguration, stopWaiting: () -> Int32? = { nil }) throws(StreamedFile.OpenError) {
        self.init(claim: try OutputClaim(path: path, file: "trace", stopWaiting: stopWaiting), configuration: configuration)
    }

    public func record(_ event: ScanEvent) {
        guard let span = TraceEvent.span(event), let slot = event.slot else { return }
        let unnamed = tracks.withLock { tracks -> Bool in
            if tracks.named.count <= slot { tracks.named += repeatElement(false, count: slot + 1 - tracks.named.count) }
            defer { tracks.named[slot] = true }
            return !tracks.named[slot]
        }
        if unnamed { file.write(TraceEvent.track(slot: slot)) }
        file.write(span)
    }

    public func record(_ change: RunChange) {
        file.write(TraceEvent.instant(change))
    }

    /// Samples the counters from `snapshot`, taken `elapsed` into the run: written when a value
    /// changed, at most once per `sampleSpacing`.
    public func sample(_ snapshot: ScanSnapshot, at elapsed: Duration) {
        let values = [snapshot.counters.running, snapshot.counters.waiting, snapshot.progress.onThread]
        if let counters = counters(values, at: elapsed, spaced: true) { file.write(counters) }
    }

    /// The counters' record, if `values` changed since the last one (and, if `spaced`, it was at
    /// least `sampleSpacing` ago).
    private func counters(_ values: [Int], at time: Duration, spaced: Bool) -> String? {
        let due = tracks.withLock { tracks -> Bool in
            if let last = tracks.lastSample, last.values == values || (spaced && time - last.time < Self.sampleSpacing) { return false }
            tracks.lastSample = (values, time)
            return true
        }
        return due ? TraceEvent.counters(running: values[0], waiting: values[1], executing: values[2], at: time) : nil
    }

    /// Writes the last counters (nothing runs once the run has ended at `end`), a `dropped`
    /// instant if records were lost, and the closing brackets, and closes the file. Returns the
    /// first write's failure, if one failed. Later calls return the same.
    @discardableResult
    public func close(at end: Duration) -> WriteFailure? {
        let dropped = file.dropped
        var last = counters([0, 0, 0], at: end, spaced: false) ?? ""
        if dropped > 0 { last += TraceEvent.dropped(count: dropped, at: end) }
        return file.close(last: last)
    }

    /// Records dropped because the writer could not keep up.
    public var dropped: Int { file.dropped }
    /// The first write's failure, as soon as the writer meets it.
    public var failure: WriteFailure? { file.failure }
}
