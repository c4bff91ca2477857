import Foundation

/// A fake host's `/proc` and `/sys`, written into a temporary folder, for `SKY_HOST_ROOT`: a 2-core
/// test machine can then be read as 256 cores, with thermal sensors or none, throttling or not.
/// Only the files sky reads are written, in the kernel's formats.
public final class FakeHost: Sendable {
    public enum Thermal: Sendable {
        /// Intel's hwmon driver: `Core N` per core and `Package id P` per package.
        case coretemp
        /// AMD's: `Tctl` per package.
        case k10temp
        /// `x86_pkg_temp` thermal zones, one per package.
        case thermalZones
        case none
    }

    /// What every fake host's `/proc/cpuinfo` and `/proc/sys/kernel/osrelease` say.
    public static let cpuModel = "Intel(R) Xeon(R) Fake CPU @ 2.40GHz"
    public static let kernel = "6.1.0-99-fake"

    public let root: String
    public let cores: Int
    public let packages: Int

    /// Writes a host of `cores` CPUs in `packages` packages: `/proc/stat` with every CPU idle,
    /// `/proc/cpuinfo` (its flags with `hypervisor` for a guest), the topology, and the sensors asked
    /// for at 2400 MHz and 50 °C, with throttle counts of 0.
    public init(
        cores: Int, packages: Int = 1, hypervisor: Bool = false, cpufreq: Bool = true, thermal: Thermal = .coretemp,
        throttleCounts: Bool = true
    ) {
        precondition(cores % packages == 0, "every package has as many cores")
        root = NSTemporaryDirectory() + "sky-host-\(UUID().uuidString)"
        self.cores = cores
        self.packages = packages
        self.thermal = thermal
        var info = ""
        for cpu in 0..<cores {
            let (package, core) = place(cpu)
            write("/sys/devices/system/cpu/cpu\(cpu)/topology/physical_package_id", "\(package)\n")
            write("/sys/devices/system/cpu/cpu\(cpu)/topology/core_id", "\(core)\n")
            info += "processor\t: \(cpu)\nvendor_id\t: GenuineIntel\nmodel name\t: \(Self.cpuModel)\ncpu MHz\t\t: 2400.000\nphysical id\t: \(package)\n"
            info += "flags\t\t: fpu vme de pse tsc msr pae\(hypervisor ? " hypervisor" : "") lahf_lm\n\n"
        }
        write("/proc/cpuinfo", info)
        write("/proc/sys/kernel/osrelease", Self.kernel + "\n")
        if cpufreq { setMegahertz(Array(repeating: 2400, count: cores)) }
        if throttleCounts { setThrottleCounts(core: Array(repeating: 0, count: cores), package: Array(repeating: 0, count: packages)) }
        switch thermal {
        case .coretemp:
            for package in 0..<packages {
                let folder = "/sys/class/hwmon/hwmon\(package + 1)/"
                write(folder + "name", "coretemp\n")
                write(folder + "temp1_label", "Package id \(package)\n")
                for core in 0..<coresPerPackage { write(folder + "temp\(core + 2)_label", "Core \(core)\n") }
            }
            write("/sys/class/hwmon/hwmon0/name", "acpitz\n")
            write("/sys/class/hwmon/hwmon0/temp1_input", "99000\n")
        case .k10temp:
            for package in 0..<packages {
                write("/sys/class/hwmon/hwmon\(package)/name", "k10temp\n")
                write("/sys/class/hwmon/hwmon\(package)/temp1_label", "Tctl\n")
            }
        case .thermalZones:
            for package in 0..<packages {
                write("/sys/class/thermal/thermal_zone\(package)/type", "x86_pkg_temp\n")
            }
        case .none:
            break
        }
        if thermal != .none { setCelsius(Array(repeating: 50, count: cores)) }
        setTimes(busy: Array(repeating: 0, count: cores), idle: Array(repeating: 0, count: cores))
    }

    let thermal: Thermal

    public var coresPerPackage: Int { cores / packages }

    /// The package and core of a CPU: packages hold consecutive CPUs.
    public func place(_ cpu: Int) -> (package: Int, core: Int) {
        (cpu / coresPerPackage, cpu % coresPerPackage)
    }

    /// `/proc/stat`, each CPU's ticks busy (as `user`), idle and stolen; the `cpu` line sums them.
    public func setTimes(busy: [UInt64], idle: [UInt64], steal: [UInt64]? = nil) {
        let steal = steal ?? Array(repeating: 0, count: cores)
        func line(_ name: String, _ busy: UInt64, _ idle: UInt64, _ steal: UInt64) -> String {
            "\(name) \(busy) 0 0 \(idle) 0 0 0 \(steal) 0 0\n"
        }
        var text = line("cpu ", busy.reduce(0, +), idle.reduce(0, +), steal.reduce(0, +))
        for cpu in 0..<cores { text += line("cpu\(cpu)", busy[cpu], idle[cpu], steal[cpu]) }
        text += "intr 1 0 0\nctxt 12345\nbtime 1700000000\nprocesses 100\n"
        write("/proc/stat", text)
    }

    /// cpufreq's current clock, per CPU.
    public func setMegahertz(_ megahertz: [Double]) {
        for cpu in 0..<cores {
            write("/sys/devices/system/cpu/cpu\(cpu)/cpufreq/scaling_cur_freq", "\(Int(megahertz[cpu] * 1000))\n")
        }
    }

    /// Temperatures by CPU, written where the host's kind of sensor keeps them: a coretemp host's
    /// cores (and each package at its hottest core), or each package at its hottest CPU.
    public func setCelsius(_ celsius: [Double]) {
        func milli(_ value: Double) -> String { "\(Int(value * 1000))\n" }
        for package in 0..<packages {
            let members = (0..<cores).filter { place($0).package == package }
            let hottest = members.map { celsius[$0] }.max() ?? 0
            switch thermal {
            case .coretemp:
                let folder = "/sys/class/hwmon/hwmon\(package + 1)/"
                write(folder + "temp1_input", milli(hottest))
                for cpu in members { write(folder + "temp\(place(cpu).core + 2)_input", milli(celsius[cpu])) }
            case .k10temp:
                write("/sys/class/hwmon/hwmon\(package)/temp1_input", milli(hottest))
            case .thermalZones:
                write("/sys/class/thermal/thermal_zone\(package)/temp", milli(hottest))
            case .none:
                break
            }
        }
    }

    /// `core_throttle_count` per CPU, and `package_throttle_count` per package (every CPU of the
    /// package shows its package's, as the kernel does).
    public func setThrottleCounts(core: [Int], package: [Int]) {
        for cpu in 0..<cores {
            let folder = "/sys/devices/system/cpu/cpu\(cpu)/thermal_throttle/"
            write(folder + "core_throttle_count", "\(core[cpu])\n")
            write(folder + "package_throttle_count", "\(package[place(cpu).package])\n")
        }
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ file: String, _ text: String) {
        let path = root + file
        let folder = (path as NSString).deletingLastPathComponent
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
