import Foundation
import SkyCore
import Testing
@testable import SkyReport

/// Whom the text summary is written for decides what it carries: a plain run or a lesson speaks of
/// what its scans did, `--verify` and `sky soak` add the verdict a burn-in reads; and no figure is
/// given for what was never measured.
@Suite("Headless reports: a teaching run's summary")
struct TeachingReportTests {
    static func run(verify: Bool) async -> RunSummary {
        await ScanModel(configuration: RunConfiguration(total: 3, batch: 1, seed: 1, failureRate: 0, work: 0, verify: verify)).run()
    }

    static let figures = FrameFigures(frames: 215, gapP50Ms: 33, gapP99Ms: 35, gapMaxMs: 41, cpuSeconds: 0.05, cpuShare: 0.01, counterLagMaxMs: 12)

    @Test("A plain run's summary, finished or cancelled, has no verdict, no verification note and no frame figures")
    func plain() async {
        var summary = await Self.run(verify: false)
        #expect(SummaryView.of(summary.configuration) == .teaching)
        let finished = TextSummary.format(summary, replay: "sky", dashboard: Self.figures)
        #expect(finished.hasPrefix("sky: finished 3 scans"), "\(finished)")
        // A deliberate cancel is a lesson's point, not an untrustworthy burn-in.
        summary.snapshot.progress.phase = .finished(.cancelled)
        let cancelled = TextSummary.format(summary, replay: "sky", dashboard: Self.figures)
        #expect(cancelled.hasPrefix("sky: cancelled after"), "\(cancelled)")
        for text in [finished, cancelled] {
            for word in ["verdict", "PASS", "UNTRUSTWORTHY", "verification", "not verified", "dashboard:", "frames"] {
                #expect(!text.contains(word), "\(word) in \(text)")
            }
        }
    }

    @Test("--verify's summary has all three: the verification, the frame figures and the verdict last")
    func verified() async throws {
        let summary = await Self.run(verify: true)
        #expect(SummaryView.of(summary.configuration) == .verified)
        let lines = TextSummary.format(summary, replay: "sky", dashboard: Self.figures).split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("  verification: 3 results checked against an independent recomputation, all matched") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  dashboard: 215 frames") }, "\(lines)")
        let last = try #require(lines.last)
        #expect(last.hasPrefix("verdict: PASS: "), "\(last)")
    }

    @Test("With no scan run to its end the text says so, and the JSON gives null, not 0, for each percentile")
    func nothingMeasured() async throws {
        var summary = await Self.run(verify: false)
        summary.snapshot.progress.runLatency = .zero
        summary.snapshot.progress.waitLatency = .zero
        let text = TextSummary.format(summary, replay: "sky")
        #expect(text.contains("  run time  ms  none: no scan ran to its end"), "\(text)")
        #expect(text.contains("  wait time ms  none: no scan started"), "\(text)")
        #expect(!text.contains("p50 0.0"), "\(text)")

        let encoded = JSONSummary(summary, exitStatus: 0).encoded()
        #expect(encoded.contains(#""latency_ms":{"p50":null,"p95":null,"p99":null}"#), "\(encoded)")
        #expect(encoded.contains(#""wait_ms":{"p50":null,"p95":null,"p99":null}"#), "\(encoded)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(encoded.utf8)) as? [String: Any])
        let latency = try #require(json["latency_ms"] as? [String: Any])
        #expect(latency["p50"] is NSNull)

        // Measured, the figures are numbers as before.
        let measured = await Self.run(verify: false)
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(JSONSummary(measured, exitStatus: 0).encoded().utf8)) as? [String: Any])
        let run = try #require(figures["latency_ms"] as? [String: Double])
        #expect(run.keys.sorted() == ["p50", "p95", "p99"])
        #expect(run["p50"] == measured.snapshot.runLatency.p50)
    }
}
