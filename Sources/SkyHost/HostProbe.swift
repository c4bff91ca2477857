/// The host's CPUs and sensors, found once at the start of a run; `sample()` then reads their
/// figures. A sample opens a few files per CPU, so it is taken at interval closes and at most once a
/// second for the dashboard, never per scan.
public struct HostProbe: Sendable {
    public let root: HostRoot
    /// The online CPUs, by number, from `/proc/stat`.
    public let cpus: [Int]
    public let topology: CoreTopology
    let temperatureSources: [TemperatureSource]
    let hasCpufreq: Bool
    public let hasThrottleCounts: Bool
    public let underHypervisor: Bool
    /// What the host does not give, in the order the rows' columns go.
    public let missing: [MissingSensor]

    public init(root: HostRoot = .fromEnvironment()) {
        self.root = root
        let stat = root.read("/proc/stat").map(ProcStat.init(parsing:)) ?? ProcStat()
        cpus = stat.cpus.keys.sorted()
        topology = CoreTopology.read(root, cpus: cpus)
        let info = root.read("/proc/cpuinfo").map(CPUInfo.init(parsing:)) ?? CPUInfo()
        underHypervisor = info.underHypervisor
        hasCpufreq = cpus.first.map { root.exists(CoreFrequency.cpufreqFile($0)) } ?? false
        temperatureSources = Temperatures.discover(root, topology: topology)
        hasThrottleCounts = ThrottleCounts.available(root, cpus: cpus)
        var missing: [MissingSensor] = []
        if !hasCpufreq { missing.append(info.megahertz.isEmpty ? .frequency : .cpufreq) }
        if temperatureSources.isEmpty { missing.append(.temperature(underHypervisor: underHypervisor)) }
        if !hasThrottleCounts { missing.append(.throttleCounts(underHypervisor: underHypervisor)) }
        self.missing = missing
    }

    /// The reasons, one line each.
    public var missingReasons: [String] { missing.map(\.reason) }

    /// Everything, read now.
    public func sample() -> HostSample {
        let stat = root.read("/proc/stat").map(ProcStat.init(parsing:)) ?? ProcStat()
        let megahertz = hasCpufreq
            ? CoreFrequency.cpufreq(root, cpus: cpus)
            : (root.read("/proc/cpuinfo").map(CPUInfo.init(parsing:))?.megahertz ?? [:])
        return HostSample(
            stat: stat, megahertz: megahertz, celsius: Temperatures.read(root, sources: temperatureSources),
            throttle: hasThrottleCounts ? ThrottleCounts.read(root, cpus: cpus, topology: topology) : nil)
    }
}
