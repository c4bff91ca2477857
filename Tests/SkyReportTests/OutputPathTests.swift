#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import SkyCore
@testable import SkyFormat
@testable import SkyReport

/// The checks that keep an output path from damaging what is there, and the metrics file's
/// temporary file. Every node is made in a folder of the test's own, never under /dev.
@Suite("Output paths")
struct OutputPathTests {
    /// A fresh folder, removed with everything in it when the test ends.
    final class Folder {
        let path: String

        init() throws {
            var template = Array((NSTemporaryDirectory() + "/sky-paths-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            path = String(cString: made)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// Every entry by name, with what it is: a regular file's bytes, or the kind of node.
        func entries() throws -> [String: String] {
            var entries: [String: String] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                let full = path + "/" + name
                entries[name] = try OutputPath.node(at: full).map { "\($0)" } ?? String(contentsOfFile: full, encoding: .utf8)
            }
            return entries
        }
    }

    /// Linux's device number for a major and a minor below 256 (Glibc's `makedev` is a macro
    /// Swift does not see).
    static func device(_ major: UInt64, _ minor: UInt64) -> dev_t { dev_t(major << 8 | minor) }

    /// Whether this process may make device nodes (root may; others are refused by mknod).
    static let canMakeDevices: Bool = {
        guard let folder = try? Folder() else { return false }
        return mknod(folder.path + "/probe", S_IFCHR | 0o666, device(1, 3)) == 0
    }()

    /// Makes a node of the kind `node` at `path`: a link points at a regular file beside it.
    static func make(_ node: OutputPath.Node, at path: String) {
        let made: Int32 = switch node {
        case .fifo: mkfifo(path, 0o644)
        case .directory: mkdir(path, 0o755)
        case .symbolicLink: FileManager.default.createFile(atPath: path + ".target", contents: Data("x\n".utf8)) ? symlink(path + ".target", path) : -1
        // The null device's numbers, in a folder of our own: writing to it harms nothing.
        case .characterDevice: mknod(path, S_IFCHR | 0o666, device(1, 3))
        // A number no driver has, so an open could only fail.
        case .blockDevice: mknod(path, S_IFBLK | 0o600, device(240, 0))
        case .socket, .other: -1
        }
        #expect(made == 0, "could not make \(node) at \(path)")
    }

    static func reading() -> MetricsReading {
        MetricsReading(
            snapshot: ScanSnapshot(configuration: RunConfiguration(total: 4, batch: 2, seed: 1)), elapsed: .seconds(1), cores: 2,
            residentBytes: 1, openDescriptors: 1, throttled: false, eventsDropped: 0, started: UTCTime(secondsSinceEpoch: 1_000), exitStatus: nil, verdict: .pass)
    }

    @Test("A metrics path that is not a regular file is refused, named, and left as it was", arguments: [
        OutputPath.Node.fifo, .directory, .symbolicLink,
    ])
    func metricsRefusesNode(node: OutputPath.Node) throws {
        try expectMetricsRefused(node)
    }

    @Test("A metrics path that is a device node is refused and stays a device node",
          .enabled(if: canMakeDevices, "making a device node (mknod) needs root"))
    func metricsRefusesDevice() throws {
        try expectMetricsRefused(.characterDevice)
    }

    /// Both the check before the run and a write during it refuse `node`, and leave the folder
    /// exactly as it was: the node itself, and no temporary file.
    private func expectMetricsRefused(_ node: OutputPath.Node) throws {
        let folder = try Folder()
        let path = folder.path + "/sky.prom"
        Self.make(node, at: path)
        let before = try folder.entries()
        let refusal = try #require(throws: OutputPath.Refusal.self) { try OutputPath.checkReplaceable(path) }
        #expect(refusal.description.hasPrefix("'\(path)' is \(node.rawValue)"))
        let failure = try #require(throws: MetricsFile.WriteError.self) { try SoakReportTests.metricsFile(path).write(Self.reading()) }
        #expect(failure.description.contains(node.rawValue))
        #expect(try folder.entries() == before)
        #expect(OutputPath.node(at: path) == node)
    }

    @Test("A regular file or a new path may be replaced")
    func metricsAcceptsFiles() throws {
        let folder = try Folder()
        #expect(FileManager.default.createFile(atPath: folder.path + "/old.prom", contents: Data("old\n".utf8)))
        try OutputPath.checkReplaceable(folder.path + "/old.prom")
        try OutputPath.checkReplaceable(folder.path + "/new.prom")
    }

    @Test("The temporary file is new and exclusive: files already there, PATH.tmp too, survive byte for byte")
    func metricsTemporaryFile() throws {
        let folder = try Folder()
        let path = folder.path + "/sky.prom"
        // What the temporary file used to be, and names of its present shape.
        for (name, text) in [("sky.prom.tmp", "someone's\n"), (".sky.prom.AAAAAA.tmp", "other\n"), ("keep.prom", "keep\n")] {
            #expect(FileManager.default.createFile(atPath: folder.path + "/" + name, contents: Data(text.utf8)))
        }
        let before = try folder.entries()
        let file = SoakReportTests.metricsFile(path)
        try file.write(Self.reading())
        try file.write(Self.reading())
        var after = try folder.entries()
        #expect(after.removeValue(forKey: "sky.prom") == file.render(Self.reading()))
        #expect(after == before)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o644)
    }

    @Test("A failed write leaves no temporary file behind")
    func metricsFailureCleansUp() throws {
        let folder = try Folder()
        let path = folder.path + "/sky.prom"
        try SoakReportTests.metricsFile(path).write(Self.reading())
        let before = try folder.entries()
        // The file turns into something a rename must not replace, between two writes.
        #expect(unlink(path) == 0)
        Self.make(.fifo, at: path)
        #expect(throws: MetricsFile.WriteError.self) { try SoakReportTests.metricsFile(path).write(Self.reading()) }
        #expect(Set(try folder.entries().keys) == Set(before.keys))
        #expect(OutputPath.node(at: path) == .fifo)
    }

    @Test("Two paths to one file are one file, however written", arguments: [
        ("out", "./out"), ("out", "sub/../out"), ("out", "//out"), ("real/out", "linked/out"), ("existing", "existing"),
        ("existing", "hard"), ("dangling", "nothing-yet"),
    ])
    func samePaths(first: String, second: String) throws {
        let folder = try Folder()
        try prepare(folder)
        #expect(throws: OutputPath.Refusal.self) {
            try OutputPath.checkDistinct(folder.path + "/" + first, from: folder.path + "/" + second, otherName: "--events")
        }
    }

    @Test("Different files are different", arguments: [("out", "out2"), ("real/out", "out"), ("existing", "dangling"), ("existing", "linked")])
    func differentPaths(first: String, second: String) throws {
        let folder = try Folder()
        try prepare(folder)
        try OutputPath.checkDistinct(folder.path + "/" + first, from: folder.path + "/" + second, otherName: "--events")
    }

    @Test("A relative path and its absolute form are one file")
    func relativeAndAbsolute() throws {
        let here = FileManager.default.currentDirectoryPath
        let refusal = try #require(throws: OutputPath.Refusal.self) {
            try OutputPath.checkDistinct("sky-not-made.prom", from: here + "/./sky-not-made.prom", otherName: "--events")
        }
        #expect(refusal.description == "'sky-not-made.prom' is the same file as --events '\(here)/./sky-not-made.prom'; give each output a file of its own")
    }

    /// `sub/`, `real/`, `linked` (a link to `real`), `existing` and `hard` (one file, two names),
    /// and `dangling` (a link to `nothing-yet`, which does not exist).
    private func prepare(_ folder: Folder) throws {
        for directory in ["sub", "real"] { try FileManager.default.createDirectory(atPath: folder.path + "/" + directory, withIntermediateDirectories: false) }
        #expect(symlink("real", folder.path + "/linked") == 0)
        #expect(FileManager.default.createFile(atPath: folder.path + "/existing", contents: Data()))
        #expect(link(folder.path + "/existing", folder.path + "/hard") == 0)
        #expect(symlink("nothing-yet", folder.path + "/dangling") == 0)
    }

    @Test("Events may stream into a new file or a FIFO")
    func eventsPaths() throws {
        let folder = try Folder()
        Self.make(.fifo, at: folder.path + "/fifo")
        try OutputPath.checkStreamable(folder.path + "/fifo")
        try OutputPath.checkStreamable(folder.path + "/new.jsonl")
    }

    @Test("Events may stream into a character device, never into a block device",
          .enabled(if: canMakeDevices, "making a device node (mknod) needs root"))
    func eventsDevices() throws {
        let folder = try Folder()
        Self.make(.characterDevice, at: folder.path + "/null")
        try OutputPath.checkStreamable(folder.path + "/null")
        Self.make(.blockDevice, at: folder.path + "/disk")
        let refusal = try #require(throws: OutputPath.Refusal.self) { try OutputPath.checkStreamable(folder.path + "/disk") }
        #expect(refusal.description.contains("is a block device"))
    }

    @Test("A signal caught before an events FIFO has a reader stops the open instead of waiting")
    func eventsOpenStopped() throws {
        let folder = try Folder()
        let path = folder.path + "/events"
        Self.make(.fifo, at: path)
        // Without the stop, this open would wait for a reader forever.
        let error = try #require(throws: EventsFile.OpenError.self) { try EventsFile(path: path, stopWaiting: { SIGTERM }) }
        #expect(error.description == "stopped by SIGTERM while waiting for a reader on the events FIFO '\(path)'")
        #expect(OutputPath.node(at: path) == .fifo)
    }

    @Test("A file opens at once, and leaves a signal to the run")
    func eventsOpenIgnoresSignalForFile() throws {
        let folder = try Folder()
        let file = try EventsFile(path: folder.path + "/events.jsonl", stopWaiting: {
            Issue.record("asked to stop, though nothing waits")
            return SIGTERM
        })
        #expect(file.close() == nil)
    }
}
