/// Receives the engine's events, in order, as they happen.
///
/// The engine calls a sink one event at a time, in the order the run book wrote them, from
/// whichever task wrote them: a scan booking its end, a strategy taking the next scan, the engine
/// taking a control. Writers wait for one another meanwhile, so a sink must be quick and must not
/// block (hand slow work to its own task). It may read a snapshot and send a control.
public protocol ScanEventSink: Sendable {
    func record(_ event: ScanEvent)
    /// A change to the whole run, between the scans' events where it happened. Sinks that only
    /// follow scans may leave it out.
    func record(_ change: RunChange)
    /// Called once, after the run's last event.
    func finish()
}

extension ScanEventSink {
    public func record(_ change: RunChange) {}
    public func finish() {}

    /// Either kind of event.
    public func record(_ event: RunEvent) {
        switch event {
        case .scan(let scanEvent): record(scanEvent)
        case .change(let change): record(change)
        }
    }
}
