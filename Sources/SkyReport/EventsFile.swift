#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import SkyCore

/// Writes every event to a file as JSON Lines, one `write(2)` per line, so a run that is killed
/// loses nothing it has already reported.
public final class EventsFile: ScanEventSink {
    /// Why the file could not be opened, for a one-line error.
    public struct OpenError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write '\(path)': \(reason)" }
    }

    private struct State {
        var descriptor: Int32
        var lines = 0
        var failure: String?
    }

    private let state: Locked<State>

    /// Creates or truncates the file at `path`.
    public init(path: String) throws(OpenError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw OpenError(path: path, reason: String(cString: strerror(errno)))
        }
        state = Locked(State(descriptor: descriptor))
    }

    public func record(_ event: ScanEvent) {
        write(EventLine.format(event))
    }

    /// Appends a raw line (already newline-terminated).
    public func write(_ line: String) {
        state.withLock { state in
            guard state.failure == nil, state.descriptor >= 0 else { return }
            var line = line
            line.withUTF8 { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = Glibc.write(state.descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        state.failure = String(cString: strerror(errno))
                        return
                    }
                    offset += written
                }
                state.lines += 1
            }
        }
    }

    /// Closes the file; returns the first write error, if any.
    @discardableResult
    public func close() -> String? {
        state.withLock { state in
            if state.descriptor >= 0 {
                if Glibc.close(state.descriptor) != 0 && state.failure == nil {
                    state.failure = String(cString: strerror(errno))
                }
                state.descriptor = -1
            }
            return state.failure
        }
    }

    /// Lines written so far.
    public var lines: Int { state.withLock { $0.lines } }
}
