/// One sector of sky, swept line by line like a pushbroom scanner.
///
/// Each line is `width` pixels of procedural star field. The detection pass is a separable 5×5
/// binomial blur (weights 1 4 6 4 1 on each axis, 256 in all) followed by a threshold. Only five
/// blurred lines are kept, so a sweep of any length uses a few kilobytes.
///
/// All arithmetic is on `UInt32` with wrapping operators: the checksum is then bit-exact across
/// compilers and instruction sets, and overflow checks do not block vectorisation (docs/design.md,
/// the kernel).
public struct SectorSweep: ~Copyable {
    /// Pixels per line.
    public static let width = 512
    /// A blurred pixel at or above this value is a signal (an average brightness of 64 or more;
    /// the background alone never exceeds 31).
    public static let threshold: UInt32 = 64 &* 256

    public let lines: Int
    public private(set) var line = 0
    public private(set) var signals = 0
    public private(set) var checksum: UInt64

    private let seed: UInt32
    /// One raw line with a two-pixel apron each side.
    private let raw: UnsafeMutablePointer<UInt32>
    /// Five horizontally blurred lines, used as a ring.
    private let ring: UnsafeMutablePointer<UInt32>
    /// The next raw line to generate; it runs two lines ahead of `line`.
    private var generated = 0

    public init(seed: UInt64, lines: Int) {
        precondition(lines >= 0, "a sweep cannot have a negative number of lines")
        self.lines = lines
        self.seed = UInt32(truncatingIfNeeded: seed ^ (seed >> 32))
        self.checksum = Self.checksumBasis ^ seed
        // An empty sector (`--work 0`) measures engine overhead, so it skips the allocations.
        raw = lines == 0 ? Self.noBuffer : .allocate(capacity: Self.width + 4)
        ring = lines == 0 ? Self.noBuffer : .allocate(capacity: Self.width * 5)
    }

    deinit {
        guard lines > 0 else { return }
        raw.deallocate()
        ring.deallocate()
    }

    /// Stands in for the buffers of an empty sector (here and in `ReferenceSweep`); never read or
    /// written, since it has no lines.
    static var noBuffer: UnsafeMutablePointer<UInt32> {
        UnsafeMutablePointer(bitPattern: MemoryLayout<UInt32>.alignment)!
    }

    public var isDone: Bool { line >= lines }

    /// The result of a finished sweep.
    public var result: ScanResult { ScanResult(signals: signals, checksum: checksum) }

    /// Sweeps up to `count` more lines; returns how many were swept.
    @discardableResult
    public mutating func advance(by count: Int) -> Int {
        let end = min(lines, line &+ count)
        let swept = end &- line
        if line == 0 && swept > 0 {
            // Prime the ring with the two lines above the sector's first line and the first two.
            while generated < 4 { blurLine(generated) ; generated &+= 1 }
        }
        while line < end {
            blurLine(generated)
            generated &+= 1
            detect(line)
            line &+= 1
        }
        return swept
    }

    /// Sweeps the whole sector at once.
    public static func sweep(seed: UInt64, lines: Int) -> ScanResult {
        var sweep = SectorSweep(seed: seed, lines: lines)
        sweep.advance(by: lines)
        return sweep.result
    }

    // MARK: - The kernel

    static let checksumBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    static let checksumPrime: UInt64 = 0x0000_0100_0000_01B3

    /// Generates raw line `n` (which is sector line `n - 2`) and blurs it horizontally into the ring.
    @inline(__always)
    private func blurLine(_ n: Int) {
        let width = Self.width
        let rowSeed = StarField.lineSeed(seed, line: UInt32(truncatingIfNeeded: n))
        let raw = self.raw
        for x in 0..<(width &+ 4) {
            raw[x] = StarField.pixel(lineSeed: rowSeed, x: UInt32(truncatingIfNeeded: x))
        }
        let out = ring + (n % 5) &* width
        for x in 0..<width {
            let a = raw[x], b = raw[x &+ 1], c = raw[x &+ 2], d = raw[x &+ 3], e = raw[x &+ 4]
            out[x] = a &+ e &+ (b &+ d) &* 4 &+ c &* 6
        }
    }

    /// Blurs sector line `y` vertically, thresholds it and folds it into the checksum.
    @inline(__always)
    private mutating func detect(_ y: Int) {
        let width = Self.width
        // Sector line y is raw line y + 2; its neighbours are raw lines y ... y + 4.
        let r0 = ring + (y % 5) &* width
        let r1 = ring + ((y &+ 1) % 5) &* width
        let r2 = ring + ((y &+ 2) % 5) &* width
        let r3 = ring + ((y &+ 3) % 5) &* width
        let r4 = ring + ((y &+ 4) % 5) &* width
        let threshold = Self.threshold
        var sum: UInt32 = 0
        // Counted as "below" with the sign bit of v - threshold (v < 2^31 always), which
        // vectorises: the compiler leaves a `v >= threshold ? 1 : 0` reduction scalar.
        var below: UInt32 = 0
        for x in 0..<width {
            let v = r0[x] &+ r4[x] &+ (r1[x] &+ r3[x]) &* 4 &+ r2[x] &* 6
            sum = sum &+ v
            below = below &+ ((v &- threshold) >> 31)
        }
        let count = UInt32(truncatingIfNeeded: width) &- below
        signals &+= Int(count)
        checksum = (checksum ^ (UInt64(count) << 32 | UInt64(sum))) &* Self.checksumPrime
    }
}
