/// The engine's events as an `AsyncStream`, for consumers that iterate them.
///
/// The buffer is bounded: if the consumer falls behind by more than `limit` events, the newest are
/// dropped and counted rather than letting memory grow or the scans block.
public struct ScanEventStream: ScanEventSink {
    public let events: AsyncStream<ScanEvent>
    private let continuation: AsyncStream<ScanEvent>.Continuation
    private let dropCounter = SharedCount()

    public init(limit: Int = 65_536) {
        (events, continuation) = AsyncStream.makeStream(of: ScanEvent.self, bufferingPolicy: .bufferingOldest(limit))
    }

    public func record(_ event: ScanEvent) {
        if case .dropped = continuation.yield(event) { dropCounter.increment() }
    }

    public func finish() { continuation.finish() }

    /// Events lost because the consumer fell behind.
    public var dropped: Int { dropCounter.value }
}
