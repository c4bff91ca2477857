@testable import SkyHost
import SkyHostFixtures
import Testing

@Suite("Reading a host's /proc and /sys")
struct HostProbeTests {
    @Test("utilisation between two /proc/stat samples is 1 − Δ(idle+iowait)/Δtotal; steal is the host's Δsteal/Δtotal")
    func utilisationAndSteal() {
        let text1 = "cpu  100 0 0 900 0 0 0 0 0 0\ncpu0 50 0 0 450 0 0 0 0 0 0\ncpu1 50 0 0 450 0 0 0 0 0 0\n"
        // cpu0: 90 busy, 10 idle (+5 iowait) of 105; cpu1: 25 busy, 75 idle; the host stole 20 of 205.
        let text2 = "cpu  215 0 0 985 5 0 0 20 0 0\ncpu0 140 0 0 460 5 0 0 0 0 0\ncpu1 75 0 0 525 0 0 0 20 0 0\n"
        let (a, b) = (ProcStat(parsing: text1), ProcStat(parsing: text2))
        #expect(a.cpus.keys.sorted() == [0, 1])
        #expect(CPUTimes.utilisation(from: a.cpus[0]!, to: b.cpus[0]!)! == 1 - 15.0 / 105)
        #expect(CPUTimes.utilisation(from: a.cpus[1]!, to: b.cpus[1]!)! == 1 - 75.0 / 120)
        #expect(CPUTimes.steal(from: a.host!, to: b.host!)! == 20.0 / 225)
        // No tick between the samples: no figure rather than a made-up one.
        #expect(CPUTimes.utilisation(from: a.cpus[0]!, to: a.cpus[0]!) == nil)
    }

    @Test("a 2-core host with every sensor: MHz from cpufreq, core temperatures, throttle counts", arguments: [2, 64, 256])
    func everySensor(cores: Int) throws {
        let host = FakeHost(cores: cores, packages: cores >= 64 ? 2 : 1)
        defer { host.remove() }
        var celsius = Array(repeating: 50.0, count: cores)
        celsius[cores - 1] = 81.5
        host.setCelsius(celsius)
        var mhz = Array(repeating: 2400.0, count: cores)
        mhz[1] = 1200
        host.setMegahertz(mhz)
        let probe = HostProbe(root: HostRoot(host.root))
        #expect(probe.cpus == Array(0..<cores))
        #expect(probe.missing.isEmpty)
        let sample = probe.sample()
        #expect(sample.megahertz.count == cores)
        #expect(sample.megahertz[1] == 1200)
        #expect(sample.celsius[cores - 1] == 81.5)
        #expect(sample.celsius[0] == 50)
        #expect(sample.throttle == ThrottleCounts(core: 0, package: 0))
    }

    @Test("a virtual machine without sensors says why, once, and reads MHz from /proc/cpuinfo")
    func virtualMachine() {
        let host = FakeHost(cores: 2, hypervisor: true, cpufreq: false, thermal: .none, throttleCounts: false)
        defer { host.remove() }
        let probe = HostProbe(root: HostRoot(host.root))
        #expect(probe.missingReasons == [
            "no cpufreq: MHz from /proc/cpuinfo", "no thermal sensors: virtual machine", "no thermal_throttle counts: virtual machine",
        ])
        let sample = probe.sample()
        #expect(sample.megahertz == [0: 2400, 1: 2400])
        #expect(sample.celsius.isEmpty)
        #expect(sample.throttle == nil)
    }

    @Test("bare metal without sensors does not blame a virtual machine")
    func bareMetalWithoutSensors() {
        let host = FakeHost(cores: 2, thermal: .none, throttleCounts: false)
        defer { host.remove() }
        #expect(HostProbe(root: HostRoot(host.root)).missingReasons == [
            "no thermal sensors: no hwmon CPU sensor or thermal zone under /sys/class",
            "no thermal_throttle counts: not exposed by this CPU or kernel",
        ])
    }

    @Test("coretemp's Core N maps to the CPUs with that core_id in its package", arguments: [FakeHost.Thermal.coretemp, .k10temp, .thermalZones])
    func temperatureSources(thermal: FakeHost.Thermal) {
        let host = FakeHost(cores: 8, packages: 2, thermal: thermal)
        defer { host.remove() }
        // CPU 5 is core 1 of package 1.
        host.setCelsius([40, 41, 42, 43, 60, 77, 61, 62])
        let sample = HostProbe(root: HostRoot(host.root)).sample()
        switch thermal {
        case .coretemp:
            #expect(sample.celsius == [0: 40, 1: 41, 2: 42, 3: 43, 4: 60, 5: 77, 6: 61, 7: 62])
        default:
            // A package-wide sensor: each CPU reads its package's.
            #expect(sample.celsius == [0: 43, 1: 43, 2: 43, 3: 43, 4: 77, 5: 77, 6: 77, 7: 77])
        }
        // The coretemp host's acpitz sensor (99 °C) is not a CPU's.
        #expect(sample.celsius.values.allSatisfy { $0 < 99 })
    }

    @Test("throttle counts: core counts summed over CPUs, a package's once however many CPUs show it")
    func throttleCounts() {
        let host = FakeHost(cores: 64, packages: 2)
        defer { host.remove() }
        let probe = HostProbe(root: HostRoot(host.root))
        let before = probe.sample().throttle!
        var core = Array(repeating: 0, count: 64)
        core[3] = 30
        core[40] = 10
        host.setThrottleCounts(core: core, package: [312, 0])
        let after = probe.sample().throttle!
        #expect(after.since(before) == ThrottleCounts(core: 40, package: 312))
    }

    @Test("The host is named by SKY_HOST or gethostname, with its kernel's release and its CPU's model; a missing file is nil")
    func description() {
        let host = FakeHost(cores: 2)
        defer { host.remove() }
        let described = HostDescription.current(root: HostRoot(host.root))
        #expect(described.kernel == FakeHost.kernel)
        #expect(described.cpuModel == FakeHost.cpuModel)
        #expect(described.name != nil)
        let bare = HostDescription.current(root: HostRoot("/nonexistent-sky-root"))
        #expect(bare.kernel == nil && bare.cpuModel == nil)
        // An arm64 board names its model on a `Model` line.
        #expect(CPUInfo(parsing: "processor\t: 0\nBogoMIPS\t: 108.00\n\nModel\t\t: Raspberry Pi 5 Model B Rev 1.0\n").model == "Raspberry Pi 5 Model B Rev 1.0")
    }
}
