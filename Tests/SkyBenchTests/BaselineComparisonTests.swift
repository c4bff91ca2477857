import Foundation
import Testing
@testable import SkyBench

@Suite("sky bench --baseline: the verdict per row")
struct BaselineComparisonTests {
    /// Five rounds of a rate around 100 (a spread of ±1%).
    static let steady = [100.0, 101, 99, 100.5, 99.5]

    static func row(_ kind: BenchRow.Kind, _ samples: [Double]) -> BenchRow {
        BenchRow(key: "engine.engine_scans_per_second", name: "engine, scans/s", kind: kind, samples: samples)
    }

    @Test("The exact Mann-Whitney distribution: its counts, and the rank that bounds a 95% interval")
    func mannWhitney() {
        // Two and two samples: six arrangements, with U = 0, 1, 2, 2, 3, 4.
        let cumulative = RatioInterval.mannWhitneyCumulative(2, 2)
        #expect(cumulative.map { ($0 * 6).rounded() } == [1, 2, 4, 5, 6])
        // Five and five: P(U ≤ 2) = 4/252 is the last tail under 2.5%, so the interval runs from
        // the third pairwise difference, with 1 − 8/252 confidence (tables give the same).
        let five = RatioInterval.rank(5, 5)
        #expect(five.k == 3)
        #expect(abs(five.confidence - (1 - 8.0 / 252)) < 1e-12)
        // Three and three cannot reach 95%: the widest interval, at 1 − 2/20.
        let three = RatioInterval.rank(3, 3)
        #expect(three.k == 1)
        #expect(abs(three.confidence - 0.9) < 1e-12)
        // Fifteen and fifteen (the engine's rounds): the tabled critical value of U is 64.
        #expect(RatioInterval.rank(15, 15).k == 65)
    }

    @Test("A clear regression of a rate: N% slower, with an interval that excludes no change")
    func regression() throws {
        let judged = try #require(BenchComparison.judge(Self.row(.rate, Self.steady.map { $0 * 0.9 }), against: Self.steady))
        #expect(judged.verdict == .worse)
        #expect(abs(judged.change + 0.1) < 1e-9)
        #expect(judged.lower < 0 && judged.upper < 0)
        #expect(BaselineTable.verdict(judged).hasPrefix("10.0% slower (95% interval "), "\(BaselineTable.verdict(judged))")
    }

    @Test("Identical distributions, in another order: no change within noise")
    func identical() throws {
        let judged = try #require(BenchComparison.judge(Self.row(.rate, Self.steady.reversed()), against: Self.steady))
        #expect(judged.verdict == .noChange)
        #expect(judged.change == 0)
        #expect(judged.lower < 0 && judged.upper > 0)
        #expect(BaselineTable.verdict(judged).hasPrefix("no change within noise (95% interval "))
        #expect(BaselineTable.verdict(judged).contains("% slower to "), "\(BaselineTable.verdict(judged))")
        #expect(BaselineTable.verdict(judged).hasSuffix("% faster)"), "\(BaselineTable.verdict(judged))")
    }

    @Test("Direction per row: the same drop is worse for a rate or a ratio, better for a time or a cost", arguments: [
        (BenchRow.Kind.rate, BenchComparison.Verdict.worse, "10.0% slower"),
        (.ratio, .worse, "10.0% lower"),
        (.time, .better, "10.0% faster"),
        (.cost, .better, "10.0% lower"),
    ])
    func direction(kind: BenchRow.Kind, verdict: BenchComparison.Verdict, words: String) throws {
        let judged = try #require(BenchComparison.judge(Self.row(kind, Self.steady.map { $0 * 0.9 }), against: Self.steady))
        #expect(judged.verdict == verdict)
        #expect(BaselineTable.verdict(judged).hasPrefix(words + " (95% interval "))
        let raised = try #require(BenchComparison.judge(Self.row(kind, Self.steady.map { $0 * 1.1 }), against: Self.steady))
        #expect(raised.verdict == (verdict == .worse ? .better : .worse))
    }

    @Test("A change whose whole interval lies within 2% is no change; one just beyond it is a change")
    func negligible() throws {
        let tight = [100.0, 100.01, 99.99, 100.02, 99.98]
        let small = try #require(BenchComparison.judge(Self.row(.rate, tight.map { $0 * 0.99 }), against: tight))
        #expect(small.upper < 0)
        #expect(small.verdict == .noChange)
        let large = try #require(BenchComparison.judge(Self.row(.rate, tight.map { $0 * 0.97 }), against: tight))
        #expect(large.verdict == .worse)
    }

    @Test("The same samples always give the same verdict: no random numbers")
    func reproducible() {
        let new = [95.0, 97, 99, 96, 98]
        let first = BenchComparison.judge(Self.row(.rate, new), against: Self.steady)
        #expect(first != nil)
        #expect(BenchComparison.judge(Self.row(.rate, new), against: Self.steady) == first)
    }

    @Test("With three rounds a side the interval is the widest there is, and says its own confidence")
    func fewSamples() throws {
        let judged = try #require(BenchComparison.judge(Self.row(.rate, [80, 81, 82]), against: [100, 101, 102]))
        #expect(judged.verdict == .worse)
        #expect(BaselineTable.verdict(judged).contains("(90% interval "))
    }

    @Test("A sample that is not positive cannot be compared on a log scale")
    func notPositive() {
        #expect(BenchComparison.judge(Self.row(.cost, [0, 1, 2]), against: [1, 2, 3]) == nil)
        #expect(RatioInterval(baseline: [], new: [1]) == nil)
    }

    @Test("Figures against a saved bench: rows matched by key, judged by this sky's kinds, the rest listed")
    func figures() throws {
        var baseline = Scenes.figures(kernelRatio: 0.95, efficiency: 0.97, engineRatio: 0.7, dashboardRatio: nil)
        baseline.engine.engineScansPerSecond = Spread(Self.steady.map { $0 * 1000 })
        var record = BenchRecord(figures: baseline, sky: "0.1.0", host: HostIdentity(name: "a", cores: 2, cpuModel: "X"), date: Date())
        record.rows.append(BenchRecord.Row(key: "gone.figure", name: "gone", kind: .rate, samples: [1, 2, 3]))
        var now = Scenes.figures(kernelRatio: 0.95, efficiency: 0.97, engineRatio: 0.7, dashboardRatio: 0.99)
        now.engine.engineScansPerSecond = Spread(Self.steady.map { $0 * 900 })
        let comparison = BenchComparison(now, host: HostIdentity(name: "b", cores: 8, cpuModel: "X"), against: record, file: "base.json")
        #expect(comparison.regressions.map(\.key) == ["engine.engine_scans_per_second"])
        #expect(comparison.rows.filter { $0.verdict == .better }.isEmpty)
        #expect(comparison.notCompared == ["dashboard.ratio", "dashboard.gap_p99_ms", "dashboard.cpu_share", "gone.figure"])
        #expect(comparison.hostDifferences == ["host 'b', not 'a'", "8 cores, not 2"])
        let text = BaselineTable.format(comparison)
        #expect(text.contains("(another machine: host 'b', not 'a', 8 cores, not 2)"))
        #expect(text.contains("Worse than the baseline: 1 of \(comparison.rows.count) rows (engine, scans/s)."))
        #expect(text.contains("engine, scans/s") && text.contains("10.0% slower (95% interval"))
    }

    @Test("Batch cost: the target holds the rate at 1024 to the rate at 2 over 1.2", arguments: [(0.84, true), (0.82, false)])
    func batchingTarget(ratio: Double, met: Bool) {
        let scene = Scenes.figures(kernelRatio: 0.95, efficiency: 0.97, engineRatio: 0.7, dashboardRatio: nil)
        let batching = BatchingFigures(
            scans: 2048, rounds: 9,
            points: BatchCost.batches.map { BatchingFigures.Point(batch: $0, scansPerSecond: Scenes.spread(1000), cpuPerScan: Scenes.spread(2)) },
            ratio: Scenes.spread(ratio), costGrowth: Scenes.spread(1 / ratio - 1))
        let figures = BenchFigures(
            plan: BenchPlan(cores: 2, quick: true), kernel: scene.kernel, scaling: scene.scaling, engine: scene.engine,
            dashboard: nil, batching: batching)
        let target = figures.targets.first { $0.figure == "batching.ratio" }
        #expect(target?.met == met)
        #expect(abs((target?.minimum ?? 0) - 1 / 1.2) < 1e-12)
        let table = BenchTable.format(figures)
        #expect(table.contains("batch 1024 rate / batch 2 rate"))
        #expect(table.contains(">= 0.83 " + (met ? "met" : "missed")))
        #expect(table.contains("cost of a scan, batch 1024 over 2"))
        #expect(BenchRow.rows(of: figures).contains { $0.key == "batching.ratio" && $0.kind == .ratio })
    }
}
