#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

enum Process {
    /// Flushes stdout and exits.
    static func exit(_ status: Int32) -> Never {
        fflush(nil)
        Glibc.exit(status)
    }
}

/// Cores this process may use. Foundation reads the affinity mask and the cgroup CPU quota, so
/// `taskset` and container limits count.
enum Cores {
    static var active: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

enum Terminal {
    static var stdoutIsTerminal: Bool { isatty(1) == 1 }
    static var stdinIsTerminal: Bool { isatty(0) == 1 }
    /// https://no-color.org: any non-empty value turns colour off.
    static var noColorRequested: Bool {
        guard let value = getenv("NO_COLOR") else { return false }
        return value.pointee != 0
    }
    static var type: String { getenv("TERM").map { String(cString: $0) } ?? "unset" }
}
