import Foundation
import Testing

/// `--metrics-file` and `--events` never cost the user what their paths name: a device node, a
/// FIFO, a link, a directory, the other output, a file beside them. Every node here is made in a
/// folder of the test's own: sky is never pointed at anything under /dev.
@Suite("Output paths", .serialized)
struct OutputPathTests {
    /// A fresh folder, removed with everything in it when the test ends.
    final class Folder {
        let path: String

        init() throws {
            path = SkyBinary.temporaryPath("paths")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// Every entry by name, with its type and, for a regular file, its bytes.
        func entries() throws -> [String: String] {
            var entries: [String: String] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                let full = path + "/" + name
                let type = try FileManager.default.attributesOfItem(atPath: full)[.type] as? FileAttributeType
                entries[name] = type == .typeRegular ? try String(contentsOfFile: full, encoding: .utf8) : "\(type.map { $0.rawValue } ?? "?")"
            }
            return entries
        }
    }

    /// What a test makes at a path, and the words sky's refusal uses for it.
    enum Node: String, CaseIterable {
        case fifo = "is a FIFO, not a regular file"
        case directory = "is a directory, not a regular file"
        case symbolicLink = "is a symbolic link; give the file's own path"
        case characterDevice = "is a character device, not a regular file"

        func make(at path: String) {
            let made: Int32 = switch self {
            case .fifo: mkfifo(path, 0o644)
            case .directory: mkdir(path, 0o755)
            case .symbolicLink: FileManager.default.createFile(atPath: path + ".real", contents: Data("x\n".utf8)) ? symlink(path + ".real", path) : -1
            // The null device's numbers (Linux's encoding of 1, 3), in a folder of our own.
            case .characterDevice: mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | 3))
            }
            #expect(made == 0, "could not make \(self) at \(path)")
        }
    }

    /// Whether this process may make device nodes (root may; others are refused by mknod).
    static let canMakeDevices: Bool = {
        guard let folder = try? Folder() else { return false }
        return mknod(folder.path + "/probe", S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0
    }()

    /// A seed fixed: with two scans at the default failure rate, one seed in a hundred fails both,
    /// and the verdict is FAIL (no scan completed).
    static let quickRun = ["--total", "2", "--work", "0", "--seed", "1", "--no-tui"]

    @Test("A --metrics-file that is not a regular file is refused before the run with one line, and left as it was",
          arguments: [Node.fifo, .directory, .symbolicLink])
    func metricsRefused(node: Node) throws {
        try expectMetricsRefused(node)
    }

    @Test("A --metrics-file that is a device node is refused, and stays a device node",
          .enabled(if: canMakeDevices, "making a device node (mknod) needs root"))
    func metricsDeviceRefused() throws {
        try expectMetricsRefused(.characterDevice)
    }

    private func expectMetricsRefused(_ node: Node) throws {
        let folder = try Folder()
        let path = folder.path + "/sky.prom"
        node.make(at: path)
        let before = try folder.entries()
        let outcome = try SkyBinary.run(Self.quickRun + ["--metrics-file", path])
        #expect(outcome.status == 64)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("sky: error: --metrics-file: '\(path)' \(node.rawValue)"), "\(outcome.stderr)")
        #expect(try folder.entries() == before)
    }

    @Test("A folder sky may not write in, or a missing one, is refused for each output with one line naming the flag",
          arguments: ["--events", "--metrics-file"], [false, true])
    func unwritableFolder(flag: String, missing: Bool) throws {
        let folder = try Folder()
        let path: String
        if missing {
            path = folder.path + "/no-such-folder/out"
        } else if geteuid() == 0 {
            // Root writes through permission bits; sysfs refuses new files to anyone.
            path = "/sys/sky-\(UInt32.random(in: 0...UInt32.max)).out"
        } else {
            #expect(chmod(folder.path, 0o555) == 0)
            path = folder.path + "/out"
        }
        defer { chmod(folder.path, 0o755) }
        let outcome = try SkyBinary.run(Self.quickRun + [flag, path])
        #expect(outcome.status == 64)
        #expect(outcome.stdout.isEmpty)
        let reason = missing ? "No such file or directory" : "Permission denied"
        #expect(outcome.stderr == "sky: error: \(flag): cannot write '\(path)': \(reason) (see 'sky --help')\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("--events and --metrics-file naming one file are refused before either is touched", arguments: [
        ("out", "./out"), ("out", "sub/../out"), ("real/out", "linked/out"), ("existing", "existing"),
    ])
    func sameFileRefused(events: String, metrics: String) throws {
        let folder = try Folder()
        for directory in ["sub", "real"] { try FileManager.default.createDirectory(atPath: folder.path + "/" + directory, withIntermediateDirectories: false) }
        #expect(symlink("real", folder.path + "/linked") == 0)
        #expect(FileManager.default.createFile(atPath: folder.path + "/existing", contents: Data("the user's\n".utf8)))
        let before = try folder.entries()
        let outcome = try SkyBinary.run(Self.quickRun + ["--events", folder.path + "/" + events, "--metrics-file", folder.path + "/" + metrics])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("--metrics-file") && outcome.stderr.contains("give each output a file of its own"), "\(outcome.stderr)")
        #expect(try folder.entries() == before)
    }

    @Test("--trace naming the file of another output is refused before any is touched", arguments: [
        ("--events", "--trace", "out", "./out"), ("--trace", "--metrics-file", "existing", "sub/../existing"),
    ])
    func traceSharesRefused(first: String, second: String, path: String, samePath: String) throws {
        let folder = try Folder()
        try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: folder.path + "/existing", contents: Data("the user's\n".utf8)))
        let before = try folder.entries()
        let outcome = try SkyBinary.run(Self.quickRun + [first, folder.path + "/" + path, second, folder.path + "/" + samePath])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("\(second): ") && outcome.stderr.contains("the same file as \(first)"), "\(outcome.stderr)")
        #expect(try folder.entries() == before)
    }

    @Test("A run leaves every other file beside the metrics file as it was, PATH.tmp included")
    func neighboursUntouched() throws {
        let folder = try Folder()
        for (name, text) in [("sky.prom.tmp", "someone's\n"), ("other.prom", "other\n")] {
            #expect(FileManager.default.createFile(atPath: folder.path + "/" + name, contents: Data(text.utf8)))
        }
        let before = try folder.entries()
        let outcome = try SkyBinary.run(Self.quickRun + ["--metrics-file", folder.path + "/sky.prom"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        var after = try folder.entries()
        #expect(after.removeValue(forKey: "sky.prom")?.contains("\nsky_exit_status 0\n") == true)
        #expect(after == before)
    }

    @Test("SIGTERM while --events waits for a FIFO's reader: exit status 143, one line, nothing written")
    func fifoWithoutReader() throws {
        let folder = try Folder()
        let fifo = folder.path + "/events"
        Node.fifo.make(at: fifo)
        let before = try folder.entries()
        let (process, out, err) = try SkyBinary.launch(Self.quickRun + ["--events", fifo, "--metrics-file", folder.path + "/sky.prom"])
        // Waits (a minute at most) until sky is in the open that waits for a reader. If the signal
        // came sooner, once sky catches signals, the status is the same: stopped by SIGTERM.
        for _ in 0..<6_000 {
            let waiting = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/wchan", encoding: .utf8)
            if waiting == "wait_for_partner" { break }
            usleep(10_000)
        }
        kill(process.processIdentifier, SIGTERM)
        let outcome = SkyBinary.finish(process, out, err)
        #expect(outcome.status == 143)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == "sky: stopped by SIGTERM while waiting for a reader on the events FIFO '\(fifo)'\n")
        #expect(try folder.entries() == before)
    }
}
