import Foundation

/// The built `sky` executable, run as a user would run it.
enum SkyBinary {
    /// `sky` sits beside the test bundle in the build folder.
    static var url: URL {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent("sky")
    }

    /// The package's top folder, for its assets.
    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func launch(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    static func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Outcome {
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func run(_ arguments: [String]) throws -> Outcome {
        let (process, out, err) = try launch(arguments)
        return finish(process, out, err)
    }

    /// Waits until the events file at `path` shows `count` started scans; bounded (a minute), so
    /// a sky that never starts fails the test instead of hanging it. Terminates it then.
    static func waitForStarts(_ count: Int, in path: String, of process: Process) -> Bool {
        var polls = 0
        while (try? String(contentsOfFile: path, encoding: .utf8))?.components(separatedBy: "\"started\"").count ?? 0 <= count {
            polls += 1
            if polls > 6_000 {
                process.terminate()
                return false
            }
            usleep(10_000)
        }
        return true
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sky-\(UInt32.random(in: 0...UInt32.max))-\(name)").path
    }
}
