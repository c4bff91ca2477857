import CSkyKernel
import SkyCore
import Testing
@testable import SkyBench

@Suite("The C reference of the kernel")
struct KernelReferenceTests {
    @Test("C and Swift give the same signals and checksum", arguments: [0, 1, 2, 3, 4, 5, 6, 511, 1000, 4099])
    func agree(lines: Int) {
        for seed: UInt64 in [0, 1, 42, 0xFFFF_FFFF, 0x1234_5678_9ABC_DEF0, .max] {
            #expect(KernelComparison.reference(seed: seed, lines: lines) == SectorSweep.sweep(seed: seed, lines: lines),
                    "seed \(seed), \(lines) lines")
        }
    }

    @Test("The C reference gives the kernel's known answer")
    func knownAnswer() {
        let result = sky_sweep(42, 1000)
        #expect(result.signals == 8192)
        #expect(result.checksum == 368_311_849_751_744_467)
    }

    @Test("A mismatch names the input and both answers")
    func mismatchMessage() {
        let mismatch = KernelMismatch(
            seed: 5, lines: 10, swift: ScanResult(signals: 1, checksum: 0xAB), c: ScanResult(signals: 2, checksum: 0xCD))
        #expect(mismatch.description.contains("seed 5, 10 lines"))
        #expect(mismatch.description.contains("00000000000000ab"))
        #expect(mismatch.description.contains("00000000000000cd"))
    }
}
