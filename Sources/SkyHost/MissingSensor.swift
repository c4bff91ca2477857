/// A figure the host does not give, and why: said once, beneath the rows that show `n/a`.
public enum MissingSensor: Equatable, Sendable {
    /// No hwmon CPU sensor and no thermal zone.
    case temperature(underHypervisor: Bool)
    /// No cpufreq: MHz come from `/proc/cpuinfo`, which some kernels refresh less often.
    case cpufreq
    /// Neither cpufreq nor `/proc/cpuinfo` gives a frequency.
    case frequency
    /// No `thermal_throttle` folder: throttling cannot be counted, only guessed from the rate.
    case throttleCounts(underHypervisor: Bool)

    public var reason: String {
        switch self {
        case .temperature(let guest):
            guest ? "no thermal sensors: virtual machine" : "no thermal sensors: no hwmon CPU sensor or thermal zone under /sys/class"
        case .cpufreq: "no cpufreq: MHz from /proc/cpuinfo"
        case .frequency: "no CPU frequency: neither cpufreq nor /proc/cpuinfo gives one"
        case .throttleCounts(let guest):
            guest ? "no thermal_throttle counts: virtual machine" : "no thermal_throttle counts: not exposed by this CPU or kernel"
        }
    }
}
