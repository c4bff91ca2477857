/// A started scan's run as a whole, told on its terminal event: when it started, how long it had
/// waited for a slot, and what its child saw of itself. With it, one event describes the scan from
/// start to end, so a reader that draws spans (the trace) needs to remember nothing per scan.
public struct ScanSpan: Equatable, Sendable {
    /// When the scan started, measured from the start of the run: its `started` event's time.
    public var startedAt: Duration
    /// From `scheduled` to `started`: the time it waited in the ready queue.
    public var wait: Duration
    /// The sweep's own time, measured inside the child: what the run-time percentiles count.
    public var ran: Duration
    public var child: ChildView
    /// `--cancel-check handler`: when the scan's cancellation handler ran, from its sweep's first
    /// line, on the same clock as `ran`; `nil` if it did not run while the scan ran.
    public var handlerRan: Duration?

    public init(startedAt: Duration, wait: Duration, ran: Duration = .zero, child: ChildView = ChildView(), handlerRan: Duration? = nil) {
        self.startedAt = startedAt
        self.wait = wait
        self.ran = ran
        self.child = child
        self.handlerRan = handlerRan
    }
}
