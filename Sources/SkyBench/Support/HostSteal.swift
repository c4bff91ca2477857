#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time the hypervisor gave to other guests while this machine's cores wanted it ("steal",
/// the eighth figure of the `cpu` line of /proc/stat), summed over the cores. On a shared virtual
/// machine this is the noise that no interleaving removes: it says how far to trust a run.
enum HostSteal {
    /// Seconds stolen since boot; `nil` where /proc/stat is not there (not Linux).
    static func seconds() -> Double? {
        guard let file = fopen("/proc/stat", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fields = text.split(separator: " ")
        // "cpu user nice system idle iowait irq softirq steal …", in clock ticks.
        guard fields.first == "cpu", fields.count > 8, let ticks = Double(fields[8]) else { return nil }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
