#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import SkyCore
import SkyFormat

/// An events file opened for replay, read a line at a time: memory stays flat however long the
/// run was, and however long a line of a file that is not an events file (`lineLimit`). Its first
/// line must describe the run (`EventLine.run`).
public final class RecordedRunFile {
    /// The longest line read: sky writes none over a kilobyte.
    public static let lineLimit = 64 << 10

    /// Why the file cannot be replayed: a line that cannot be read, or cannot have happened.
    public struct Broken: Error, CustomStringConvertible {
        /// The line at fault, counting from 1; `nil` when the fault is the file's, not a line's.
        public let line: Int?
        public let problem: String

        /// Shown escaped: a problem may quote the file, whose bytes must not reach a terminal raw.
        public var description: String {
            ShownText.escaped(line.map { "line \($0): \(problem)" } ?? problem)
        }
    }

    /// Why the file cannot be opened at all: bad input rather than a broken record.
    public struct OpenError: Error, CustomStringConvertible {
        public let description: String
    }

    /// A signal came while the open waited for a writer on a FIFO.
    public struct Stopped: Error {
        public let signal: Int32
    }

    public let configuration: RunConfiguration
    /// The cores the recorded run had.
    public let cores: Int
    private let stream: UnsafeMutablePointer<FILE>
    private var buffer: [UInt8] = []
    /// The number of the line read last.
    public private(set) var lineNumber = 0

    /// Opens `path` and reads its run line: an `OpenError` if it cannot be read, `Broken` if it is
    /// not an events file. A FIFO waits for its writer; a signal that `stopWaiting` answers during
    /// the wait gives up with `Stopped`.
    public init(path: String, stopWaiting: () -> Int32? = { nil }) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { throw OpenError(description: "'\(path)': \(String(cString: strerror(errno)))") }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw OpenError(description: "'\(path)' is a directory; give an events file written by sky --events") }
        var opened: UnsafeMutablePointer<FILE>?
        repeat {
            if let signal = stopWaiting() { throw Stopped(signal: signal) }
            opened = fopen(path, "r")
        } while opened == nil && errno == EINTR
        guard let stream = opened else { throw OpenError(description: "'\(path)': \(String(cString: strerror(errno)))") }
        self.stream = stream
        buffer.reserveCapacity(1024)
        do {
            let first = try Self.read(stream, &buffer, &lineNumber)
            guard let first else { throw Broken(line: nil, problem: "the file is empty, not an events file written by sky --events") }
            guard case .run(let configuration, let cores) = first else {
                throw Broken(line: lineNumber, problem: "the first line is not a run line: not an events file written by sky --events")
            }
            self.configuration = configuration
            self.cores = cores
        } catch {
            fclose(stream)
            throw error
        }
    }

    deinit {
        fclose(stream)
    }

    /// The next line, or `nil` at the end of the file.
    public func next() throws(Broken) -> RecordedLine? {
        try Self.read(stream, &buffer, &lineNumber)
    }

    /// A fault at the line read last.
    public func broken(_ problem: String) -> Broken {
        Broken(line: lineNumber, problem: problem)
    }

    private static func read(
        _ stream: UnsafeMutablePointer<FILE>, _ buffer: inout [UInt8], _ lineNumber: inout Int
    ) throws(Broken) -> RecordedLine? {
        while true {
            guard try readLine(stream, into: &buffer, number: lineNumber + 1) else { return nil }
            lineNumber += 1
            let line = String(decoding: buffer, as: UTF8.self)
            if line.allSatisfy(\.isWhitespace) { continue }
            do {
                return try RecordedLine.parse(Substring(line))
            } catch {
                throw Broken(line: lineNumber, problem: error.description)
            }
        }
    }

    /// Reads one line into `buffer`, without its newline; `false` at the end of the file. A line
    /// past `lineLimit` is broken: the file is not one sky wrote (`/dev/zero` has no lines at all).
    private static func readLine(_ stream: UnsafeMutablePointer<FILE>, into buffer: inout [UInt8], number: Int) throws(Broken) -> Bool {
        buffer.removeAll(keepingCapacity: true)
        while true {
            let byte = getc_unlocked(stream)
            if byte == EOF && ferror(stream) != 0 && errno == EINTR {
                // A signal came while a FIFO's writer was silent: the reader's loop looks for it.
                clearerr(stream)
                continue
            }
            if byte == EOF { return !buffer.isEmpty }
            if byte == 0x0A { return true }
            guard buffer.count < lineLimit else {
                throw Broken(line: number, problem: "the line is longer than \(lineLimit) bytes: not an events file written by sky --events")
            }
            buffer.append(UInt8(truncatingIfNeeded: byte))
        }
    }
}
