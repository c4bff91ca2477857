/// Each CPU's current clock, from cpufreq's `scaling_cur_freq` (kHz). Without cpufreq the probe
/// takes `/proc/cpuinfo`'s "cpu MHz" instead (`CPUInfo`).
enum CoreFrequency {
    static func cpufreqFile(_ cpu: Int) -> String { "/sys/devices/system/cpu/cpu\(cpu)/cpufreq/scaling_cur_freq" }

    /// MHz by CPU, where the file gives a number.
    static func cpufreq(_ root: HostRoot, cpus: [Int]) -> [Int: Double] {
        var megahertz: [Int: Double] = [:]
        for cpu in cpus {
            if let kilohertz = root.integer(cpufreqFile(cpu)) { megahertz[cpu] = Double(kilohertz) / 1000 }
        }
        return megahertz
    }
}
