import SkySoak

/// The whole process's CPU time and context switches so far (`ProcessFigures.usage`), and the
/// machine's (`HostLoad.Reading`) read over the same stretch.
struct ProcessUsage: Sendable {
    /// User plus system time of every thread, in seconds.
    var cpuSeconds: Double
    /// Voluntary (a thread blocked) plus involuntary (a thread was preempted) switches.
    var contextSwitches: Int
    /// `nil` where the system does not tell.
    var host: HostLoad.Reading?

    /// CPU time of other processes on this machine: its busy time that was not this process's.
    var othersSeconds: Double? { host.map { max(0, $0.busySeconds - cpuSeconds) } }

    static func now() -> ProcessUsage {
        let usage = ProcessFigures.usage()
        return ProcessUsage(cpuSeconds: usage.cpuSeconds, contextSwitches: usage.contextSwitches, host: HostLoad.read())
    }

    static func - (later: ProcessUsage, earlier: ProcessUsage) -> ProcessUsage {
        ProcessUsage(
            cpuSeconds: later.cpuSeconds - earlier.cpuSeconds,
            contextSwitches: later.contextSwitches - earlier.contextSwitches,
            host: later.host.flatMap { later in earlier.host.map { later - $0 } })
    }
}
