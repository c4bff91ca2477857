/// **Pairs of `async let`, throwing, or taking only some results.**
///
/// The pairs of `AsyncLetPairs.swift` on the engine's loop steps, for `--errors throw` (the first
/// scan's failure is thrown out of the pair's scope) and `--take`.
///
/// Scans run two at a time, each pair as two `async let` bindings in a scope of its own. A pair is
/// one measurement, a sector and its neighbour, so when the first fails the second is worth
/// nothing, and the loop leaves the pair's scope without awaiting it. Swift does not let the child
/// outlive the scope: it cancels the second, then waits for it to end, and only then is the scope
/// left, so the next pair starts after the second has stopped. A task group whose body returns
/// early (`--take`, `UnawaitedChildren.swift`) also waits for its children, but cancels none.
///
/// Swift drops the value of a binding it awaits on the way out. So the second child also leaves
/// its report in the pair's `leftBehind` box, from which the loop books it once the scope is over.
extension ScanModel {
    func runAsyncLetVariant() async {
        await runInLoopTask(named: ScanChild.pairLoopName) { try await self.pairLoop() }
    }

    private func pairLoop() async throws {
        while let first = await nextSerialStart() {
            let second = startNext(at: now())
            if second != nil && loop.wantsAdmission { write { [now = now()] in $0.admit(at: now) } }
            let leftBehind = Locked<ScanReport?>(nil)
            let goesOn = try await runPair(first, second, leftBehind: leftBehind)
            // The pair's scope is over, so its second scan has ended, awaited or not.
            if let report = leftBehind.withLock({ $0 }) { bookUnawaited(report) }
            if !goesOn { return }
        }
    }

    /// One pair, in a scope of its own; returns whether the loop goes on.
    private func runPair(_ first: RunBook.Start, _ second: RunBook.Start?, leftBehind: Locked<ScanReport?>) async throws -> Bool {
        let child = self.child
        async let firstReport = child.run(scan: first.scan, in: first.slot)
        async let secondReport = Self.run(second, on: child, leavingIn: leftBehind)

        let report = await firstReport
        // Each way out of this scope before `secondReport` is awaited cancels the second scan,
        // then waits for it: a throw, `--take`, and a failed first scan.
        if configuration.errors == .throw, case .failure(.failed) = report.outcome { throw ThrownFailure(report: report) }
        settle(report, at: now())
        if tookEnough() {
            write { [now = now()] in $0.stop(.taken, at: now) }
            return false
        }
        guard case .success = report.outcome else { return true }
        if let report = await secondReport { settle(report, at: now()) }
        return true
    }

    /// A pair's second scan, if there is one, with its report left in `box` as well.
    @concurrent
    private static func run(_ start: RunBook.Start?, on child: ScanChild, leavingIn box: Locked<ScanReport?>) async -> ScanReport? {
        guard let start else { return nil }
        let report = await child.run(scan: start.scan, in: start.slot)
        box.withLock { $0 = report }
        return report
    }
}
