import SkyFormat
import Foundation

/// How much a figure changed between two benches, as the ratio of the new samples to the
/// baseline's, with a confidence interval that assumes nothing about the noise's shape.
///
/// The method is Hodges–Lehmann's on the samples' logarithms: every pair of a new sample and a
/// baseline sample gives a log ratio; the estimate is the median of those, and the interval runs
/// between two of them chosen by the exact distribution of the Mann–Whitney statistic, so its
/// confidence holds for any noise that scales both benches' samples alike (a shift on the log
/// scale). It needs no random numbers, so the same samples always give the same interval.
public struct RatioInterval: Equatable, Sendable {
    /// New over baseline: 1.06 is 6% higher.
    public var estimate: Double
    public var lower: Double
    public var upper: Double
    /// The interval's confidence: `level` where the sample counts allow it; with very few samples
    /// the widest interval there is, and its own (lower) confidence.
    public var confidence: Double

    /// The confidence asked for.
    public static let level = 0.95

    /// `nil` unless both sides have samples and every sample is positive and finite (a ratio of
    /// logarithms needs that).
    public init?(baseline: [Double], new: [Double]) {
        guard !baseline.isEmpty, !new.isEmpty,
            (baseline + new).allSatisfy({ $0 > 0 && $0.isFinite })
        else { return nil }
        let logBaseline = baseline.map(log)
        var differences: [Double] = []
        differences.reserveCapacity(baseline.count * new.count)
        for value in new.map(log) {
            for base in logBaseline { differences.append(value - base) }
        }
        differences.sort()
        let count = differences.count
        let median = Median.of(sorted: differences)
        let (k, confidence) = Self.rank(baseline.count, new.count)
        estimate = exp(median)
        lower = exp(differences[k - 1])
        upper = exp(differences[count - k])
        self.confidence = confidence
    }

    /// The rank `k` (from 1) of the pairwise difference that bounds the interval, with the
    /// interval's confidence: the largest `k` for which P(U ≤ k − 1) ≤ (1 − level) / 2, U being
    /// the Mann–Whitney count of `n` and `m` samples under no change; at least 1.
    static func rank(_ n: Int, _ m: Int) -> (k: Int, confidence: Double) {
        let tail = (1 - level) / 2
        let cumulative = mannWhitneyCumulative(n, m)
        var k = 1
        while k < cumulative.count, cumulative[k] <= tail { k += 1 }
        return (k, 1 - 2 * cumulative[k - 1])
    }

    /// P(U ≤ u) for u = 0 … n·m, from the counts of arrangements: the coefficients of the
    /// Gaussian binomial [n + m choose n] in q, built one factor (1 − q^(m+i)) / (1 − q^i) at a
    /// time, so every step is itself such a binomial with whole, non-negative coefficients.
    static func mannWhitneyCumulative(_ n: Int, _ m: Int) -> [Double] {
        let degree = n * m
        var counts = [Double](repeating: 0, count: degree + 1)
        counts[0] = 1
        for i in stride(from: 1, through: n, by: 1) {
            let up = m + i
            if up <= degree {
                for u in stride(from: degree, through: up, by: -1) { counts[u] -= counts[u - up] }
            }
            for u in stride(from: i, through: degree, by: 1) { counts[u] += counts[u - i] }
        }
        let total = counts.reduce(0, +)
        var running = 0.0
        return counts.map { count in
            running += count
            return running / total
        }
    }
}
