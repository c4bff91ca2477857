/// One row of the per-core table: one CPU, or a contiguous range of CPUs when there are more than
/// rows to show them in.
///
/// A range row sums its CPUs' `verified` and `mismatches`, and shows the utilisation, MHz and
/// temperature of its worst CPU, which it names (`worst`): the CPU with the most mismatches, then
/// the hottest, then the least busy; the lowest number on a tie.
public struct CoreRow: Equatable, Sendable {
    /// The first and last CPU numbers the row stands for (the same for a row of one CPU).
    public var first: Int
    public var last: Int
    /// How many CPUs the row stands for.
    public var count: Int
    /// The CPU whose figures the row shows.
    public var worst: Int
    /// The share of the last interval the CPU was busy, from `/proc/stat`.
    public var utilisation: Double?
    public var megahertz: Double?
    public var celsius: Double?
    /// Scans verified, and results that did not match their recomputation, on the row's CPUs;
    /// `nil` when the engine gave no per-core counts.
    public var verified: Int?
    public var mismatches: Int?

    public init(
        cpu: Int, utilisation: Double?, megahertz: Double?, celsius: Double?, verified: Int?, mismatches: Int?
    ) {
        (first, last, count, worst) = (cpu, cpu, 1, cpu)
        self.utilisation = utilisation
        self.megahertz = megahertz
        self.celsius = celsius
        self.verified = verified
        self.mismatches = mismatches
    }

    public var isRange: Bool { count > 1 }

    /// `3`, or `8-15` for a range.
    public var label: String { isRange ? "\(first)-\(last)" : "\(first)" }

    /// Whether `self` is worse than `other`: more mismatches, then hotter, then less busy, then the
    /// lower CPU number first.
    func isWorse(than other: CoreRow) -> Bool {
        let (a, b) = (mismatches ?? 0, other.mismatches ?? 0)
        if a != b { return a > b }
        let (hot, otherHot) = (celsius ?? -.infinity, other.celsius ?? -.infinity)
        if hot != otherHot { return hot > otherHot }
        let (busy, otherBusy) = (utilisation ?? .infinity, other.utilisation ?? .infinity)
        if busy != otherBusy { return busy < otherBusy }
        return worst < other.worst
    }
}

/// Builds the per-core rows from two host samples and the engine's per-core counts. Pure.
public enum CoreRows {
    /// A row per CPU of `later`, its utilisation over the time from `earlier`. `verified` and
    /// `mismatches` are indexed by CPU number; when both are empty the engine gave none, and the
    /// rows say so with `nil` rather than 0.
    public static func rows(from earlier: HostSample?, to later: HostSample, verified: [Int], mismatches: [Int]) -> [CoreRow] {
        let rows = later.stat.cpus.keys.sorted().map { cpu in
            let busy = earlier?.stat.cpus[cpu].flatMap { CPUTimes.utilisation(from: $0, to: later.stat.cpus[cpu]!) }
            return CoreRow(cpu: cpu, utilisation: busy, megahertz: later.megahertz[cpu], celsius: later.celsius[cpu], verified: nil, mismatches: nil)
        }
        return counting(rows, verified: verified, mismatches: mismatches)
    }

    /// One row per CPU with the engine's counts put in (`nil` if it gave none; 0 for a CPU past
    /// the arrays). The counts move with every scan, the host's figures once a second: a
    /// dashboard puts in the latest counts at each frame, so its columns agree with its counters.
    public static func counting(_ rows: [CoreRow], verified: [Int], mismatches: [Int]) -> [CoreRow] {
        let counted = !verified.isEmpty || !mismatches.isEmpty
        func count(_ counts: [Int], _ cpu: Int) -> Int? {
            guard counted else { return nil }
            return cpu < counts.count ? counts[cpu] : 0
        }
        return rows.map { row in
            var row = row
            row.verified = count(verified, row.first)
            row.mismatches = count(mismatches, row.first)
            return row
        }
    }

    /// `rows` in at most `maxRows` rows: unchanged if they fit, else contiguous ranges of equal
    /// length (the last may be shorter), each showing its worst CPU.
    public static func grouped(_ rows: [CoreRow], maxRows: Int) -> [CoreRow] {
        guard maxRows > 0 else { return [] }
        guard rows.count > maxRows else { return rows }
        let size = (rows.count + maxRows - 1) / maxRows
        return stride(from: 0, to: rows.count, by: size).map { start in
            let members = rows[start..<min(rows.count, start + size)]
            var row = members.dropFirst().reduce(members.first!) { $1.isWorse(than: $0) ? $1 : $0 }
            row.first = members.first!.first
            row.last = members.last!.last
            row.count = members.reduce(0) { $0 + $1.count }
            row.verified = members.first!.verified == nil ? nil : members.reduce(0) { $0 + ($1.verified ?? 0) }
            row.mismatches = members.first!.mismatches == nil ? nil : members.reduce(0) { $0 + ($1.mismatches ?? 0) }
            return row
        }
    }

    /// The hottest row, if any row has a temperature.
    public static func hottest(_ rows: [CoreRow]) -> CoreRow? {
        rows.filter { $0.celsius != nil }.max { $0.celsius! < $1.celsius! }
    }
}
