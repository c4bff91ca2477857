import SkyCore

/// A model running on the cooperative pool, watched from the main thread.
///
/// The run is an unstructured task, which no parent's cancellation reaches: it stops only when
/// someone cancels it, so the main-thread loops stop it by hand (`cancel()`).
final class LaunchedRun: Sendable {
    let model: ScanModel
    private let finished = Locked<RunSummary?>(nil)
    private let task: Task<Void, Never>

    init(configuration: RunConfiguration, sinks: [any ScanEventSink]) {
        let model = ScanModel(configuration: configuration, sinks: sinks)
        let finished = self.finished
        self.model = model
        task = Task.detached(name: "sky run") {
            let summary = await model.run()
            finished.withLock { $0 = summary }
        }
    }

    /// Tells the model, and cancels the run's task too. The model applies a cancel on its actor,
    /// which waits for a thread; when scans that never yield (`--no-yield`) hold every thread, that
    /// wait is as long as a scan. Cancelling the task reaches every child at once, without the
    /// actor, so their cancellation checks stop them within a fraction of a millisecond.
    func cancel() {
        model.cancel()
        task.cancel()
    }

    /// The summary once the run has returned; `nil` before.
    var summary: RunSummary? { finished.withLock { $0 } }
}
