#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The directory the host's `/proc` and `/sys` are read under: `/` on a real run. The environment
/// variable `SKY_HOST_ROOT` points it at a fake tree, so tests can give a 2-core machine 256 cores,
/// thermal sensors or none, and throttling.
public struct HostRoot: Equatable, Sendable {
    public static let environmentVariable = "SKY_HOST_ROOT"
    /// Files larger than this are not host figures; a read stops here rather than grow without end.
    static let readLimit = 4 << 20

    /// The root's path without its trailing slash (empty for `/`).
    public let path: String

    public init(_ path: String = "/") {
        var path = path
        while path.hasSuffix("/") { path.removeLast() }
        self.path = path
    }

    /// `SKY_HOST_ROOT` if set and not empty, else `/`.
    public static func fromEnvironment() -> HostRoot {
        guard let value = getenv(environmentVariable), value.pointee != 0 else { return HostRoot() }
        return HostRoot(String(cString: value))
    }

    /// `file` (an absolute path such as `/proc/stat`) under the root.
    public func resolve(_ file: String) -> String { path + file }

    /// The whole of a small text file, or `nil` if it cannot be read.
    public func read(_ file: String) -> String? {
        let descriptor = open(resolve(file), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count < Self.readLimit {
            let count = chunk.withUnsafeMutableBytes { Self.systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// A file holding one integer (sysfs style), or `nil`.
    public func integer(_ file: String) -> Int? {
        guard let text = read(file) else { return nil }
        return Int(text.trimmingWhitespace)
    }

    /// The names in a directory, sorted, without `.` and `..`; empty if it cannot be read.
    public func entries(_ directory: String) -> [String] {
        guard let handle = opendir(resolve(directory)) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { $0.naturallyBefore($1) }
    }

    /// Whether `file` exists under the root.
    public func exists(_ file: String) -> Bool {
        access(resolve(file), F_OK) == 0
    }
}

extension String {
    var trimmingWhitespace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = lastIndex(where: { !isSpace($0) })!
        return self[start...end]
    }

    /// `hwmon2` before `hwmon10`: names compared by their text, their trailing numbers by value.
    func naturallyBefore(_ other: String) -> Bool {
        let (stem, number) = splitNumber()
        let (otherStem, otherNumber) = other.splitNumber()
        if stem != otherStem || number == nil || otherNumber == nil { return self < other }
        return number! < otherNumber!
    }

    /// `cpu12` → (`cpu`, 12).
    func splitNumber() -> (stem: Substring, number: Int?) {
        let digits = reversed().prefix { $0.isASCII && $0.isNumber }.count
        guard digits > 0 else { return (self[...], nil) }
        let cut = index(endIndex, offsetBy: -digits)
        return (self[..<cut], Int(self[cut...]))
    }
}
