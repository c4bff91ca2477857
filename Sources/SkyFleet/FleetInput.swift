#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SkyReport

/// The summaries in the files and folders given to `sky fleet`, and the ones it had to skip.
///
/// A file is a summary as `sky soak --format json` prints it, a capture of its stdout (JSON Lines:
/// the interval lines, then the summary), or a pod's log from `kubectl logs` (stderr's lines
/// mixed in, and with `--prefix` or `--timestamps` a prefix before each object). Every line that
/// holds a JSON object with a `"verdict"` is a host's summary, so a capture of several pods gives
/// several hosts. A folder gives its `*.json`, `*.jsonl` and `*.log` files, in name order; its
/// subfolders are not read. Files are read a chunk at a time and only the summaries are kept.
public enum FleetInput {
    /// The endings of the files a folder gives.
    public static let suffixes = [".jsonl", ".json", ".log"]

    /// A file, a line of one, or a folder that gave no summary, and why.
    public struct Skipped: Codable, Equatable, Sendable {
        public var file: String
        public var problem: String
    }

    public struct Read: Equatable, Sendable {
        public var summaries: [FleetSummary] = []
        public var skipped: [Skipped] = []
    }

    /// Reads every path in turn; a path that gives no summary is skipped, and the rest still read.
    public static func read(_ paths: [String]) -> Read {
        var read = Read()
        for path in paths { self.read(path, inFolder: false, into: &read) }
        return read
    }

    private static func read(_ path: String, inFolder: Bool, into read: inout Read) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            read.skipped.append(Skipped(file: path, problem: errorText(errno)))
            return
        }
        switch OutputPath.Node(mode: info.st_mode) {
        case nil:
            readFile(path, into: &read)
        case .directory where !inFolder:
            readFolder(path, into: &read)
        case .directory:
            read.skipped.append(Skipped(file: path, problem: "a folder inside a folder: sky fleet does not read subfolders"))
        case let node?:
            read.skipped.append(Skipped(file: path, problem: refusal(node)))
        }
    }

    /// Only regular files are read: a FIFO would wait for a writer, and a device is not a summary.
    private static func refusal(_ node: OutputPath.Node) -> String {
        "\(node.rawValue), not a regular file or a folder"
    }

    private static func readFolder(_ folder: String, into read: inout Read) {
        guard let directory = opendir(folder) else {
            read.skipped.append(Skipped(file: folder, problem: errorText(errno)))
            return
        }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix("."), suffixes.contains(where: { name.hasSuffix($0) }) { names.append(name) }
        }
        closedir(directory)
        guard !names.isEmpty else {
            read.skipped.append(Skipped(file: folder, problem: "no summaries: a folder with no *.json, *.jsonl or *.log files"))
            return
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        for name in names.sorted() { self.read(base + name, inFolder: true, into: &read) }
    }

    private static func readFile(_ path: String, into read: inout Read) {
        // Non-blocking, so a path swapped for a FIFO since `stat` cannot hang the open either.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            read.skipped.append(Skipped(file: path, problem: errorText(errno)))
            return
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            read.skipped.append(Skipped(file: path, problem: errorText(errno)))
            return
        }
        if let node = OutputPath.Node(mode: info.st_mode) {
            read.skipped.append(Skipped(file: path, problem: refusal(node)))
            return
        }
        var scanner = SummaryLines(file: path)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0) }
            if count < 0 {
                if errno == EINTR { continue }
                read.skipped.append(Skipped(file: path, problem: errorText(errno)))
                return
            }
            if count == 0 { break }
            scanner.take(chunk[0..<count])
        }
        let found = scanner.finish()
        read.summaries += found.summaries
        read.skipped += found.skipped
    }

    /// `strerror`'s words, in lower case as the rest of the line.
    private static func errorText(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// The summaries in one file's lines, taken a chunk at a time.
struct SummaryLines {
    /// A pretty-printed summary (`jq . summary.json`) spans lines: a file this small is kept whole
    /// until its end, in case no line of it is a summary on its own.
    static let wholeFileLimit = 1 << 20
    /// A summary keeps at most a thousand of each list, so a line this long is no summary: it is
    /// passed over rather than held, whatever the file is.
    static let lineLimit = 16 << 20

    let file: String
    private(set) var summaries: [FleetSummary] = []
    /// Lines that hold a `"verdict"` but are no summary: each is a host lost, so each is named.
    private var brokenLines: [FleetInput.Skipped] = []
    private var line: [UInt8] = []
    private var lineTooLong = false
    private var lineNumber = 0
    private var whole: [UInt8] = []
    private var wholeKept = true
    /// The last line that was not blank: if it is cut short, the log was read before sky finished.
    private var lastLine: [UInt8] = []
    private var sawBytes = false

    init(file: String) {
        self.file = file
    }

    mutating func take(_ bytes: ArraySlice<UInt8>) {
        sawBytes = sawBytes || !bytes.isEmpty
        if wholeKept {
            whole += bytes
            if whole.count > Self.wholeFileLimit {
                wholeKept = false
                whole = []
            }
        }
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            append(bytes[start..<newline])
            endLine()
            start = newline + 1
        }
        append(bytes[start...])
    }

    private mutating func append(_ bytes: ArraySlice<UInt8>) {
        guard !lineTooLong else { return }
        line += bytes
        if line.count > Self.lineLimit {
            lineTooLong = true
            line = []
        }
    }

    mutating func finish() -> (summaries: [FleetSummary], skipped: [FleetInput.Skipped]) {
        if !line.isEmpty { endLine() }
        if summaries.isEmpty, wholeKept, let summary = try? FleetSummary(json: whole[...], file: file) {
            return ([summary], [])
        }
        if !summaries.isEmpty || !brokenLines.isEmpty { return (summaries, brokenLines) }
        let problem: String
        if !sawBytes || lastLine.isEmpty {
            problem = "empty: no summary"
        } else if let object = Self.object(in: lastLine), !Self.isWholeJSON(object) {
            problem = "no summary: its last line is cut short (was it read before sky soak had ended?)"
        } else {
            problem = "not a sky summary (no line holds a \"verdict\")"
        }
        return ([], [FleetInput.Skipped(file: file, problem: problem)])
    }

    private mutating func endLine() {
        lineNumber += 1
        defer {
            line.removeAll(keepingCapacity: true)
            lineTooLong = false
        }
        guard line.contains(where: { $0 > 0x20 }) else { return }
        lastLine = line
        guard let object = Self.object(in: line), Self.holdsVerdict(object) else { return }
        do {
            summaries.append(try FleetSummary(json: object, file: file))
        } catch {
            brokenLines.append(FleetInput.Skipped(file: file, problem: "line \(lineNumber): not a sky summary: \(error)"))
        }
    }

    /// The line from its first `{`: a `kubectl logs --prefix` or `--timestamps` line has words first.
    private static func object(in line: [UInt8]) -> ArraySlice<UInt8>? {
        line.firstIndex(of: UInt8(ascii: "{")).map { line[$0...] }
    }

    private static let verdictKey = Array("\"verdict\"".utf8)

    private static func holdsVerdict(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= verdictKey.count else { return false }
        var index = bytes.startIndex
        while index <= bytes.endIndex - verdictKey.count {
            if bytes[index] == verdictKey[0], bytes[index..<index + verdictKey.count].elementsEqual(verdictKey) { return true }
            index += 1
        }
        return false
    }

    private static func isWholeJSON(_ bytes: ArraySlice<UInt8>) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) != nil
    }
}

/// `read(2)`, by a name that `FleetInput.read` does not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
