#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole machine's CPU time since boot, summed over the cores, from the `cpu` line of
/// /proc/stat. The bench reads it around its runs to tell how much else was going on: other
/// processes on this machine, and other guests on the host (steal). On a shared machine that is
/// the noise no interleaving removes, and it says how far to trust a run.
struct HostCPU: Sendable {
    /// Time any process or the kernel ran: user, nice, system, irq and softirq.
    var busySeconds: Double
    /// Time the hypervisor gave to other guests while this machine's cores wanted it.
    var stealSeconds: Double

    /// `nil` where /proc/stat is not there (not Linux).
    static func now() -> HostCPU? {
        guard let file = fopen("/proc/stat", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // "cpu user nice system idle iowait irq softirq steal …", in clock ticks.
        let fields = text.split(separator: " ")
        guard fields.first == "cpu", fields.count > 8 else { return nil }
        let ticks = fields[1...8].compactMap { Double($0) }
        guard ticks.count == 8 else { return nil }
        let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        return HostCPU(
            busySeconds: (ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6]) / perSecond,
            stealSeconds: ticks[7] / perSecond)
    }

    static func - (later: HostCPU, earlier: HostCPU) -> HostCPU {
        HostCPU(busySeconds: later.busySeconds - earlier.busySeconds, stealSeconds: later.stealSeconds - earlier.stealSeconds)
    }
}
