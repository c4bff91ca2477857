/// One `cpu` line of `/proc/stat`: the time a CPU (or, for the `cpu ` line, the whole host) has
/// spent in each state since boot, in clock ticks.
public struct CPUTimes: Equatable, Sendable {
    public var user: UInt64 = 0
    public var nice: UInt64 = 0
    public var system: UInt64 = 0
    public var idle: UInt64 = 0
    public var iowait: UInt64 = 0
    public var irq: UInt64 = 0
    public var softirq: UInt64 = 0
    /// Time the hypervisor gave this virtual CPU's turn to someone else.
    public var steal: UInt64 = 0

    public init(
        user: UInt64 = 0, nice: UInt64 = 0, system: UInt64 = 0, idle: UInt64 = 0, iowait: UInt64 = 0, irq: UInt64 = 0,
        softirq: UInt64 = 0, steal: UInt64 = 0
    ) {
        (self.user, self.nice, self.system, self.idle) = (user, nice, system, idle)
        (self.iowait, self.irq, self.softirq, self.steal) = (iowait, irq, softirq, steal)
    }

    /// Every state. `guest` and `guest_nice` are left out: the kernel counts them in `user` and
    /// `nice` already.
    public var total: UInt64 { user &+ nice &+ system &+ idle &+ iowait &+ irq &+ softirq &+ steal }
    /// Time the CPU had nothing to run.
    public var resting: UInt64 { idle &+ iowait }

    /// The share of the time between two readings the CPU was not resting (1 − Δ(idle+iowait)/Δtotal);
    /// `nil` when no tick passed or the counters went backwards.
    public static func utilisation(from earlier: CPUTimes, to later: CPUTimes) -> Double? {
        guard later.total > earlier.total, later.resting >= earlier.resting else { return nil }
        let total = Double(later.total - earlier.total)
        return max(0, min(1, 1 - Double(later.resting - earlier.resting) / total))
    }

    /// The share of the time between two readings that was stolen (Δsteal/Δtotal).
    public static func steal(from earlier: CPUTimes, to later: CPUTimes) -> Double? {
        guard later.total > earlier.total, later.steal >= earlier.steal else { return nil }
        return Double(later.steal - earlier.steal) / Double(later.total - earlier.total)
    }
}

/// The `cpu` lines of `/proc/stat`: the host's, and each online CPU's by number.
public struct ProcStat: Equatable, Sendable {
    public var host: CPUTimes?
    public var cpus: [Int: CPUTimes]

    public init(host: CPUTimes? = nil, cpus: [Int: CPUTimes] = [:]) {
        self.host = host
        self.cpus = cpus
    }

    /// Parses the text of `/proc/stat`; lines that are not `cpu` lines are skipped.
    public init(parsing text: String) {
        self.init()
        for line in text.split(separator: "\n") where line.hasPrefix("cpu") {
            let fields = line.split(separator: " ")
            guard fields.count >= 5 else { continue }
            let values = fields.dropFirst().prefix(8).map { UInt64($0) ?? 0 }
            func at(_ index: Int) -> UInt64 { index < values.count ? values[index] : 0 }
            let times = CPUTimes(
                user: at(0), nice: at(1), system: at(2), idle: at(3), iowait: at(4), irq: at(5), softirq: at(6), steal: at(7))
            let name = fields[0]
            if name == "cpu" {
                host = times
            } else if let number = Int(name.dropFirst(3)) {
                cpus[number] = times
            }
        }
    }
}
