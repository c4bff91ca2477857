import Testing
@testable import SkyCore

@Suite("Deriving scans from the seed")
struct PlanTests {
    @Test("The same seed and index give the same plan")
    func deterministic() {
        let config = quick(total: 100, failureRate: 0.3)
        for index in 0..<100 {
            #expect(config.plan(index) == config.plan(index))
        }
    }

    @Test("Failures are chosen by seed and index, at about the requested rate")
    func failureRate() {
        let config = quick(total: 10_000, failureRate: 0.1)
        let failures = (0..<10_000).filter { config.plan($0).failure != nil }.count
        #expect((800...1200).contains(failures))
        #expect(quick(total: 10, failureRate: 0).plan(3).failure == nil)
        #expect(quick(total: 10, failureRate: 1).plan(3).failure != nil)
    }

    @Test("Priorities follow the mix", arguments: [(20, 50, 30), (100, 0, 0), (0, 0, 100), (34, 33, 33)])
    func mix(high: Int, medium: Int, low: Int) throws {
        let mix = try #require(PriorityMix(high: high, medium: medium, low: low))
        let config = quick(total: 10_000, mix: mix)
        var counts = PerPriority(repeating: 0)
        for index in 0..<10_000 { counts[config.plan(index).priority] += 1 }
        for (priority, share) in [(ScanPriority.high, high), (.medium, medium), (.low, low)] {
            let expected = share * 100
            #expect(abs(counts[priority] - expected) <= 300, "\(priority): \(counts[priority]) vs \(expected)")
        }
    }

    @Test("Admission's priority alone is the priority of the scan's whole plan")
    func priorityAlone() throws {
        for (seed, mix) in [(UInt64(1), PriorityMix.standard), (77, try #require(PriorityMix(high: 34, medium: 33, low: 33)))] {
            let config = quick(total: 2_000, seed: seed, mix: mix)
            for index in 0..<2_000 { #expect(config.priority(of: index) == config.plan(index).priority) }
        }
    }

    @Test("Priority mixes parse only when they are three shares adding up to 100")
    func parsing() {
        #expect(PriorityMix(parsing: "20:50:30") == .standard)
        #expect(PriorityMix(parsing: "100:0:0") != nil)
        for bad in ["", "50:50", "50:30:30", "a:b:c", "-10:60:50", "20:50:30:0", "20::80", "20.5:49.5:30"] {
            #expect(PriorityMix(parsing: bad) == nil, "\(bad)")
        }
    }
}
