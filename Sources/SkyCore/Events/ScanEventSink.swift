/// Receives the engine's events, in order, as they happen.
///
/// `ScanModel` calls `record` on its own executor, one event at a time; a sink must be quick and
/// must not block (hand slow work to its own task).
public protocol ScanEventSink: Sendable {
    func record(_ event: ScanEvent)
    /// Called once, after the run's last event.
    func finish()
}

extension ScanEventSink {
    public func finish() {}
}
