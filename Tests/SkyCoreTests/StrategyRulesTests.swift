import Testing
@testable import SkyCore

/// A strategy that breaks a rule of `Strategy` stops the run with the rule named, and the book
/// still accounts for every scan: no crash, no hang, no wrong count.
@Suite("The rules a strategy keeps")
struct StrategyRulesTests {
    static let configuration = RunConfiguration(total: 6, batch: 2, seed: 5, failureRate: 0, work: 200)

    /// Runs `strategy` on `configuration`, recording every event.
    static func run(
        _ strategy: some Strategy, react: @escaping @Sendable (ScanEvent, [ScanEvent]) -> ScanControl? = { _, _ in nil }
    ) async -> (RunSummary, [ScanEvent]) {
        let recorder = EventRecorder(react: react)
        let model = ScanModel(configuration: configuration, sinks: [recorder], strategy: strategy)
        recorder.attach(model)
        return (await model.run(), recorder.events)
    }

    /// Every scan scheduled has exactly one terminal event, and the counts add up to the total.
    static func expectAccounted(_ summary: RunSummary, _ events: [ScanEvent], sourceLocation: SourceLocation = #_sourceLocation) {
        var ends: [Int: Int] = [:]
        for event in events where event.isTerminal { ends[event.scan, default: 0] += 1 }
        #expect(ends.values.allSatisfy { $0 == 1 }, "\(ends)", sourceLocation: sourceLocation)
        let c = summary.counters
        #expect(c.completed + c.failed + c.cancelled == 6, "\(c)", sourceLocation: sourceLocation)
        #expect(c.running == 0, sourceLocation: sourceLocation)
    }

    /// The serial loop, but the first scan is run twice.
    struct RunsTwice: Strategy {
        func run(_ scans: Scans) async {
            var first = true
            while let scan = await scans.next() {
                await scan.run()
                if first { await scan.run() }
                first = false
            }
        }
    }

    /// The serial loop, but the second scan it takes is dropped unrun.
    struct Drops: Strategy {
        func run(_ scans: Scans) async {
            var taken = 0
            while let scan = await scans.next() {
                taken += 1
                if taken != 2 { await scan.run() }
            }
        }
    }

    /// Takes two scans, runs the first, and drops the second only once the run is stopping.
    struct DropsWhenStopping: Strategy {
        func run(_ scans: Scans) async {
            guard let first = await scans.next(), let held = await scans.next() else { return }
            await first.run()
            while await scans.next() != nil {}
            _ = held
        }
    }

    @Test("A scan run twice: the second run is refused, and the run stops with the rule named")
    func runTwice() async {
        let (summary, events) = await Self.run(RunsTwice())
        let rule = summary.brokenRule ?? ""
        #expect(rule.hasPrefix("scan ") && rule.hasSuffix(" was run twice: a strategy runs each scan it takes once"), "\(rule)")
        #expect(summary.ending == .cancelled)
        #expect(summary.counters.completed == 1)
        Self.expectAccounted(summary, events)
    }

    @Test("A scan taken and dropped while the run goes on: it ends cancelled, and the run stops with the rule named")
    func dropped() async {
        let (summary, events) = await Self.run(Drops())
        #expect(summary.brokenRule?.hasPrefix("scan ") == true && summary.brokenRule?.contains("never run") == true, "\(summary.brokenRule ?? "none")")
        #expect(summary.ending == .cancelled)
        Self.expectAccounted(summary, events)
    }

    @Test("A scan left unrun once the run is stopping breaks no rule: it ends cancelled with the rest")
    func droppedWhenStopping() async {
        // Cancelled as the first scan starts: the held second scan is then the run's to cancel.
        let (summary, events) = await Self.run(DropsWhenStopping()) { event, history in
            event.kind == .started && history.filter { $0.kind == .started }.count == 2 ? .cancel : nil
        }
        #expect(summary.brokenRule == nil)
        #expect(summary.ending == .cancelled)
        #expect(summary.counters.completed <= 1)
        Self.expectAccounted(summary, events)
    }
}
