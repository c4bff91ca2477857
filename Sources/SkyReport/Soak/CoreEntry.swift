import SkyHost
import SkySoak

extension JSONSummary {
    /// Rows the summary lists at most: past this many CPUs, each row stands for a range.
    public static let perCoreLimit = 1024

    /// One row of `per_core`: `{"core":3,…}` for one CPU; for a range of CPUs (past 1024 of them),
    /// `{"cores":"8-15","worst":11,…}`, with the worst CPU's figures and the range's counts.
    /// `celsius`, `mhz` and `utilisation` are `null` where the host does not give them;
    /// `verified` and `mismatches` are `null` when the engine gave no per-core counts.
    public struct CoreEntry: Codable, Equatable, Sendable {
        public var core: Int?
        public var cores: String?
        public var worst: Int?
        public var utilisation: Double?
        public var mhz: Double?
        public var celsius: Double?
        public var verified: Int?
        public var mismatches: Int?

        init(_ row: CoreRow) {
            if row.isRange {
                cores = row.label
                worst = row.worst
            } else {
                core = row.first
            }
            utilisation = row.utilisation.map { ($0 * 1e4).rounded() / 1e4 }
            mhz = row.megahertz
            celsius = row.celsius
            verified = row.verified
            mismatches = row.mismatches
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(core, forKey: .core)
            try container.encodeIfPresent(cores, forKey: .cores)
            try container.encodeIfPresent(worst, forKey: .worst)
            // A figure the host does not give is there as null, so every row has the same keys.
            try container.encode(utilisation, forKey: .utilisation)
            try container.encode(mhz, forKey: .mhz)
            try container.encode(celsius, forKey: .celsius)
            try container.encode(verified, forKey: .verified)
            try container.encode(mismatches, forKey: .mismatches)
        }
    }

    /// `throttle_counts`: the rise of the thermal_throttle counts over the run.
    public struct ThrottleCountsEntry: Codable, Equatable, Sendable {
        public var core: Int
        public var package: Int
    }

    static func perCore(_ host: HostFigures) -> [CoreEntry] {
        CoreRows.grouped(host.rows, maxRows: perCoreLimit).map(CoreEntry.init)
    }
}
