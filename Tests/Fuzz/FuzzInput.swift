#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands each input to the chosen target as a file, since the readers take paths: the file is
/// opened once, unlinked at once (so a run that is stopped leaves nothing behind) and reached
/// through `/proc/self/fd`, then rewritten for every input.
enum FuzzInput {
    // Set once in main.swift before libFuzzer starts; libFuzzer calls back on that one thread.
    nonisolated(unsafe) static var target: (String) -> Void = { _ in }
    // Opened once, on the thread that runs every input.
    nonisolated(unsafe) private static var descriptor: Int32 = -1

    static func run(_ arguments: [String]) -> Int32 {
        var template = Array("\(tmpDirectory())/sky-fuzz-XXXXXX".utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            complain("sky-fuzz: error: cannot make a scratch file: \(String(cString: strerror(errno)))\n")
            return 71
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return LibFuzzer.run(arguments) { data, count in FuzzInput.testOne(data, count) }
    }

    /// libFuzzer's callback: the input becomes the whole of the scratch file, then the target
    /// reads it. Never anything but 0: libFuzzer reserves other values.
    static func testOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
        guard ftruncate(descriptor, 0) == 0 else { fatalError("the scratch file cannot be emptied: \(errno)") }
        var written = 0
        while written < count {
            let result = pwrite(descriptor, data! + written, count - written, off_t(written))
            guard result > 0 else { fatalError("the scratch file cannot be written: \(errno)") }
            written += result
        }
        target("/proc/self/fd/\(descriptor)")
        return 0
    }

    private static func tmpDirectory() -> String {
        getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    }
}

/// One line on stderr.
func complain(_ line: String) {
    var bytes = Array(line.utf8)
    _ = write(2, &bytes, bytes.count)
}
