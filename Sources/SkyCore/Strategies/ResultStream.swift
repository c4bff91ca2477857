/// **A bounded task group exposed as an `AsyncStream`: `onTermination` cancels the producer.**
///
/// A producer task runs the sliding window of `BatchedWindow.swift` and yields each result into a
/// stream, made with `AsyncStream.makeStream`; this task, the consumer, takes the results with
/// `for await`. The producer is an unstructured `Task`, so nothing would cancel it along with the
/// consumer. The stream's `onTermination` does: it runs once the stream ends, `.finished` when
/// the producer finished it after the last scan, `.cancelled` when the consumer went first (it has
/// taken its `--take` results, or the run was cancelled and its task with it). Then it calls
/// `producer.cancel()`, and the producer's group cancels its children.
///
/// A second stream runs the other way: the consumer hands back a slot for each result it takes,
/// and the producer reuses a slot only then. So a slow consumer holds the producer back, and the
/// results in flight, in the group or in the stream, are never more than the batch.
struct ResultStream: Strategy {
    func run(_ scans: Scans) async {
        let (results, continuation) = AsyncStream.makeStream(of: ScanOutcome.self)
        let (freedSlots, slotFreed) = AsyncStream.makeStream(of: Void.self)
        let producer = Task(name: "stream producer") {
            await withTaskGroup(of: ScanOutcome.self) { group in
                var freed = freedSlots.makeAsyncIterator()
                var inFlight = 0
                while inFlight < scans.batch, let scan = await scans.next() {
                    group.addTask(name: scan.name, priority: scan.priority) {
                        await scan.run()
                    }
                    inFlight += 1
                }
                for await outcome in group {
                    continuation.yield(outcome)
                    // The slot is free once the consumer has taken the result.
                    await freed.next()
                    inFlight -= 1
                    while inFlight < scans.batch, let scan = await scans.next() {
                        group.addTask(name: scan.name, priority: scan.priority) {
                            await scan.run()
                        }
                        inFlight += 1
                    }
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { termination in
            // The consumer went first: the run book writes it down (`terminated`).
            if case .cancelled = termination { scans.streamTerminated() }
            slotFreed.finish()
            producer.cancel()
        }
        // `consume`: the consumer takes the stream for its own, and the stream goes away when the
        // consumer returns. Without it, `results` would keep the stream alive to the end of this
        // function: `onTermination` would never run, and the producer would run on.
        await consumeResults(consume results, freeing: slotFreed, scans)
        await producer.value
    }

    /// The consumer: takes each result as it comes, hands its slot back, and goes once it has
    /// `--take` of them.
    private func consumeResults(
        _ results: consuming AsyncStream<ScanOutcome>, freeing slotFreed: AsyncStream<Void>.Continuation, _ scans: Scans
    ) async {
        var taken = 0
        for await _ in results {
            taken += 1
            if scans.hasEnough(taken) { return }
            slotFreed.yield()
        }
    }
}
