#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import Foundation
import SkyReport

/// `sky bench --save FILE`: a bench's figures with every sample of the rows a later bench is
/// compared on (`--baseline FILE`), and where and when it ran. JSON; docs/bench-json.md describes it.
public struct BenchRecord: Codable, Equatable, Sendable {
    /// A saved row: its samples, and how the saving bench defined it (for a reader; a comparison
    /// judges by the comparing bench's own definition).
    public struct Row: Codable, Equatable, Sendable {
        public var key: String
        public var name: String
        public var kind: BenchRow.Kind
        public var samples: [Double]
    }

    /// What the file says it is, so that another JSON file is refused by name.
    public static let kind = "sky bench samples"
    /// Raised when a field changes meaning; a file of another version is refused.
    public static let version = 1
    /// A saved bench is a few kilobytes; a file past this is not one, and is not read whole.
    public static let sizeLimit = 4 << 20
    /// A row's samples are its rounds; comparing is quadratic in them (`RatioInterval`).
    public static let sampleLimit = 1_000

    public var kind: String
    public var version: Int
    /// sky's release (`sky --version`).
    public var sky: String
    /// When the bench ended, in UTC, ISO 8601 to the second.
    public var date: String
    public var host: HostIdentity
    public var rows: [Row]
    /// Everything the bench measured, as `--format json` prints it: for a reader. A comparison
    /// needs only `rows`, so figures this sky cannot read (of another sky, which measured other
    /// things) read as `nil` rather than refuse the file.
    public var figures: BenchFigures?

    enum CodingKeys: String, CodingKey {
        case kind, version, sky, date, host, rows, figures
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        version = try container.decode(Int.self, forKey: .version)
        sky = try container.decode(String.self, forKey: .sky)
        date = try container.decode(String.self, forKey: .date)
        host = try container.decode(HostIdentity.self, forKey: .host)
        rows = try container.decode([Row].self, forKey: .rows)
        figures = try? container.decodeIfPresent(BenchFigures.self, forKey: .figures)
    }

    public init(figures: BenchFigures, sky: String, host: HostIdentity, date: Date) {
        kind = Self.kind
        version = Self.version
        self.sky = sky
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        self.date = formatter.string(from: date)
        self.host = host
        rows = BenchRow.rows(of: figures).map { Row(key: $0.key, name: $0.name, kind: $0.kind, samples: $0.samples) }
        self.figures = figures
    }

    /// The file's text: one JSON object, keys sorted, indented for a reader and a diff.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        // Numbers, strings and arrays of them: encoding cannot fail.
        return String(decoding: try! encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Why a file cannot be read or written: one clause, after the file's name.
    public struct FileError: Error, CustomStringConvertible {
        public let path: String
        public let problem: String
        public var description: String { "'\(path)' \(problem)" }
    }

    /// What a file says it is, read before the rest.
    private struct Header: Decodable {
        var kind: String
        var version: Int
    }

    /// Reads a file written by `sky bench --save`.
    public static func load(_ path: String) throws(FileError) -> BenchRecord {
        if let node = OutputPath.node(at: path), node != .symbolicLink, node != .fifo, node != .characterDevice {
            throw FileError(path: path, problem: "is \(node.rawValue), not a file saved by sky bench --save")
        }
        let data = try contents(of: path)
        let notSaved = "is not a file saved by sky bench --save"
        do {
            let header = try JSONDecoder().decode(Header.self, from: data)
            guard header.kind == kind, header.version == version else {
                throw FileError(
                    path: path,
                    problem: "is '\(header.kind)' version \(header.version); this sky reads '\(kind)' version \(version)")
            }
            let record = try JSONDecoder().decode(BenchRecord.self, from: data)
            if let crowded = record.rows.first(where: { $0.samples.count > sampleLimit }) {
                throw FileError(path: path, problem: "has \(crowded.samples.count) samples in its row '\(crowded.key)'; a saved bench has at most \(sampleLimit)")
            }
            guard record.rows.contains(where: { !$0.samples.isEmpty && $0.samples.allSatisfy { $0 > 0 && $0.isFinite } }) else {
                throw FileError(path: path, problem: "has no row to compare against: every row's samples are missing, zero or not finite")
            }
            return record
        } catch let error as FileError {
            throw error
        } catch {
            throw FileError(path: path, problem: "\(notSaved) (\(Self.reason(error)))")
        }
    }

    /// The whole file, or why it cannot be read, in the system's words. A FIFO waits for its
    /// writer, through signals too: a signal's own handling ends sky if it must.
    private static func contents(of path: String) throws(FileError) -> Data {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw FileError(path: path, problem: "cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, problem: "cannot be read: \(String(cString: strerror(errno)))")
            }
            data.append(contentsOf: buffer[..<count])
            guard data.count <= sizeLimit else {
                throw FileError(path: path, problem: "is larger than \(sizeLimit >> 20) MiB: not a file saved by sky bench --save")
            }
        }
    }

    /// Writes the file: a new file beside `path`, renamed over it, so a reader never sees half of
    /// one; refused if `path` has become something a rename must not replace.
    public func write(to path: String) throws(FileError) {
        do {
            try OutputPath.checkReplaceable(path)
        } catch {
            throw FileError(path: path, problem: error.problem)
        }
        do {
            try Data(json().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw FileError(path: path, problem: "cannot be written (\(error.localizedDescription))")
        }
    }

    /// A decoding error in one clause: what was wrong, and where.
    private static func reason(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error as? DecodingError {
        case .dataCorrupted(let context)?:
            return context.codingPath.isEmpty ? "not JSON" : "bad value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context)?:
            return "no '\(key.stringValue)' in \(path(context.codingPath))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "wrong type at \(path(context.codingPath))"
        default:
            return "\(error)"
        }
    }
}
