#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SkySoak

/// What a run needs of the process's limits, checked before any output is touched: the runtime
/// takes descriptors and threads of its own as the run starts, and fails with a crash or a hang,
/// not an error, when it finds none (`ulimit -n`, `ulimit -u`).
enum RunResources {
    /// Descriptors beyond the ones open now (the runtime's pool has opened its own by then) and
    /// the streamed outputs: for files read or written briefly, by the run's loop (`/proc`, the
    /// metrics file's temporary) and by a soak's host probes at the same time. With one fewer, one
    /// soak in eight still crashed in the runtime.
    static let reserve = 3

    /// Why the run cannot start with `streamedOutputs` files open through it, if it cannot.
    static func problem(streamedOutputs: Int, metricsFile: Bool) -> String? {
        descriptorProblem(held: streamedOutputs + (metricsFile ? 1 : 0)) ?? threadProblem(streamedOutputs: streamedOutputs)
    }

    /// Threads: the main one, the signal watchdog, a writer for each streamed output, and the pool's,
    /// one a core. `ulimit -u` counts every process and thread of the user, so this is a floor; root
    /// is not held to it.
    private static func threadProblem(streamedOutputs: Int) -> String? {
        let needed = 2 + streamedOutputs + Cores.active
        guard SignalTrap.isWatched else {
            return "could not start a thread (the limit of processes, ulimit -u, is \(limit(__RLIMIT_NPROC).map(String.init) ?? "unknown")); a run needs \(needed)"
        }
        guard geteuid() != 0, let limit = limit(__RLIMIT_NPROC), limit < rlim_t(needed) else { return nil }
        return "too few threads: the limit of processes (ulimit -u) is \(limit), and this run needs \(needed) at least; raise it"
    }

    private static func limit(_ resource: __rlimit_resource) -> rlim_t? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return limit.rlim_cur
    }

    /// `held`: the files a run keeps open, a streamed output's or the metrics file's lock.
    private static func descriptorProblem(held: Int) -> String? {
        var limit = rlimit()
        let open = ProcessFigures.openDescriptors()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, open >= 0 else { return nil }
        let needed = open + held + reserve
        guard limit.rlim_cur != rlim_t.max, rlim_t(needed) > limit.rlim_cur else { return nil }
        return "too few file descriptors: the limit (ulimit -n) is \(limit.rlim_cur), and this run needs \(needed); raise it, or ask for fewer outputs"
    }
}
