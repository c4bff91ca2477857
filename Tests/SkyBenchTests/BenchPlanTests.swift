import Foundation
import Testing
@testable import SkyBench

@Suite("The bench's plan and figures")
struct BenchPlanTests {
    @Test("A spread is the median with the extremes", arguments: [
        ([3.0], 3.0, 3.0, 3.0),
        ([5.0, 1.0, 3.0], 3.0, 1.0, 5.0),
        ([4.0, 1.0, 2.0, 3.0], 2.5, 1.0, 4.0),
    ])
    func spread(samples: [Double], median: Double, min: Double, max: Double) {
        #expect(Spread(samples) == Spread(median: median, min: min, max: max))
    }

    @Test("Scaling covers 1, 2, 4 … up to twice the cores, and the core count itself", arguments: [
        (1, [1, 2]),
        (2, [1, 2, 4]),
        (3, [1, 2, 3, 4, 6]),
        (8, [1, 2, 4, 8, 16]),
        (12, [1, 2, 4, 8, 12, 16, 24]),
    ])
    func batches(cores: Int, expected: [Int]) {
        #expect(BenchPlan(cores: cores, quick: true).batches == expected)
    }

    @Test("A run is whole rounds of its batch, long enough for every slot", arguments: [1, 2, 3, 4, 7, 64])
    func scans(batch: Int) {
        let plan = BenchPlan(cores: 4, quick: false)
        for duration: Duration in [.milliseconds(1), .milliseconds(150), .seconds(3)] {
            let scans = plan.scans(lasting: duration, batch: batch)
            #expect(scans % batch == 0)
            #expect(scans >= batch)
        }
        // Three seconds of 50 ms scans on min(batch, 4) cores.
        let expected = Double(60 * min(batch, 4))
        #expect(abs(Double(plan.scans(lasting: .seconds(3), batch: batch)) - expected) <= Double(batch) / 2 + 0.5)
    }

    @Test("Quick and full plans: three rounds and five by default, or as asked")
    func rounds() {
        #expect(BenchPlan(cores: 2, quick: true).rounds == 3)
        #expect(BenchPlan(cores: 2, quick: false).rounds == 5)
        #expect(BenchPlan(cores: 2, quick: true, rounds: 7).rounds == 7)
        // The engine-overhead runs are short and scatter most; they get three times the rounds.
        #expect(BenchPlan(cores: 2, quick: false).engineRounds == 15)
    }

    @Test("Each round turns the order by one: every variant goes first in turn, and each round runs them all")
    func turned() {
        let orders = (0..<4).map { Interleaving.turned(["a", "b", "c"], round: $0) }
        #expect(orders == [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"], ["a", "b", "c"]])
        #expect(Interleaving.turned([false, true], round: 1) == [true, false])
    }

    @Test("Targets are judged on the median, and the JSON reads back the same figures")
    func targetsAndJSON() throws {
        let figures = Scenes.figures(kernelRatio: 0.95, efficiency: 0.9, engineRatio: 0.81, dashboardRatio: nil)
        #expect(figures.targets.map(\.figure) == ["kernel.ratio", "scaling.points[batch=2].efficiency", "engine.ratio"])
        #expect(figures.targets.map(\.met) == [true, false, true])
        let decoded = try JSONDecoder().decode(BenchFigures.self, from: Data(figures.json().utf8))
        #expect(decoded == figures)
        #expect(!figures.json().contains("\n"))
        #expect(!figures.json().contains("\"dashboard\""))
    }

    @Test("The table has a row for every figure, its spread and each target's verdict")
    func table() {
        let text = BenchTable.format(Scenes.figures(kernelRatio: 0.95, efficiency: 0.9, engineRatio: 0.6, dashboardRatio: 0.99))
        for label in [
            "Swift rate / C rate", "batch 1, scans/s", "batch 2, efficiency against linear", "batch 4, speed-up over batch 1",
            "load at batch 2", "kernel alone on 2 plain threads", "Sky's rate / bare rate", "context switches per 1000 scans", "dashboard rate / headless rate",
            "gap between frames, p99, ms", "gap between frames, max, ms",
        ] {
            #expect(text.contains(label), "\(label)")
        }
        #expect(text.contains("0.95      0.94      0.96  >= 0.90 met"))
        #expect(text.contains("90.0%     89.0%     91.0%  >= 95% missed"))
        #expect(text.contains("0.60      0.59      0.61  >= 0.65 missed"))
        #expect(text.contains("Targets met: 2 of 4."))
        #expect(text.contains("host steal in those runs"))
        #expect(text.contains("other processes in those runs"))
        // Narrow enough for a 100-column terminal.
        #expect(text.split(separator: "\n").filter { $0.hasPrefix(" ") }.allSatisfy { $0.count <= 100 })
        #expect(text.contains("During the bench, other processes used 0.4% of the cores and the host gave 6.1% to other guests: a busy machine"))
    }
}

/// Figures made by hand, each spread the median ± 0.01.
enum Scenes {
    static func spread(_ median: Double) -> Spread { Spread([median - 0.01, median, median + 0.01]) }

    static func figures(kernelRatio: Double, efficiency: Double, engineRatio: Double, dashboardRatio: Double?) -> BenchFigures {
        let plan = BenchPlan(cores: 2, quick: true)
        let kernel = KernelFigures(
            lines: 1000, swiftNsPerLine: spread(900), cNsPerLine: spread(880), ratio: spread(kernelRatio),
            inputsChecked: 3, checksum: "0123456789abcdef")
        let points = plan.batches.map { batch in
            ScalingFigures.Point(
                batch: batch, scans: 10 * batch, scansPerSecond: spread(Double(batch) * 10),
                speedup: spread(batch == 1 ? 1 : efficiency * 2), efficiency: spread(batch == 1 ? 1 : efficiency))
        }
        let scaling = ScalingFigures(work: 5000, scanMs: 10, points: points, load: spread(0.98), others: spread(0.1), steal: spread(0.03), threadsEfficiency: spread(0.97))
        let engine = EngineFigures(
            scans: 2000, batch: 2, rounds: 9, engineScansPerSecond: spread(400_000), bareScansPerSecond: spread(500_000),
            ratio: spread(engineRatio), prioritizedScansPerSecond: spread(480_000), ratioToPrioritized: spread(0.83),
            emptyChildrenPerSecond: spread(600_000), ratioToEmptyChildren: spread(0.6),
            engineSwitchesPerScan: spread(0.06), bareSwitchesPerScan: spread(0.02), engineCPUPerScan: spread(3.2),
            bareCPUPerScan: spread(2.8), cpuCostRatio: spread(1.14))
        let dashboard = dashboardRatio.map {
            DashboardFigures(
                scans: 80, work: 5000, batch: 2, terminal: "100x30", headlessScansPerSecond: spread(190),
                dashboardScansPerSecond: spread(188), ratio: spread($0), frames: spread(90), gapP99Ms: spread(35),
                gapMaxMs: spread(40), cpuShare: spread(0.013))
        }
        return BenchFigures(
            plan: plan, kernel: kernel, scaling: scaling, engine: engine, dashboard: dashboard, othersShare: 0.004, stealShare: 0.061)
    }
}
