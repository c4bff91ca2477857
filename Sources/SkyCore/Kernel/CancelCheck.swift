/// How a sweep looks for cancellation between its chunks (`--cancel-check`), and what it hands
/// back when it finds its task cancelled part-way.
public enum CancelCheck: String, CaseIterable, Sendable {
    /// `if Task.isCancelled { return .failure(.cancelled) }`: the sweep stops and keeps nothing.
    case flag
    /// `try Task.checkCancellation()`: `CancellationError` is thrown out of the sweep, and the lines
    /// it swept go with the frame that held them; the child catches it as `cancelled`.
    case `throw`
    /// `if Task.isCancelled { return .failure(.partial(…)) }`: the sweep stops and hands back what
    /// it swept so far, its lines and the signals in them.
    case partial
    /// `withTaskCancellationHandler`: the sweep never reads `Task.isCancelled`, only a stop flag of
    /// its own (`StopFlag`), which the handler raises the moment the task is cancelled, on the
    /// thread that cancels it; the sweep stops at its next check of the flag, and keeps nothing.
    case handler
}

/// What a sweep cancelled part-way hands back with `--cancel-check partial`: how far it got, and
/// what it found there.
public struct PartialSweep: Hashable, Sendable {
    /// Lines of the sector swept before the sweep saw the cancel.
    public var lines: Int
    /// Signals found in those lines.
    public var signals: Int

    public init(lines: Int, signals: Int) {
        self.lines = lines
        self.signals = signals
    }
}
