#if canImport(Glibc)
package import Glibc
#elseif canImport(Darwin)
package import Darwin
#endif

/// What sky may write to, checked before it writes: an output path must never cost the user a
/// device node, a FIFO, a link or another output. Every refusal's wording is made here.
public enum OutputPath {
    /// What a path names when it is not a regular file.
    public enum Node: String, Sendable {
        case directory = "a directory"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case fifo = "a FIFO"
        case socket = "a socket"
        case symbolicLink = "a symbolic link"
        case other = "a file of another kind"

        /// What a `stat` mode names; `nil` for a regular file.
        package init?(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: return nil
            case S_IFDIR: self = .directory
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFIFO: self = .fifo
            case S_IFSOCK: self = .socket
            case S_IFLNK: self = .symbolicLink
            default: self = .other
            }
        }
    }

    /// Why sky will not write to a path: one clause for the problem, one for what it takes instead.
    public struct Refusal: Error, CustomStringConvertible {
        public let path: String
        public let problem: String
        public let accepted: String
        public var description: String { "'\(path)' \(problem); \(accepted)" }
    }

    /// What is at `path` itself (a final symbolic link is not followed): `nil` for a regular file,
    /// and for nothing there or nothing visible, which writing it will report in its own words.
    public static func node(at path: String) -> Node? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Node(mode: info.st_mode)
    }

    /// A file that sky replaces by renaming a new one over it: a rename replaces whatever the path
    /// names, so it must be a regular file or nothing yet. A link is refused rather than followed:
    /// the rename would replace the link, not the file it points to.
    public static func checkReplaceable(_ path: String) throws(Refusal) {
        switch node(at: path) {
        case nil: return
        case .symbolicLink:
            throw Refusal(path: path, problem: "is a symbolic link", accepted: "give the file's own path")
        case let node?:
            throw Refusal(
                path: path, problem: "is \(node.rawValue), not a regular file", accepted: "give the path of a regular file or of a new one")
        }
    }

    /// A file that sky writes into as a stream: a file, or a FIFO or character device that takes
    /// a stream (a reader's pipe, /dev/null). Never a disk: writing would overwrite its blocks.
    public static func checkStreamable(_ path: String) throws(Refusal) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFBLK else { return }
        throw Refusal(
            path: path, problem: "is a block device", accepted: "give a regular file, a FIFO or a character device")
    }

    /// Refuses `path` if it names the same file as `other`, which belongs to the output `otherName`.
    public static func checkDistinct(_ path: String, from other: String, otherName: String) throws(Refusal) {
        guard identity(path) == identity(other) else { return }
        throw Refusal(
            path: path, problem: "is the same file as \(otherName) '\(other)'", accepted: "give each output a file of its own")
    }

    /// Refuses `path` if it names the file, pipe or socket that stdout writes to. A terminal or
    /// /dev/null may be shared: nothing written there is kept.
    public static func checkNotStandardOutput(_ path: String) throws(Refusal) {
        var output = stat()
        guard fstat(1, &output) == 0, [S_IFREG, S_IFIFO, S_IFSOCK].contains(output.st_mode & S_IFMT) else { return }
        guard identity(path) == .file(device: UInt64(output.st_dev), inode: UInt64(output.st_ino)) else { return }
        throw Refusal(path: path, problem: "is the same file as stdout", accepted: "give the output a file of its own, or send stdout elsewhere")
    }

    /// What makes two paths one file: the same inode if it exists, else the same name in the same
    /// directory, so `a`, `./a`, `/abs/a` and a path through a linked directory all agree.
    private enum Identity: Equatable {
        case file(device: UInt64, inode: UInt64)
        case entry(device: UInt64, inode: UInt64, name: String)
        case text(String)
    }

    private static func identity(_ path: String, linksFollowed: Int = 0) -> Identity {
        var info = stat()
        if stat(path, &info) == 0 { return .file(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // A link to nothing yet: opening it creates its target, so the target is what it names.
        if linksFollowed < 40, let target = linkTarget(path) {
            return identity(target.hasPrefix("/") ? target : directory + "/" + target, linksFollowed: linksFollowed + 1)
        }
        if stat(directory, &info) == 0 {
            return .entry(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), name: name)
        }
        return .text(path)
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
