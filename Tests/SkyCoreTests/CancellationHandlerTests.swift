#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import SkyCore

/// `withTaskCancellationHandler` (`--cancel-check handler`): the handler runs at once, inside the
/// call that cancels, on the canceller's thread, while the operation goes on until it looks. The
/// first probe pins that on this toolchain (measured on Swift 6.3.1, Linux; texts: `StopFlag`, the
/// lesson Assets/lessons/12-cancellation-handler.md, docs/cli.md); the others hold the scans'
/// events to it. Nothing is timed: the probe's operation waits for a flag the test raises.
@Suite("withTaskCancellationHandler: the handler at once, the operation when it looks")
struct CancellationHandlerTests {
    final class Probe: Sendable {
        let started = Atomic<Bool>(false)
        let release = Atomic<Bool>(false)
        let ended = Atomic<Bool>(false)
        let handlerThread = Locked<pthread_t?>(nil)
    }

    @Test("cancel() runs the handler before it returns, on the cancelling thread, while the operation has not looked")
    func handlerRunsInsideCancel() async {
        let probe = Probe()
        let task = Task.detached {
            await withTaskCancellationHandler {
                probe.started.store(true, ordering: .sequentiallyConsistent)
                // Never looks at Task.isCancelled until the test lets it go.
                while !probe.release.load(ordering: .sequentiallyConsistent) { await Task.yield() }
                probe.ended.store(true, ordering: .sequentiallyConsistent)
                return Task.isCancelled
            } onCancel: {
                let thread = pthread_self()
                probe.handlerThread.withLock { $0 = thread }
            }
        }
        #expect(await Poll.until { probe.started.load(ordering: .sequentiallyConsistent) })
        let canceller = pthread_self()
        task.cancel()
        let handlerThread = probe.handlerThread.withLock { $0 }
        #expect(handlerThread.map { pthread_equal($0, canceller) != 0 } == true, "the handler ran on another thread, or not yet")
        let ended = probe.ended.load(ordering: .sequentiallyConsistent)
        #expect(!ended, "the operation went on")
        probe.release.store(true, ordering: .sequentiallyConsistent)
        #expect(await task.value, "the operation sees the cancel when it looks")
    }

    /// Four scans with `--cancel-check handler`, cancelled once all have started; `ignoring` of
    /// them never check.
    static func run(ignoring rate: Double) async throws -> [ScanEvent] {
        var configuration = RunConfiguration(total: 4, batch: 4, seed: 3, failureRate: 0, work: IgnoredCancellationTests.lines)
        if rate > 0 { configuration = try IgnoredCancellationTests.halfDeaf() }
        configuration.cancelCheck = .handler
        let (summary, events) = await CausalOrderTests.run(configuration, react: IgnoredCancellationTests.cancelOnceAllStarted)
        #expect(summary.ending == .cancelled)
        #expect(CausalOrderTests.violations(of: events, configuration: configuration) == [])
        let stop = try #require(events.firstIndex { if case .change(let change) = $0 { change.kind == .stopping(.cancelled) } else { false } })
        return events[stop...].compactMap(\.scanEvent).filter { $0.isTerminal && $0.slot != nil }
    }

    @Test("Every scan running at the cancel has its handler's time, no later than its end, and stops at its next look")
    func everyHandlerRan() async throws {
        let ends = try await Self.run(ignoring: 0)
        #expect(ends.count == 4)
        for end in ends {
            let span = try #require(end.span)
            let handled = try #require(span.handlerRan, "scan \(end.scan) has no handler time")
            #expect(handled <= span.ran)
            #expect(end.kind == .cancelled)
        }
    }

    @Test("A sweep that never reads the flag still has its handler run at the cancel, and sweeps on to its end")
    func handlerRunsForASweepThatNeverLooks() async throws {
        let ends = try await Self.run(ignoring: 0.5)
        let deaf = ends.filter(\.ignoresCancellation)
        #expect(deaf.count == 2)
        for end in deaf {
            #expect(end.span?.handlerRan != nil && end.span.map { $0.handlerRan! < $0.ran } == true)
            #expect(Ends.isCompleted(end))
        }
        #expect(ends.filter { !$0.ignoresCancellation }.allSatisfy { $0.kind == .cancelled && $0.span?.handlerRan != nil })
    }

    enum Ends {
        static func isCompleted(_ event: ScanEvent) -> Bool {
            if case .completed = event.kind { true } else { false }
        }
    }

    @Test("A scan that ends before any cancel has no handler time")
    func noCancelNoHandler() async {
        let configuration = RunConfiguration(total: 3, batch: 3, seed: 3, failureRate: 0, work: 2000, cancelCheck: .handler)
        let (_, events) = await CausalOrderTests.run(configuration)
        let ends = events.compactMap(\.scanEvent).filter(\.isTerminal)
        #expect(ends.count == 3 && ends.allSatisfy { $0.span?.handlerRan == nil })
    }
}
