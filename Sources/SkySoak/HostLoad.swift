#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import SkyHost

/// How busy the rest of the machine was while Sky ran: the CPU time of other processes, and the
/// time the hypervisor stole, each as a share of the whole host's CPU time over the span (from
/// `/proc/stat`'s `cpu` line, less this process's own time from `getrusage`). A run's times, rates
/// and speed-ups describe this machine only when neither share is large: the dashboard, the
/// summary and each lesson's answer say so beside them (`isBusy`), and `sky bench` reports both
/// shares as the noise no interleaving removes.
public struct HostLoad: Equatable, Sendable {
    /// One look at the host and at this process.
    public struct Reading: Sendable {
        /// The host's busy time (user, nice, system, irq, softirq), its stolen time and all its
        /// time, summed over its CPUs, in clock ticks.
        var busy: UInt64
        var steal: UInt64
        var total: UInt64
        /// This process's user and system time, in seconds.
        var own: Double

        /// The host's busy and stolen time in seconds, summed over its CPUs.
        public var busySeconds: Double { Double(busy) / Self.ticksPerSecond }
        public var stealSeconds: Double { Double(steal) / Self.ticksPerSecond }

        static var ticksPerSecond: Double { Double(sysconf(Int32(_SC_CLK_TCK))) }

        /// What passed from `earlier` to `later`.
        public static func - (later: Reading, earlier: Reading) -> Reading {
            Reading(busy: later.busy &- earlier.busy, steal: later.steal &- earlier.steal, total: later.total &- earlier.total, own: later.own - earlier.own)
        }
    }

    /// Other processes' share of the host's CPU time, from 0 to 1.
    public var others: Double
    /// The hypervisor's share, given to other guests while this machine wanted it.
    public var steal: Double

    /// Past these shares the machine is busy enough to change a run's figures: a tenth of the
    /// cores going elsewhere slows a run that wants them all by about as much.
    public static let othersLimit = 0.10
    public static let stealLimit = 0.02

    public init(others: Double, steal: Double) {
        self.others = others
        self.steal = steal
    }

    /// The load between two readings; `nil` where the host does not tell (no `/proc/stat`) or too
    /// little time passed to weigh it (under half a second of the host's CPU time).
    public init?(from earlier: Reading?, to later: Reading?) {
        guard let earlier, let later, later.total > earlier.total, later.busy >= earlier.busy, later.steal >= earlier.steal
        else { return nil }
        let span = later - earlier
        let total = Double(span.total) / Reading.ticksPerSecond
        guard total >= 0.5 else { return nil }
        self.init(others: min(1, max(0, span.busySeconds - span.own) / total), steal: span.stealSeconds / total)
    }

    /// The host and this process now; `nil` where there is no `/proc/stat`.
    public static func read(root: HostRoot = .fromEnvironment()) -> Reading? {
        guard let text = root.read("/proc/stat"), let host = ProcStat(parsing: text).host else { return nil }
        return Reading(
            busy: host.user &+ host.nice &+ host.system &+ host.irq &+ host.softirq, steal: host.steal, total: host.total,
            own: ProcessFigures.usage().cpuSeconds)
    }

    /// Whether other processes or the hypervisor took enough to change the run's figures.
    public var isBusy: Bool { others > Self.othersLimit || steal > Self.stealLimit }

    /// `other processes used 35% of the machine's CPU time` and the steal, where there was any.
    public var description: String {
        var text = "other processes used \(Self.percent(others)) of the machine's CPU time"
        if steal > Self.stealLimit { text += ", and the hypervisor gave \(Self.percent(steal)) to other guests" }
        return text
    }

    /// `others 35%`, and `steal 4%` where there was any: for a title.
    public var brief: String {
        "others \(Self.percent(others))" + (steal > Self.stealLimit ? ", steal \(Self.percent(steal))" : "")
    }

    private static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }
}
