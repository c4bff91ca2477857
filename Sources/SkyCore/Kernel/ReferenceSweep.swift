/// A second, independent computation of a sector's result, for verification (Prime95-style: a
/// wrong answer on a healthy program means the hardware computed it wrong).
///
/// It computes the same mathematical result as `SectorSweep` by another route: the raw lines are
/// kept (not the horizontally blurred ones), each output line is blurred vertically first and
/// horizontally second, and the threshold is a plain comparison. Different loops, different
/// buffers and different instructions: a fault that corrupts one path's arithmetic or memory
/// is very unlikely to corrupt the other's in the same way. The blur is linear in wrapping
/// `UInt32` arithmetic, so the two orders agree bit for bit.
public struct ReferenceSweep: ~Copyable {
    public let lines: Int
    public private(set) var line = 0
    private var signals = 0
    private var checksum: UInt64
    private let seed: UInt32
    /// Five raw lines (with their two-pixel aprons), used as a ring: raw line `n` at `n % 5`.
    private let raws: UnsafeMutablePointer<UInt32>
    /// One vertically blurred line, apron included.
    private let column: UnsafeMutablePointer<UInt32>

    private static var paddedWidth: Int { SectorSweep.width + 4 }

    public init(seed: UInt64, lines: Int) {
        precondition(lines >= 0, "a sweep cannot have a negative number of lines")
        self.lines = lines
        self.seed = UInt32(truncatingIfNeeded: seed ^ (seed >> 32))
        checksum = SectorSweep.checksumBasis ^ seed
        // Nothing to allocate for an empty sector (`--work 0`): verification then costs nothing.
        raws = lines == 0 ? SectorSweep.noBuffer : .allocate(capacity: Self.paddedWidth * 5)
        column = lines == 0 ? SectorSweep.noBuffer : .allocate(capacity: Self.paddedWidth)
    }

    deinit {
        guard lines > 0 else { return }
        raws.deallocate()
        column.deallocate()
    }

    public var result: ScanResult { ScanResult(signals: signals, checksum: checksum) }

    /// Computes up to `count` more lines.
    public mutating func advance(by count: Int) {
        let end = min(lines, line &+ count)
        if line == 0 && end > 0 {
            // Raw lines 0...3 (sector lines -2...1) before the first output line.
            for n in 0..<4 { generate(n) }
        }
        while line < end {
            generate(line &+ 4)
            fold(line)
            line &+= 1
        }
    }

    /// The whole sector at once.
    public static func sweep(seed: UInt64, lines: Int) -> ScanResult {
        var sweep = ReferenceSweep(seed: seed, lines: lines)
        sweep.advance(by: lines)
        return sweep.result
    }

    private func generate(_ n: Int) {
        let row = raws + (n % 5) &* Self.paddedWidth
        let lineSeed = StarField.lineSeed(seed, line: UInt32(truncatingIfNeeded: n))
        var x = 0
        while x < Self.paddedWidth {
            row[x] = StarField.pixel(lineSeed: lineSeed, x: UInt32(truncatingIfNeeded: x))
            x &+= 1
        }
    }

    /// Output line `y` uses raw lines `y ... y + 4`: vertical pass into `column`, then horizontal.
    private mutating func fold(_ y: Int) {
        let width = Self.paddedWidth
        let top = raws + (y % 5) &* width
        let upper = raws + ((y &+ 1) % 5) &* width
        let middle = raws + ((y &+ 2) % 5) &* width
        let lower = raws + ((y &+ 3) % 5) &* width
        let bottom = raws + ((y &+ 4) % 5) &* width
        for x in 0..<width {
            column[x] = top[x] &+ 4 &* upper[x] &+ 6 &* middle[x] &+ 4 &* lower[x] &+ bottom[x]
        }
        var sum: UInt32 = 0
        var count: UInt32 = 0
        for x in 0..<SectorSweep.width {
            let v = column[x] &+ 4 &* column[x &+ 1] &+ 6 &* column[x &+ 2] &+ 4 &* column[x &+ 3] &+ column[x &+ 4]
            sum = sum &+ v
            if v >= SectorSweep.threshold { count &+= 1 }
        }
        signals &+= Int(count)
        checksum = (checksum ^ (UInt64(count) << 32 | UInt64(sum))) &* SectorSweep.checksumPrime
    }
}
