import CSkyKernel
public import SkyCore

/// The scan kernel's rate on one core against the C reference of the same kernel, on the same
/// input, with identical results demanded of both.
public struct KernelFigures: Codable, Equatable, Sendable {
    /// Lines in each timed sweep.
    public var lines: Int
    public var swiftNsPerLine: Spread
    public var cNsPerLine: Spread
    /// Swift's rate over C's, per round: 1 is parity, above 1 Swift is faster.
    public var ratio: Spread
    /// Inputs (seeds) on which both gave the same signals and checksum.
    public var inputsChecked: Int
    /// The checksum of the last input, in hex, as both computed it.
    public var checksum: String

    enum CodingKeys: String, CodingKey {
        case lines, ratio, checksum
        case swiftNsPerLine = "swift_ns_per_line"
        case cNsPerLine = "c_ns_per_line"
        case inputsChecked = "inputs_checked"
    }
}

/// The Swift kernel and the C reference gave different answers for the same input: a bug in one
/// of them, or a faulty machine. Either way no figure of the bench can be trusted.
public struct KernelMismatch: Error, CustomStringConvertible {
    public let seed: UInt64
    public let lines: Int
    public let swift: ScanResult
    public let c: ScanResult

    public var description: String {
        "the Swift kernel and the C reference disagree on seed \(seed), \(lines) lines: "
            + "Swift found \(swift.signals) signals, checksum \(hex(swift.checksum)); "
            + "C found \(c.signals) signals, checksum \(hex(c.checksum))"
    }
}

func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}

enum KernelComparison {
    static let clock = ContinuousClock()

    /// The C reference's answer, in the Swift kernel's terms.
    static func reference(seed: UInt64, lines: Int) -> ScanResult {
        let result = sky_sweep(seed, Int64(lines))
        return ScanResult(signals: Int(result.signals), checksum: result.checksum)
    }

    /// Nanoseconds per line of the Swift kernel, from sweeps doubled in length until one takes at
    /// least `minimum`; every other workload of the bench is sized from it.
    static func calibrate(minimum: Duration) -> Double {
        var lines = 256
        while true {
            let start = clock.now
            Sink.keep(SectorSweep.sweep(seed: 7, lines: lines).checksum)
            let took = clock.now - start
            if took >= minimum || lines >= 1 << 30 { return max(took.seconds * 1e9 / Double(lines), 0.001) }
            lines *= 2
        }
    }

    /// Times both kernels once per round on the calling thread, alternating which goes first,
    /// on a new seed each round.
    static func measure(plan: BenchPlan, nsPerLine: Double, step: (String) throws -> Void) throws -> KernelFigures {
        let lines = max(64, Int(plan.kernelSample.seconds * 1e9 / nsPerLine))
        var swiftNs: [Double] = []
        var cNs: [Double] = []
        var ratios: [Double] = []
        var checksum: UInt64 = 0
        for round in 0..<plan.rounds {
            try step("kernel against C, round \(round + 1) of \(plan.rounds)")
            // A Weyl sequence: every round a seed far from the last; the kernel hashes it anyway.
            let seed = UInt64(round + 1) &* 0x9E37_79B9_7F4A_7C15
            func swift() -> (ScanResult, Duration) {
                let start = clock.now
                let result = SectorSweep.sweep(seed: seed, lines: lines)
                return (result, clock.now - start)
            }
            func c() -> (ScanResult, Duration) {
                let start = clock.now
                let result = reference(seed: seed, lines: lines)
                return (result, clock.now - start)
            }
            // Alternating which goes first cancels any advantage of a warm or cold start.
            let ((swiftResult, swiftTime), (cResult, cTime)) =
                round % 2 == 0 ? (swift(), c()) : { let second = c(); return (swift(), second) }()
            guard swiftResult == cResult else {
                throw KernelMismatch(seed: seed, lines: lines, swift: swiftResult, c: cResult)
            }
            Sink.keep(swiftResult.checksum)
            checksum = swiftResult.checksum
            swiftNs.append(swiftTime.seconds * 1e9 / Double(lines))
            cNs.append(cTime.seconds * 1e9 / Double(lines))
            ratios.append(cTime / swiftTime)
        }
        return KernelFigures(
            lines: lines, swiftNsPerLine: Spread(swiftNs), cNsPerLine: Spread(cNs), ratio: Spread(ratios),
            inputsChecked: plan.rounds, checksum: hex(checksum))
    }
}
