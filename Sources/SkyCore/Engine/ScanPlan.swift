/// Everything about a scan that is decided before it runs, derived from (seed, index) alone.
///
/// Deriving instead of storing is what keeps memory flat: the run never holds a list of all its
/// scans, and any scan can be recomputed later to check it.
public struct ScanPlan: Hashable, Sendable {
    public let index: Int
    public let priority: ScanPriority
    /// The fault this scan will hit, and the line of its sweep where it hits it.
    public let failure: PlannedFailure?
    /// Seeds the scan's procedural sector.
    public let sectorSeed: UInt64
    /// Lines of the sector to sweep (`--work`).
    public let lines: Int
    /// `--inject-corruption`: the bit this scan's checksum gets flipped in after it is computed,
    /// before it is verified; `nil` for an honest result.
    public let corruption: UInt64?
    /// Whether the scan's child checks for cancellation as it sweeps; `--ignore-cancellation`
    /// makes some never look, so a cancel does not stop them.
    public let checksCancellation: Bool

    public struct PlannedFailure: Hashable, Sendable {
        public let failure: ScanFailure
        public let atLine: Int
    }

    public init(
        seed: UInt64, index: Int, lines: Int, failureRate: Double, mix: PriorityMix,
        corruptionRate: Double = RunConfiguration.defaultCorruptionRate,
        ignoreCancellationRate: Double = RunConfiguration.defaultIgnoreCancellationRate
    ) {
        let base = Self.base(seed: seed, index: index)
        self.index = index
        self.lines = lines
        sectorSeed = SplitMix64.mix(base ^ 0x5EC7_0125)
        priority = Self.priority(base: base, mix: mix)
        let failureRoll = Double(SplitMix64.mix(base ^ 2) >> 11) * 0x1p-53
        if failureRoll < failureRate {
            let kinds = ScanFailure.allCases
            let kind = kinds[Int(SplitMix64.mix(base ^ 3) % UInt64(kinds.count))]
            let atLine = lines == 0 ? 0 : Int(SplitMix64.mix(base ^ 4) % UInt64(lines))
            failure = PlannedFailure(failure: kind, atLine: atLine)
        } else {
            failure = nil
        }
        // Rolled apart from the failure, so the same seed fails the same scans with or without it.
        let corruptionRoll = Double(SplitMix64.mix(base ^ 5) >> 11) * 0x1p-53
        corruption = corruptionRoll < corruptionRate ? 1 << (SplitMix64.mix(base ^ 6) % 64) : nil
        checksCancellation = ignoreCancellationRate == 0 || Self.checksCancellation(base: base, ignoreRate: ignoreCancellationRate)
    }
}

extension ScanPlan {
    /// The priority of scan `index` alone: all that admission to the ready queue needs. The rest
    /// of the plan is derived by the scan's own child, off the actor's scheduling step.
    public static func priority(seed: UInt64, index: Int, mix: PriorityMix) -> ScanPriority {
        priority(base: base(seed: seed, index: index), mix: mix)
    }

    /// The root of every roll of scan `index`.
    private static func base(seed: UInt64, index: Int) -> UInt64 {
        SplitMix64.mix(seed ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
    }

    /// Whether scan `index` checks for cancellation: all that the run book needs of it.
    public static func checksCancellation(seed: UInt64, index: Int, ignoreRate: Double) -> Bool {
        ignoreRate == 0 || checksCancellation(base: base(seed: seed, index: index), ignoreRate: ignoreRate)
    }

    /// Rolled apart from the rest, so the same seed gives the same scans whatever the rate.
    private static func checksCancellation(base: UInt64, ignoreRate: Double) -> Bool {
        Double(SplitMix64.mix(base ^ 7) >> 11) * 0x1p-53 >= ignoreRate
    }

    private static func priority(base: UInt64, mix: PriorityMix) -> ScanPriority {
        mix.priority(forRoll: Int(SplitMix64.mix(base ^ 1) % 100))
    }
}

/// Sebastiano Vigna's SplitMix64 finaliser: a cheap, well-mixed 64-bit hash.
enum SplitMix64 {
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
