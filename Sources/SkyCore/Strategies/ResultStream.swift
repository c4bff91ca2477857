/// **A bounded task group exposed as an `AsyncStream`.**
///
/// A producer task runs the sliding window and yields each result into a stream; this task, the
/// consumer, iterates the stream and books the results. The producer is unstructured, so nothing
/// would cancel it with a parent: when the consumer stops (a cancel, `--fail-fast`), the stream
/// ends, and its `onTermination` cancels the producer, whose group then cancels its children.
///
/// The bound covers results not yet consumed: a slot is reused only once the consumer has taken
/// its scan's result. A slow consumer so holds the producer back, and the stream never holds more
/// than `batch` results.
extension ScanModel {
    /// What the producer hands the consumer.
    enum Delivery: Sendable {
        case result(ScanReport)
        /// Nothing finished, but the run is stopping: the consumer should look.
        case stopping
    }

    func runResultStream() async {
        let (results, continuation) = AsyncStream.makeStream(of: Delivery.self)
        let producer = Task(name: "stream producer") { await self.produce(into: continuation) }
        continuation.onTermination = { _ in producer.cancel() }

        for await delivery in results {
            if case .result(let report) = delivery {
                settle(report, at: now())
                // The slot is free: wake the producer, which may be waiting for a scan to end, or,
                // with nothing left to run, for this result to be taken before it stops.
                if loop.canStart || loop.drained { inbox.ring() }
            }
            if isStopping { break }
        }
        // The consumer's own task may have been cancelled, which also ends the iteration. Finishing
        // the stream runs its `onTermination`, which cancels the producer.
        noticeCancellation(at: now())
        continuation.finish()
        await producer.value
    }

    /// The producer: the sliding window, yielding each result instead of booking it.
    private func produce(into stream: AsyncStream<Delivery>.Continuation) async {
        await withThrowingTaskGroup(of: Wake.self) { group in
            addWatchers(to: &group)
            startScans(in: &group, at: now())
            while !isDrained, let wake = try? await group.next() {
                switch wake {
                case .finished(let report):
                    write { [now = now()] in $0.deliver(report, at: now) }
                    // Once the consumer has gone, nobody takes the result: book it here.
                    if case .terminated = stream.yield(.result(report)) { settle(report, at: now()) }
                default:
                    let wasStopping = isStopping
                    handle(wake, in: &group, at: now())
                    if !wasStopping && isStopping { stream.yield(.stopping) }
                }
                startScans(in: &group, at: now())
            }
            group.cancelAll()
        }
        stream.finish()
    }
}
