/// Slow motion (`--speed` below 1): for each line of its own work a scan sweeps `1 / speed - 1`
/// more lines of its sector as ballast, on its own thread, and throws their result away.
///
/// So a scan at speed 0.25 does four times the work and takes four times as long, and it stays
/// what it was at full speed: CPU-bound. It keeps its thread the whole time, checks for
/// cancellation and yields at the same cadence, and the pool, the speed-up and the lanes keep the
/// shape they have at full speed, only slower. A scan that slept instead would free its thread for
/// the stretched time, and a batch larger than the cores would run faster than the cores allow.
/// The ballast runs the scan's own kernel, so a line of it costs what a line of the scan costs.
struct SlowMotion: ~Copyable {
    /// Ballast lines owed for each line of work: 0 at full speed, 3 at speed 0.25.
    private let ratio: Double
    /// Ballast lines owed and not yet swept; the fraction of a line carries to the next chunk.
    private var owed = 0.0
    /// Never ends, so it can pay any debt; at full speed it has no lines and allocates nothing.
    private var ballast: SectorSweep

    init(speed: Double, seed: UInt64) {
        ratio = speed < 1 ? 1 / speed - 1 : 0
        ballast = SectorSweep(seed: seed, lines: ratio > 0 ? .max : 0)
    }

    /// Whether a whole ballast line is owed.
    var owes: Bool { owed >= 1 }

    /// Ballast lines swept so far.
    var swept: Int { ballast.line }

    /// Owes the ballast for `lines` lines of work just done.
    mutating func owe(for lines: Int) {
        owed += Double(lines) * ratio
    }

    /// Sweeps up to `limit` of the lines owed; returns how many it swept.
    mutating func sweep(atMost limit: Int) -> Int {
        let swept = ballast.advance(by: min(limit, Int(owed)))
        owed -= Double(swept)
        return swept
    }
}
