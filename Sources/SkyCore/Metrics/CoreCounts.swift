/// Per CPU core, the scans whose result was verified there and the mismatches found there, as
/// the scans' own children counted them (`CoreLedger`): what a soak's per-core rows show, so a
/// fault that keeps landing on one core stands out.
///
/// Indexed by CPU number, sized from the host's configured CPUs. Empty in a run without
/// verification, and in a replay, which has no cores.
public struct CoreCounts: Equatable, Sendable {
    /// Scans whose result was checked against its recomputation on each core, mismatched or not.
    public var verified: [Int]
    /// Of those, the ones whose result differed (verification failures).
    public var mismatches: [Int]
    /// Checked on a core the configured count does not cover, or whose number the system did not
    /// give (`sched_getcpu` failed): counted here, never dropped.
    public var unknownVerified: Int
    public var unknownMismatches: Int

    public init(verified: [Int] = [], mismatches: [Int] = [], unknownVerified: Int = 0, unknownMismatches: Int = 0) {
        self.verified = verified
        self.mismatches = mismatches
        self.unknownVerified = unknownVerified
        self.unknownMismatches = unknownMismatches
    }

    /// Every scan verified, on any core or none known.
    public var totalVerified: Int { verified.reduce(unknownVerified, +) }
    /// Every mismatch, on any core or none known.
    public var totalMismatches: Int { mismatches.reduce(unknownMismatches, +) }
}
