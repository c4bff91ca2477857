import Testing
@testable import SkyCore

@Suite("Spans and task names")
struct ScanSpanTests {
    @Test("A started scan's terminal event tells its whole span, and the name its child read about itself",
          arguments: ScanStrategy.allCases)
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
                case .unbounded, .batched, .stream, .unstructured: "scan \(event.scan)"
                }
                #expect(span.child.taskName(scan: event.scan) == name)
                #expect(span.child.observed != nil)
            }
        }
        #expect(spans == summary.counters.scheduled)
    }

    @Test("A run nobody listens to reads no names")
    func noSinks() async {
        let model = ScanModel(configuration: RunConfiguration(total: 1, batch: 1, seed: 1, work: 0))
        #expect(await !model.child.isNamed)
    }
}
