import Dispatch
import Synchronization
import Testing
@testable import SkyCore

/// Slow motion (`--speed`) must keep a CPU-bound scan CPU-bound: the same work per line, more
/// lines, on the same thread, with the yields the run asks for and no others.
@Suite("Slow motion")
struct SlowMotionTests {
    /// A sector of whole yields: `linesPerYield` divides it, so every count below is exact.
    static let lines = 8 * ScanTask.linesPerYield

    static func task(speed: Double, yields: Bool, verify: Bool = false) -> ScanTask {
        let plan = RunConfiguration(total: 1, batch: 1, seed: 9, failureRate: 0, work: lines).plan(0)
        return ScanTask(plan: plan, speed: speed, yields: yields, verify: verify)
    }

    @Test("Slow motion never gives up its thread: a scan that does not yield is never enqueued again", arguments: [0.5, 0.25])
    func staysOnItsThread(speed: Double) async {
        let full = await Enqueues.count(Self.task(speed: 1, yields: false))
        let slow = await Enqueues.count(Self.task(speed: speed, yields: false))
        #expect(slow.outcome == full.outcome)
        #expect(slow.enqueued == full.enqueued)
    }

    @Test("Slow motion yields at the full-speed cadence: 1/speed times the work, 1/speed times the yields", arguments: [0.5, 0.25, 0.125])
    func yieldsInProportion(speed: Double) async {
        let start = await Enqueues.count(Self.task(speed: 1, yields: false)).enqueued
        let full = await Enqueues.count(Self.task(speed: 1, yields: true))
        let slow = await Enqueues.count(Self.task(speed: speed, yields: true))
        // Each yield is counted the same fixed number of times (two, on this runtime).
        #expect(full.enqueued > start)
        #expect(slow.enqueued - start == Int(1 / speed) * (full.enqueued - start))
        #expect(slow.outcome == full.outcome)
    }

    @Test("The ballast is 1/speed - 1 lines for each line of work, fractions carried", arguments: [1, 0.5, 0.3, 0.01])
    func ballast(speed: Double) {
        var motion = SlowMotion(speed: speed, seed: 1)
        var work = 0
        for chunk in [256, 100, 1, 255, 256, 7] {
            work += chunk
            motion.owe(for: chunk)
            while motion.owes {
                #expect(motion.sweep(atMost: ScanTask.linesPerCheck) <= ScanTask.linesPerCheck)
            }
        }
        let exact = Double(work) * (1 / speed - 1)
        #expect(Double(motion.swept) <= exact)
        #expect(Double(motion.swept) > exact - 1)
    }

    @Test("A verified scan in slow motion passes its check, with the full-speed result")
    func verified() async {
        let full = await Self.task(speed: 1, yields: true, verify: true).run()
        let slow = await Self.task(speed: 0.5, yields: true, verify: true).run()
        #expect(slow == full)
        if case .success = slow {} else { Issue.record("expected a verified result, got \(slow)") }
    }

    @Test("A run's checksum and counts are the same at any speed", arguments: [0.5, 0.1])
    func runChecksum(speed: Double) async {
        var config = RunConfiguration(total: 6, batch: 3, seed: 11, failureRate: 0.3, work: 2_000)
        let full = await ScanModel(configuration: config).run()
        config.speed = speed
        let slow = await ScanModel(configuration: config).run()
        #expect(slow.snapshot.checksum == full.snapshot.checksum)
        #expect(slow.counters == full.counters)
    }
}

/// Runs a scan on an executor of its own and counts how often its task is enqueued there: once
/// to start, then once after each suspension (a yield, a sleep). No clock is read.
final class Enqueues: TaskExecutor {
    private let count = Atomic<Int>(0)
    private let queue = DispatchQueue(label: "sky.tests.enqueues")

    func enqueue(_ job: consuming ExecutorJob) {
        count.wrappingAdd(1, ordering: .relaxed)
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    static func count(_ task: ScanTask) async -> (outcome: ScanOutcome, enqueued: Int) {
        let executor = Enqueues()
        let outcome = await withTaskExecutorPreference(executor) { await task.run() }
        return (outcome, executor.count.load(ordering: .relaxed))
    }
}
