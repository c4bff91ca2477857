@testable import SkyCore

/// Records every event, and optionally answers some of them with a control, sent synchronously
/// from inside the engine's scheduling step: that makes "pause after the first start" exact.
final class EventRecorder: ScanEventSink {
    private let recorded = Locked<[ScanEvent]>([])
    private let model = Locked<ScanModel?>(nil)
    private let react: @Sendable (ScanEvent, [ScanEvent]) -> ScanControl?

    init(react: @escaping @Sendable (ScanEvent, [ScanEvent]) -> ScanControl? = { _, _ in nil }) {
        self.react = react
    }

    func attach(_ model: ScanModel) { self.model.withLock { $0 = model } }

    func record(_ event: ScanEvent) {
        let history = recorded.withLock { events -> [ScanEvent] in
            events.append(event)
            return events
        }
        if let control = react(event, history) {
            model.withLock { $0 }?.send(control)
        }
    }

    var events: [ScanEvent] { recorded.withLock { $0 } }
}

/// Runs a model with a recorder attached.
func run(
    _ configuration: RunConfiguration,
    react: @escaping @Sendable (ScanEvent, [ScanEvent]) -> ScanControl? = { _, _ in nil }
) async -> (RunSummary, [ScanEvent]) {
    let recorder = EventRecorder(react: react)
    let model = ScanModel(configuration: configuration, sinks: [recorder])
    recorder.attach(model)
    let summary = await model.run()
    return (summary, recorder.events)
}

/// Runs `body` in a detached task at `priority` and hands back its result without awaiting the
/// task: awaiting it would escalate it to the priority of the test that awaits.
func unawaited<T: Sendable>(at priority: TaskPriority, _ body: @escaping @Sendable () async -> T) async -> T {
    await withCheckedContinuation { continuation in
        Task.detached(priority: priority) { continuation.resume(returning: await body()) }
    }
}

/// The most scans running at once, replayed from an event log.
func maxConcurrency(_ events: [ScanEvent]) -> Int {
    var running = 0
    var most = 0
    for event in events {
        switch event.kind {
        case .started:
            running += 1
            most = max(most, running)
        case .completed, .failed, .verificationFailed:
            running -= 1
        case .cancelled where event.slot != nil:
            running -= 1
        case .scheduled, .arrived, .delivered, .cancelled:
            break
        }
    }
    return most
}

/// Small, fast scans: a few milliseconds each.
func quick(
    total: Int = 20, batch: Int = 4, seed: UInt64 = 7, failureRate: Double = 0.1,
    mix: PriorityMix = .standard, work: Int = 2_000, failFast: Bool = false
) -> RunConfiguration {
    RunConfiguration(
        total: total, batch: batch, seed: seed, failureRate: failureRate, priorityMix: mix, work: work,
        failFast: failFast)
}
