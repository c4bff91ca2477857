/// **A bounded task group exposed as an `AsyncStream`.**
///
/// A producer task runs the sliding window and yields each result into a stream; this task, the
/// consumer, iterates the stream and books the results. The producer is unstructured, so nothing
/// would cancel it with a parent. When the consumer goes away (it has taken its `--take` results,
/// or the run is cancelled or fails fast), the stream goes with it, and the stream's
/// `onTermination` cancels the producer, whose group then cancels its children.
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
        // Runs once, when the stream ends: `.finished` if the producer finished it, `.cancelled`
        // if the consumer went away first.
        let consumerLeft = Locked(false)
        continuation.onTermination = { termination in
            if case .cancelled = termination { consumerLeft.withLock { $0 = true } }
            producer.cancel()
        }

        // `consume`: the consumer takes the stream for its own, and the stream goes away when the
        // consumer returns. Without it, `results` would keep the stream alive to the end of this
        // function: `onTermination` would never run, and the producer would run on.
        await consumeResults(consume results)
        // The consumer's own task may have been cancelled, which also ends the iteration.
        noticeCancellation(at: now())
        if consumerLeft.withLock({ $0 }) { write { [now = now()] in $0.terminate(at: now) } }
        await producer.value
    }

    /// The consumer: books each result as it arrives, and returns once the run is stopping, which
    /// includes having taken `--take` results.
    private func consumeResults(_ results: consuming AsyncStream<Delivery>) async {
        for await delivery in results {
            if case .result(let report) = delivery {
                settle(report, at: now())
                if tookEnough() { write { [now = now()] in $0.stop(.taken, at: now) } }
                // The slot is free: wake the producer, which may be waiting for a scan to end, or,
                // with nothing left to run, for this result to be taken before it stops.
                if loop.canStart || loop.drained { inbox.ring() }
            }
            if isStopping { return }
        }
    }

    /// The producer: the sliding window, yielding each result instead of booking it.
    private func produce(into stream: AsyncStream<Delivery>.Continuation) async {
        await withThrowingTaskGroup(of: Wake.self) { group in
            addWatchers(to: &group)
            startScans(in: &group, at: now())
            while !isDrained, let wake = try? await group.next() {
                switch wake {
                case .finished(let report):
                    // Once the consumer has gone, nobody takes the result: book it here. Otherwise
                    // it waits in the stream; the consumer, on this actor too, takes it only after
                    // this step, so the book has it delivered first.
                    if case .terminated = stream.yield(.result(report)) {
                        settle(report, at: now())
                    } else {
                        write { [now = now()] in $0.deliver(report, at: now) }
                    }
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
