#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import SkyCore

/// An events file opened for replay, read a line at a time: memory stays flat however long the
/// run was. Its first line must describe the run (`EventLine.run`).
public final class RecordedRunFile {
    /// Why the file cannot be replayed: a line that cannot be read, or cannot have happened.
    public struct Broken: Error, CustomStringConvertible {
        /// The line at fault, counting from 1; `nil` when the fault is the file's, not a line's.
        public let line: Int?
        public let problem: String

        public var description: String {
            line.map { "line \($0): \(problem)" } ?? problem
        }
    }

    /// Why the file cannot be opened at all: bad input rather than a broken record.
    public struct OpenError: Error, CustomStringConvertible {
        public let description: String
    }

    public let configuration: RunConfiguration
    /// The cores the recorded run had.
    public let cores: Int
    private let stream: UnsafeMutablePointer<FILE>
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0
    /// The number of the line read last.
    public private(set) var lineNumber = 0

    /// Opens `path` and reads its run line: an `OpenError` if it cannot be read, `Broken` if it is
    /// not an events file.
    public init(path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { throw OpenError(description: "'\(path)': \(String(cString: strerror(errno)))") }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw OpenError(description: "'\(path)' is a directory; give an events file written by sky --events") }
        guard let stream = fopen(path, "r") else { throw OpenError(description: "'\(path)': \(String(cString: strerror(errno)))") }
        self.stream = stream
        do {
            let first = try Self.read(stream, &buffer, &capacity, &lineNumber)
            guard let first else { throw Broken(line: nil, problem: "the file is empty, not an events file written by sky --events") }
            guard case .run(let configuration, let cores) = first else {
                throw Broken(line: lineNumber, problem: "the first line is not a run line: not an events file written by sky --events")
            }
            self.configuration = configuration
            self.cores = cores
        } catch {
            fclose(stream)
            free(buffer)
            throw error
        }
    }

    deinit {
        fclose(stream)
        free(buffer)
    }

    /// The next line, or `nil` at the end of the file.
    public func next() throws(Broken) -> RecordedLine? {
        try Self.read(stream, &buffer, &capacity, &lineNumber)
    }

    /// A fault at the line read last.
    public func broken(_ problem: String) -> Broken {
        Broken(line: lineNumber, problem: problem)
    }

    private static func read(
        _ stream: UnsafeMutablePointer<FILE>, _ buffer: inout UnsafeMutablePointer<CChar>?, _ capacity: inout Int, _ lineNumber: inout Int
    ) throws(Broken) -> RecordedLine? {
        while true {
            let length = getline(&buffer, &capacity, stream)
            guard length >= 0, let buffer else { return nil }
            lineNumber += 1
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: length)
            let text = String(decoding: bytes, as: UTF8.self)
            let line = text.hasSuffix("\n") ? text.dropLast() : Substring(text)
            if line.allSatisfy(\.isWhitespace) { continue }
            do {
                return try RecordedLine.parse(line)
            } catch {
                throw Broken(line: lineNumber, problem: error.description)
            }
        }
    }
}
