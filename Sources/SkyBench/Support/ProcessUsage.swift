#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole process's CPU time and context switches so far, from `getrusage`, and the host's
/// steal time beside them (not the process's own, but read over the same stretch).
struct ProcessUsage: Sendable {
    /// User plus system time of every thread, in seconds.
    var cpuSeconds: Double
    /// Voluntary (a thread blocked) plus involuntary (a thread was preempted) switches.
    var contextSwitches: Int
    /// `HostSteal.seconds()`; `nil` where the system does not tell.
    var stealSeconds: Double?

    static func now() -> ProcessUsage {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return ProcessUsage(
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            contextSwitches: usage.ru_nvcsw + usage.ru_nivcsw,
            stealSeconds: HostSteal.seconds())
    }

    static func - (later: ProcessUsage, earlier: ProcessUsage) -> ProcessUsage {
        ProcessUsage(
            cpuSeconds: later.cpuSeconds - earlier.cpuSeconds,
            contextSwitches: later.contextSwitches - earlier.contextSwitches,
            stealSeconds: later.stealSeconds.flatMap { later in earlier.stealSeconds.map { later - $0 } })
    }
}
