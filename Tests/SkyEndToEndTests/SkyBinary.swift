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

        /// stderr without the status lines a headless run prints about once a second: how many a
        /// run prints depends on how fast the machine is, so a test may not count on none.
        var stderrBesidesStatus: String {
            stderr.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { $0.wholeMatch(of: /\[\d+\.\ds\] (scheduled|verified|completed) .*/) == nil }
                .joined(separator: "\n")
        }
    }

    static func launch(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        try launch(url, arguments)
    }

    /// Starts `executable` with its output piped and nothing on stdin.
    private static func launch(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    /// Reads both pipes at once: a child that fills one pipe (64 KiB) while this reads the other
    /// to its end would wait on it forever.
    static func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Outcome {
        let stderrReader = err.fileHandleForReading
        let stderrRead = ReadData()
        let stderrDone = DispatchSemaphore(value: 0)
        Thread {
            stderrRead.data = stderrReader.readDataToEndOfFile()
            stderrDone.signal()
        }.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        stderrDone.wait()
        let stderr = stderrRead.data
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs `script` with bash, where `$SKY` is the binary: for redirections and pipelines that
    /// `Process` cannot set up (a closed stdout, `| head -1`, `ulimit`).
    static func shell(_ script: String) throws -> Outcome {
        let environment = ProcessInfo.processInfo.environment.merging(["SKY": url.path]) { $1 }
        let (process, out, err) = try launch(URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: environment)
        return finish(process, out, err)
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

    /// Waits until `process` catches `signal` (its bit in `/proc/PID/status`'s `SigCgt`): sent
    /// before, the signal would meet the default action, not Sky. Bounded (a minute).
    static func waitForHandler(of signal: Int32, in process: Process) -> Bool {
        for _ in 0..<6_000 {
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
                let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16),
                mask & (1 << UInt64(signal - 1)) != 0
            {
                return true
            }
            usleep(10_000)
        }
        return false
    }

    /// What a reading thread read. Unchecked: written before the thread signals its semaphore and
    /// read only after the wait on it, which orders the two.
    private final class ReadData: @unchecked Sendable {
        var data = Data()
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sky-\(UInt32.random(in: 0...UInt32.max))-\(name)").path
    }
}
