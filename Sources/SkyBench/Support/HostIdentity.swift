#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Which machine a bench ran on, as far as comparing two benches cares: figures from another
/// machine, or from the same one with another core count, differ for reasons that are not Sky's.
public struct HostIdentity: Codable, Equatable, Sendable {
    public var name: String
    /// The cores the bench's runs could use.
    public var cores: Int
    /// The CPU's model name from /proc/cpuinfo; `nil` where the system does not tell.
    public var cpuModel: String?

    enum CodingKeys: String, CodingKey {
        case name, cores
        case cpuModel = "cpu_model"
    }

    public init(name: String, cores: Int, cpuModel: String?) {
        self.name = name
        self.cores = cores
        self.cpuModel = cpuModel
    }

    /// This machine, with `cores` cores for the bench.
    public static func current(cores: Int) -> HostIdentity {
        HostIdentity(name: ProcessInfo.processInfo.hostName, cores: cores, cpuModel: cpuModel())
    }

    /// What differs between this machine and `other`, e.g. `2 cores, not 8`; empty if nothing.
    public func differences(from other: HostIdentity) -> [String] {
        var differences: [String] = []
        if name != other.name { differences.append("host '\(name)', not '\(other.name)'") }
        if cores != other.cores { differences.append("\(cores) cores, not \(other.cores)") }
        if cpuModel != other.cpuModel {
            differences.append("CPU '\(cpuModel ?? "unknown")', not '\(other.cpuModel ?? "unknown")'")
        }
        return differences
    }

    /// The first `model name` line of /proc/cpuinfo.
    private static func cpuModel() -> String? {
        guard let file = fopen("/proc/cpuinfo", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 1024)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix("model name"), let colon = text.firstIndex(of: ":") else { continue }
            return text[text.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return nil
    }
}
