/// How many times the CPUs have been throttled for heat since boot, from
/// `/sys/devices/system/cpu/cpuN/thermal_throttle/`: `core_throttle_count` summed over the CPUs,
/// and `package_throttle_count` counted once per package (every CPU of a package shows the same).
public struct ThrottleCounts: Equatable, Sendable {
    public var core: Int
    public var package: Int

    /// The rise from `earlier` to here (a count never falls, unless the files went away).
    public func since(_ earlier: ThrottleCounts) -> ThrottleCounts {
        ThrottleCounts(core: max(0, core - earlier.core), package: max(0, package - earlier.package))
    }

    static func folder(_ cpu: Int) -> String { "/sys/devices/system/cpu/cpu\(cpu)/thermal_throttle/" }

    /// Whether the host has the files at all.
    static func available(_ root: HostRoot, cpus: [Int]) -> Bool {
        cpus.first.map { root.exists(folder($0) + "core_throttle_count") } ?? false
    }

    static func read(_ root: HostRoot, cpus: [Int], topology: CoreTopology) -> ThrottleCounts {
        let core = cpus.reduce(0) { $0 + (root.integer(folder($1) + "core_throttle_count") ?? 0) }
        let package = topology.firstCPUOfEachPackage.reduce(0) { $0 + (root.integer(folder($1) + "package_throttle_count") ?? 0) }
        return ThrottleCounts(core: core, package: package)
    }
}
