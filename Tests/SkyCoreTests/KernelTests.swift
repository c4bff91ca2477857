import Testing
@testable import SkyCore

@Suite("The scan kernel")
struct KernelTests {
    @Test("A sweep gives a known answer")
    func knownAnswer() {
        // Pinned from the first implementation and matched bit for bit by a C version of the kernel.
        let result = SectorSweep.sweep(seed: 42, lines: 1000)
        #expect(result == ScanResult(signals: 8192, checksum: 368_311_849_751_744_467))
    }

    @Test("Sweeping in chunks gives the same result as one pass", arguments: [1, 7, 256, 999])
    func chunking(chunk: Int) {
        var sweep = SectorSweep(seed: 9, lines: 1000)
        while !sweep.isDone { sweep.advance(by: chunk) }
        #expect(sweep.result == SectorSweep.sweep(seed: 9, lines: 1000))
    }

    @Test("Different seeds give different sectors")
    func seedsDiffer() {
        #expect(SectorSweep.sweep(seed: 1, lines: 64) != SectorSweep.sweep(seed: 2, lines: 64))
    }

    @Test("An empty sector is nearly free but still has an identity")
    func emptySector() {
        let a = SectorSweep.sweep(seed: 1, lines: 0)
        let b = SectorSweep.sweep(seed: 2, lines: 0)
        #expect(a.signals == 0)
        #expect(a.checksum != b.checksum)
    }

    @Test("The detector finds stars and ignores background noise")
    func detection() {
        let result = SectorSweep.sweep(seed: 3, lines: 2000)
        let pixels = 2000 * SectorSweep.width
        // About one pixel in 512 is a star; each lights up its centre and at most its neighbours.
        #expect(result.signals > pixels / 2048)
        #expect(result.signals < pixels / 16)
    }

    @Test("A planned failure stops the scan with its named error")
    func plannedFailure() async throws {
        let config = quick(failureRate: 1)
        let plan = config.plan(0)
        let failure = try #require(plan.failure)
        let outcome = await ScanTask(plan: plan).run()
        #expect(outcome == .failure(.failed(failure.failure)))
    }

    @Test("A cancelled scan stops at its next check instead of finishing")
    func cancellation() async {
        let plan = quick(failureRate: 0, work: 50_000_000).plan(0)
        let task = Task { await ScanTask(plan: plan).run() }
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
    }
}
