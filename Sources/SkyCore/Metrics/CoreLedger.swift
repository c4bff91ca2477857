#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Counts, per CPU core, the scans whose result was verified there and the mismatches, written by
/// the scans' children as they check their results (`ScanTask`), read by snapshots.
///
/// One cell per core, each its own object: a scan on core k writes only cell k, so no counter is
/// written by every scan on every core. A cell's counts are atomic all the same, since a thread can
/// be moved off core k between reading its core and counting, while another counts there.
final class CoreLedger: Sendable {
    final class Cell: Sendable {
        fileprivate let verified = Atomic<Int>(0)
        fileprivate let mismatches = Atomic<Int>(0)
        /// Keeps the next cell's counts off this cell's cache line, wherever the allocator puts it.
        private let padding = CacheLinePadding()
    }

    /// One cell per configured core, and the last for a core outside them (or unknown: -1).
    private let cells: [Cell]

    /// `cores`: the highest possible CPU number plus one.
    init(cores: Int = CoreLedger.configuredCores) {
        cells = (0...max(0, cores)).map { _ in Cell() }
    }

    /// CPUs the system has configured, online or not: every number `sched_getcpu` can return.
    static var configuredCores: Int {
        #if canImport(Glibc)
        max(1, sysconf(Int32(_SC_NPROCESSORS_CONF)))
        #else
        1
        #endif
    }

    /// Called by a scan's child on `core` (as `sched_getcpu` read it) when it has checked its result.
    func noteVerified(on core: Int, mismatch: Bool) {
        let cell = cells.indices.dropLast().contains(core) ? cells[core] : cells[cells.count - 1]
        cell.verified.wrappingAdd(1, ordering: .relaxed)
        if mismatch { cell.mismatches.wrappingAdd(1, ordering: .relaxed) }
    }

    /// Every core's counts as of now: exact once the children have ended.
    func counts() -> CoreCounts {
        let known = cells.dropLast()
        let unknown = cells[cells.count - 1]
        return CoreCounts(
            verified: known.map { $0.verified.load(ordering: .relaxed) },
            mismatches: known.map { $0.mismatches.load(ordering: .relaxed) },
            unknownVerified: unknown.verified.load(ordering: .relaxed),
            unknownMismatches: unknown.mismatches.load(ordering: .relaxed))
    }
}
