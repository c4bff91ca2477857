import SkyHost

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
        let host = HostDescription.current()
        return HostIdentity(name: host.name ?? "unknown", cores: cores, cpuModel: host.cpuModel)
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
}
