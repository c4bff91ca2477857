import Testing
@testable import SkyCore

@Suite("Spans and task names")
struct ScanSpanTests {
    @Test("A started scan's terminal event tells its whole span, and the name its child read about itself",
          arguments: StrategiesUnderTest.all)
    func spans(strategy: ScanStrategy) async throws {
        let configuration = RunConfiguration(total: 24, batch: 3, seed: 5, failureRate: 0.2, work: 500, strategy: strategy)
        let (summary, events) = await run(configuration)
        var scheduled: [Int: Duration] = [:]
        var started: [Int: Duration] = [:]
        var spans = 0
        for event in events {
            switch event.kind {
            case .scheduled: scheduled[event.scan] = event.time
            case .started: started[event.scan] = event.time
            case .delivered: #expect(event.span == nil, "a stream's delivery is not the scan's end")
            default:
                guard let start = started[event.scan] else {
                    #expect(event.span == nil, "scan \(event.scan) never started, yet has a span")
                    continue
                }
                let span = try #require(event.span, "scan \(event.scan) started and its end has no span")
                spans += 1
                #expect(span.startedAt == start)
                #expect(span.wait == start - (scheduled[event.scan] ?? .zero))
                // Measured inside the child, within the span the book saw.
                #expect(span.ran >= .zero && span.ran <= event.time - start)
                // A serial run's scans run inline in the loop's own task, so that is the name they
                // read; an `async let` child has no name at all.
                let name: String? = switch strategy {
                case .serial: ScanChild.serialLoopName
                case .asyncLet: nil
                case .unbounded, .batched, .discarding, .reduce, .waitForAll, .stream, .unstructured, .actorQueue, .actorReentrant, .awaited, .unlessCancelled, .own: "scan \(event.scan)"
                }
                #expect(span.child.taskName(scan: event.scan) == name)
                // The priorities it read: a serial run's scans have no task of their own, so no
                // base; an `async let` binding takes no priority, so its child's base is its parent's.
                #expect(span.child.current != nil)
                switch strategy {
                case .serial: #expect(span.child.base == nil)
                case .asyncLet: #expect(span.child.base == .medium)
                case .unbounded, .batched, .discarding, .reduce, .waitForAll, .stream, .unstructured, .actorQueue, .actorReentrant, .awaited, .unlessCancelled, .own: #expect(span.child.base == event.priority.taskPriority)
                }
            }
        }
        #expect(spans == summary.counters.scheduled)
    }

    @Test("A child's view of itself is two bytes, so the report it travels in stays at 90 (ChildView's comment says why)")
    func childViewSize() {
        #expect(MemoryLayout<ChildView>.size == 2)
        #expect(MemoryLayout<ScanReport>.size == 90)
    }

    @Test("A child's view keeps its name and both priorities apart")
    func childView() {
        let view = ChildView(taskName: "scan 3", scan: 3, base: .low, current: .medium)
        #expect(view.taskName(scan: 3) == "scan 3")
        #expect(view.base == .low && view.current == .medium)
        #expect(ChildView(packedPriorities: view.packedPriorities) == ChildView(base: .low, current: .medium))
        let inline = ChildView(taskName: ScanChild.serialLoopName, scan: 4, current: .high)
        #expect(inline.taskName(scan: 4) == ScanChild.serialLoopName && inline.base == nil && inline.current == .high)
        #expect(ChildView().current == nil && ChildView(taskName: "other", scan: 1).taskName(scan: 1) == nil)
    }

    @Test("A run nobody listens to reads no names")
    func noSinks() async {
        let model = ScanModel(configuration: RunConfiguration(total: 1, batch: 1, seed: 1, work: 0))
        #expect(await !model.child.isNamed)
    }
}
