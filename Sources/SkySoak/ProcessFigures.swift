#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SkyCore

/// This process's resident memory and open file descriptors, read from `/proc` (Linux), and its CPU
/// time.
public enum ProcessFigures {
    /// Resident set size in bytes (the second field of `/proc/self/statm`, in pages); 0 if unknown.
    public static func residentBytes() -> Int {
        guard let text = read("/proc/self/statm") else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Open file descriptors (entries of `/proc/self/fd`, less the one reading it); -1 if unknown.
    public static func openDescriptors() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return -1 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { count += 1 }
        }
        return count - 1
    }

    /// CPU time of every thread of this process so far, user and system, in seconds, and its
    /// context switches (voluntary: a thread blocked; involuntary: a thread was preempted), from
    /// `getrusage`.
    public static func usage() -> (cpuSeconds: Double, contextSwitches: Int) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime) + seconds(usage.ru_stime), usage.ru_nvcsw + usage.ru_nivcsw)
    }

    /// `cpuSeconds` as a share of `cores` cores over `wall`: 1 is every core busy throughout; 0
    /// when no time has passed.
    public static func coreShare(cpuSeconds: Double, over wall: Duration, cores: Int) -> Double {
        wall > .zero ? cpuSeconds / (wall.seconds * Double(max(1, cores))) : 0
    }

    /// A small text file, read in one go without Foundation.
    private static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
