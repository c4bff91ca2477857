#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import SkyCore
public import SkySoak

/// A file written as a stream of records from a writer thread of its own, so a slow disk never
/// holds up whoever hands the records over: the events file and the trace.
///
/// Each record is whole lines of text. The caller hands one over under a short lock, into a buffer
/// of at most `bufferLimit` bytes; the writer thread takes the whole buffer at once and writes it
/// out while the caller fills the next. If the disk cannot keep up and the buffer is full, the
/// record is dropped and counted rather than blocking the caller. The writer wakes on the first
/// record after it went idle, so an idle file costs no wake-ups.
///
/// A file may have an `Ending`, bytes that must close it however it ends: written by `close()`,
/// and after a failed write too, once the file has been cut back to its last whole line, so what
/// is there still parses (the trace's closing brackets).
public final class StreamedFile: Sendable {
    /// Bytes waiting for the writer, at most: about 40 000 events.
    public static let bufferLimit = 4 << 20

    /// Why the file was not opened, for a one-line error.
    public enum OpenError: Error, CustomStringConvertible {
        case cannotWrite(path: String, reason: String)
        /// A signal came while the open waited for a reader on a FIFO.
        case stopped(path: String, signal: Int32, file: String)
        /// Another process holds the file's lock: another `sky` writes it.
        case taken(path: String, file: String)

        public var description: String {
            switch self {
            case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
            case .stopped(let path, let signal, let file):
                "stopped by \(Verdict.signalName(signal)) while waiting for a reader on the \(file) FIFO '\(path)'"
            case .taken(let path, let file):
                "'\(path)' is the \(file) file of another sky run that is still writing it; give this run a file of its own"
            }
        }
    }

    /// What closes the file: `afterRecords` when some of its lines are there, `alone` when none
    /// are (a write failed before the first line was whole).
    public struct Ending: Sendable {
        public var afterRecords: [UInt8]
        public var alone: [UInt8]

        public init(afterRecords: String, alone: String) {
            self.afterRecords = Array(afterRecords.utf8)
            self.alone = Array(alone.utf8)
        }

        /// Lines that need nothing after them (JSON Lines).
        public static let none = Ending(afterRecords: "", alone: "")
    }

    private struct State {
        var pending: [UInt8] = []
        var records = 0
        var dropped = 0
        /// The writer is waiting on `wake` and must be signalled for new records.
        var writerIdle = false
        var closing = false
        var failure: WriteFailure?
    }

    private let descriptor: Int32
    private let ending: Ending
    private let state = Locked(State(pending: StreamedFile.buffer()))
    private let wake = DispatchSemaphore(value: 0)
    private let writerDone = DispatchSemaphore(value: 0)
    private let closed = Locked<WriteFailure??>(nil)

    /// Empties the claimed file (`OutputClaim.keep`) and starts its writer thread, named `sky FILE
    /// writer`; `file` names the file in messages too (`events`, `trace`).
    public init(claim: OutputClaim, file: String, ending: Ending = .none) {
        claim.keep()
        descriptor = claim.descriptor
        self.ending = ending
        let thread = Thread { [self] in drainUntilClosed() }
        thread.name = "sky \(file) writer"
        thread.start()
    }

    /// Appends a record (whole, newline-terminated lines); dropped and counted if the buffer is full.
    public func write(_ record: String) {
        var record = record
        let signal = record.withUTF8 { bytes in
            state.withLock { state -> Bool in
                guard !state.closing, state.failure == nil else { return false }
                guard state.pending.count + bytes.count <= Self.bufferLimit else {
                    state.dropped += 1
                    return false
                }
                state.pending.append(contentsOf: bytes)
                state.records += 1
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
    /// whole line and writes the ending after it, so that what was written still parses.
    /// `fileLength` counts the bytes written so far, all whole lines.
    private func writeAll(_ bytes: [UInt8], fileLength: inout Int) -> WriteFailure? {
        let (written, error) = bytes.withUnsafeBytes { WholeWrite.attempt(writing: $0, to: descriptor) }
        guard let error else {
            fileLength += written
            return nil
        }
        fileLength += bytes[..<written].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        // Both fail harmlessly on a FIFO or a device, which keep no file to cut. The offset moves
        // back too, or the ending would land past a hole where the cut bytes were.
        _ = ftruncate(descriptor, off_t(fileLength))
        _ = lseek(descriptor, off_t(fileLength), SEEK_SET)
        let end = fileLength == 0 ? ending.alone : ending.afterRecords
        let ended = end.withUnsafeBytes { WholeWrite.failure(writing: $0, to: descriptor) } == nil
        return WriteFailure(reason: String(cString: strerror(error)), ended: ended)
    }

    /// Writes what is buffered, then `last` (past the buffer's limit: a count of what was lost
    /// must not itself be lost) and the ending, stops the writer and closes the file; returns the
    /// first write's failure, if any. Later calls return the same.
    @discardableResult
    public func close(last: String = "") -> WriteFailure? {
        if let result = closed.withLock({ $0 }) { return result }
        let signal = state.withLock { state -> Bool in
            if state.failure == nil {
                state.pending.append(contentsOf: last.utf8)
                state.pending.append(contentsOf: ending.afterRecords)
            }
            state.closing = true
            defer { state.writerIdle = false }
            return state.writerIdle
        }
        if signal { wake.signal() }
        writerDone.wait()
        var failure = state.withLock { $0.failure }
        if Glibc.close(descriptor) != 0 && failure == nil {
            failure = WriteFailure(reason: String(cString: strerror(errno)), ended: true)
        }
        closed.withLock { $0 = .some(failure) }
        return failure
    }

    /// Records accepted so far.
    public var records: Int { state.withLock { $0.records } }
    /// Records dropped because the writer could not keep up.
    public var dropped: Int { state.withLock { $0.dropped } }
    /// The first write's failure, as soon as the writer meets it.
    public var failure: WriteFailure? { state.withLock { $0.failure } }
}
