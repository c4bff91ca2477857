/// **A task group waits for all its children, even when its body returns early.**
///
/// With `--take`, the body of a batched or unbounded group returns once it has taken that many
/// results, and calls no `cancelAll()`. `withThrowingTaskGroup` does not return with it: it waits,
/// implicitly, for every child still running, and drops what they return, results and thrown
/// errors alike, since no `next()` will ever hand them to the body. The wait costs the run as long
/// as its slowest child has left.
///
/// The book still has to see those children end. So in such a run each child also announces its
/// own end (`ChildEnds`), and a bookkeeper books the ends the body never awaited. It is an
/// unstructured task, outside the run's task tree, so that a cancel during the wait cannot stop the
/// bookkeeping while children are still ending.
extension ScanModel {
    /// Runs `strategy`, a group's loop, with the bookkeeper beside it when its body may return early.
    func bookingUnawaitedEnds(of strategy: () async -> Void) async {
        guard let ends = childEnds else { return await strategy() }
        let bookkeeper = Task(name: "bookkeeper") { await self.follow(ends.announced) }
        await strategy()
        // The group has returned: every child has ended, and has announced it.
        ends.close()
        await bookkeeper.value
        write { [now = now()] in $0.closeGroup(at: now) }
    }

    /// The body's early return, without `cancelAll()`: no scan starts after this, and the scans
    /// running go on. The children that wake the loop (the control watcher) are told to end, or the
    /// group would wait for them too.
    func returnEarly(at now: Duration) {
        write { $0.stop(.taken, at: now) }
        bodyHasReturned = true
        // Scans that ended before the return, with their results still in the group: the body
        // took them no more than the ones still running.
        for report in unclaimedEnds.values.sorted(by: { $0.slot < $1.slot }) { bookUnawaited(report) }
        unclaimedEnds = [:]
        inbox.ring()
    }

    /// Every child's end, as it announced it. Until the body returns, the body books what it takes
    /// from the group, and this keeps only each slot's latest end, in case the body never takes it.
    private func follow(_ ends: AsyncStream<ScanReport>) async {
        for await report in ends {
            if bodyHasReturned {
                bookUnawaited(report)
            } else {
                unclaimedEnds[report.slot] = report
            }
        }
    }

    /// Books `report` unless the body took it from the group first.
    func bookUnawaited(_ report: ScanReport) {
        guard book.withLock({ $0.holds(report.scan, slot: report.slot) }) else { return }
        settle(report, at: now())
    }
}

/// Where the children of a group whose body may return early announce their ends, each as it
/// ends, for the bookkeeper to follow.
final class ChildEnds: Sendable {
    let announced: AsyncStream<ScanReport>
    private let continuation: AsyncStream<ScanReport>.Continuation

    init() {
        (announced, continuation) = AsyncStream.makeStream(of: ScanReport.self)
    }

    func announce(_ report: ScanReport) {
        continuation.yield(report)
    }

    /// Every child has ended: the bookkeeper's loop ends once it has read what is left.
    func close() {
        continuation.finish()
    }
}
