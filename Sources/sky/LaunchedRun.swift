import SkyCore

/// A model running on the cooperative pool, watched from the main thread.
///
/// The run is an unstructured task: nothing cancels it with a parent, so the main-thread loops
/// stop it by hand (`model.cancel()`), as DESIGN.md says an unstructured task must be.
final class LaunchedRun: Sendable {
    let model: ScanModel
    private let finished = Locked<RunSummary?>(nil)

    init(configuration: RunConfiguration, sinks: [any ScanEventSink]) {
        model = ScanModel(configuration: configuration, sinks: sinks)
        Task.detached { [self] in
            let summary = await model.run()
            finished.withLock { $0 = summary }
        }
    }

    /// The summary once the run has returned; `nil` before.
    var summary: RunSummary? { finished.withLock { $0 } }
}
