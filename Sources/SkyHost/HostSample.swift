/// One reading of the host's CPU figures, at one moment.
public struct HostSample: Equatable, Sendable {
    public var stat: ProcStat
    /// Current clock by CPU, in MHz.
    public var megahertz: [Int: Double]
    /// Temperature by CPU, in degrees Celsius; empty where the host has no sensors.
    public var celsius: [Int: Double]
    /// `nil` where the host has no `thermal_throttle` files.
    public var throttle: ThrottleCounts?

    public init(stat: ProcStat, megahertz: [Int: Double] = [:], celsius: [Int: Double] = [:], throttle: ThrottleCounts? = nil) {
        self.stat = stat
        self.megahertz = megahertz
        self.celsius = celsius
        self.throttle = throttle
    }

    /// The share of the whole host's CPU time stolen by the hypervisor between `earlier` and here.
    public func steal(since earlier: HostSample) -> Double? {
        guard let before = earlier.stat.host, let now = stat.host else { return nil }
        return CPUTimes.steal(from: before, to: now)
    }
}
