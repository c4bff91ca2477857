#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fuzzing engine, or, in a build without it, a loop over the files given.
enum LibFuzzer {
    typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    #if SKY_FUZZING
    /// libFuzzer's entry for a program with a `main` of its own (`libclang_rt.fuzzer_no_main`):
    /// SwiftPM gives every executable its `main`, so libFuzzer's own cannot be linked.
    static func run(_ arguments: [String], each callback: Callback) -> Int32 {
        var argc = Int32(arguments.count)
        var cStrings = arguments.map { strdup($0) } + [nil]
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress!
            return LLVMFuzzerRunDriver(&argc, &argv, callback)
        }
    }
    #else
    static func run(_ arguments: [String], each callback: Callback) -> Int32 {
        let files = arguments.dropFirst().filter { !$0.hasPrefix("-") }
        var count = 0
        for path in files {
            for file in filesIn(path) {
                guard let bytes = contents(of: file) else {
                    complain("sky-fuzz: error: '\(file)': \(String(cString: strerror(errno)))\n")
                    return 66
                }
                _ = bytes.withUnsafeBufferPointer { callback($0.baseAddress, $0.count) }
                count += 1
            }
        }
        print("sky-fuzz: \(count) inputs read through once, without libFuzzer")
        return 0
    }

    /// A folder's files in name order, or the file itself.
    private static func filesIn(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(path + "/" + name) }
        }
        return names.sorted()
    }

    private static func contents(of path: String) -> [UInt8]? {
        guard let stream = fopen(path, "r") else { return nil }
        defer { fclose(stream) }
        var bytes: [UInt8] = []
        while case let byte = getc(stream), byte != EOF { bytes.append(UInt8(byte)) }
        return bytes
    }
    #endif
}

#if SKY_FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: LibFuzzer.Callback
) -> Int32
#endif
