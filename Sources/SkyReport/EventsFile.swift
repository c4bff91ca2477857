#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
public import SkyCore

/// Writes every event to a file as JSON Lines, from a writer thread of its own, so a slow disk
/// never holds up the scans.
///
/// The engine hands each line over under a short lock, into a buffer of at most `bufferLimit`
/// bytes; the writer thread takes the whole buffer at once and writes it out while the engine
/// fills the next. If the disk cannot keep up and the buffer is full, the event is dropped and
/// counted rather than blocking the run: `dropped` reports it, and the file's last line says how
/// many were lost. The writer wakes on the first line after it went idle, so an idle run costs
/// no wake-ups, and lines reach the file within a write's time of happening.
public final class EventsFile: ScanEventSink {
    /// Bytes waiting for the writer, at most: about 40 000 events.
    public static let bufferLimit = 4 << 20

    /// Why the file was not opened, for a one-line error.
    public enum OpenError: Error, CustomStringConvertible {
        case cannotWrite(path: String, reason: String)
        /// A signal came while the open waited for a reader on a FIFO.
        case stopped(path: String, signal: Int32)

        public var description: String {
            switch self {
            case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
            case .stopped(let path, let signal):
                "stopped by \(Verdict.signalName(signal)) while waiting for a reader on the events FIFO '\(path)'"
            }
        }
    }

    private struct State {
        var pending: [UInt8] = []
        var lines = 0
        var dropped = 0
        /// The writer is waiting on `wake` and must be signalled for new lines.
        var writerIdle = false
        var closing = false
        var failure: String?
    }

    private let descriptor: Int32
    private let state = Locked(State(pending: EventsFile.buffer()))
    private let wake = DispatchSemaphore(value: 0)
    private let writerDone = DispatchSemaphore(value: 0)
    private let closed = Locked<String??>(nil)

    /// Creates or truncates the file at `path` and starts its writer thread.
    ///
    /// Opening a FIFO waits for a reader, as `cat > fifo` would. A caught signal interrupts the
    /// wait: if `stopWaiting` then returns a signal, the open gives up with it; if not (the signal
    /// was not one to stop for), it waits on. For a FIFO it is asked once before the wait as well:
    /// a signal that came just before would not interrupt it. Any other file opens at once, and a
    /// signal is left to the run.
    public init(path: String, stopWaiting: () -> Int32? = { nil }) throws(OpenError) {
        var info = stat()
        let waits = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
        var descriptor: Int32
        repeat {
            if waits, let signal = stopWaiting() { throw .stopped(path: path, signal: signal) }
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        let thread = Thread { [self] in drainUntilClosed() }
        thread.name = "sky events writer"
        thread.start()
    }

    public func record(_ event: ScanEvent) {
        write(EventLine.format(event))
    }

    public func record(_ change: RunChange) {
        write(EventLine.format(change))
    }

    /// Appends a raw line (already newline-terminated); dropped and counted if the buffer is full.
    public func write(_ line: String) {
        var line = line
        let signal = line.withUTF8 { bytes in
            state.withLock { state -> Bool in
                guard !state.closing, state.failure == nil else { return false }
                guard state.pending.count + bytes.count <= Self.bufferLimit else {
                    state.dropped += 1
                    return false
                }
                state.pending.append(contentsOf: bytes)
                state.lines += 1
                guard state.writerIdle else { return false }
                state.writerIdle = false
                return true
            }
        }
        if signal { wake.signal() }
    }

    /// The writer thread: takes the whole buffer, writes it, and sleeps when there is nothing.
    private func drainUntilClosed() {
        var batch = Self.buffer()
        var fileLength = 0
        while true {
            let (closing, failed) = state.withLock { state -> (Bool, Bool) in
                swap(&batch, &state.pending)
                if batch.isEmpty && !state.closing && state.failure == nil { state.writerIdle = true }
                return (state.closing, state.failure != nil)
            }
            if batch.isEmpty {
                if closing || failed { break }
                wake.wait()
                continue
            }
            if let failure = writeAll(batch, fileLength: &fileLength) {
                state.withLock { state in
                    state.failure = failure
                    state.pending.removeAll()
                }
            }
            batch.removeAll(keepingCapacity: true)
        }
        writerDone.signal()
    }

    /// A buffer that holds `bufferLimit` bytes without growing: the two that take turns never
    /// reallocate, and pages are resident only once written to.
    private static func buffer() -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(bufferLimit)
        return buffer
    }

    /// Writes `bytes`; on a failure (a full disk, a size limit), cuts the file back to its last
    /// whole line, so that what was written still parses line by line.
    /// `fileLength` counts the bytes written so far, all whole lines.
    private func writeAll(_ bytes: [UInt8], fileLength: inout Int) -> String? {
        let (written, error) = bytes.withUnsafeBytes { WholeWrite.attempt(writing: $0, to: descriptor) }
        guard let error else {
            fileLength += written
            return nil
        }
        let wholeLines = bytes[..<written].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        // Fails harmlessly on a FIFO or a device, which keep no file to cut.
        _ = ftruncate(descriptor, off_t(fileLength + wholeLines))
        return String(cString: strerror(error))
    }

    /// Writes what is buffered, adds a `dropped` line if events were lost, stops the writer and
    /// closes the file; returns the first write error, if any. Later calls return the same.
    @discardableResult
    public func close() -> String? {
        if let result = closed.withLock({ $0 }) { return result }
        let dropped = state.withLock { $0.dropped }
        if dropped > 0 {
            // Past the limit on purpose: the count of what was lost must not itself be lost.
            state.withLock { $0.pending.append(contentsOf: Array(EventLine.dropped(count: dropped).utf8)) }
        }
        let signal = state.withLock { state -> Bool in
            state.closing = true
            defer { state.writerIdle = false }
            return state.writerIdle
        }
        if signal { wake.signal() }
        writerDone.wait()
        var failure = state.withLock { $0.failure }
        if Glibc.close(descriptor) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        closed.withLock { $0 = .some(failure) }
        return failure
    }

    /// Lines accepted so far.
    public var lines: Int { state.withLock { $0.lines } }
    /// Events dropped because the writer could not keep up.
    public var dropped: Int { state.withLock { $0.dropped } }
}
