#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The release, shown by `--version`.
enum SkyVersion {
    static let current = "0.1.0"
}

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

enum HostName {
    /// `SKY_HOST` if set (the Job sets it to the node's name, as a pod's own name says nothing of
    /// the machine), else `gethostname`.
    static var current: String? {
        if let given = getenv("SKY_HOST").map({ String(cString: $0) }), !given.isEmpty { return given }
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }
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
