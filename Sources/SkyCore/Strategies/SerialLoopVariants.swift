/// **The serial loop, throwing, or taking only some results.**
///
/// The loop of `SerialLoop.swift`, with `--errors throw` (a failure is thrown out of the loop, so
/// no scan starts after it) or `--take` (the loop stops after that many results).
///
/// An actor does not serialise across its own `await`s: while the loop awaits a scan, this actor
/// takes controls and serves snapshots. The order comes from the loop itself, which starts a scan
/// only after the last one has ended. The loop runs as a child task, so that a cancel reaches the
/// scan it awaits; with `--errors throw`, a failure is thrown out of the loop like any `try`.
/// There is no child task per scan, so the loop's task is named for the loop (`serial loop`), and
/// that is the name each scan reads about itself.
extension ScanModel {
    func runSerialVariant() async {
        await runInLoopTask(named: ScanChild.serialLoopName) { try await self.serialLoop() }
    }

    /// Runs `loop` as a child task beside the watchers, so that a cancel reaches what it awaits.
    func runInLoopTask(named name: String, _ loop: @escaping @Sendable () async throws -> Void) async {
        do {
            try await withThrowingTaskGroup(of: Wake.self) { group in
                addWatchers(to: &group)
                group.addTask(name: name) {
                    try await loop()
                    return .loopEnded
                }
                while let wake = try await group.next() {
                    if case .loopEnded = wake { break }
                    handle(wake, in: &group, at: now())
                    // A cancel cancels the loop's child, and so the scan it awaits.
                    if isStopping { group.cancelAll() }
                }
                group.cancelAll()
            }
        } catch let thrown as ThrownFailure {
            settleThrown(thrown)
        } catch {
            preconditionFailure("the loop throws only ThrownFailure: \(error)")
        }
    }

    private func serialLoop() async throws {
        while let start = await nextSerialStart() {
            // The loop's own task runs the scan: awaited right here, never two at once.
            let report = await child.run(scan: start.scan, in: start.slot)
            if configuration.errors == .throw, case .failure(.failed) = report.outcome {
                throw ThrownFailure(report: report)
            }
            settle(report, at: now())
            if tookEnough() {
                // `--take`: the loop stops. Nothing else runs; there is nothing to wait for.
                write { [now = now()] in $0.stop(.taken, at: now) }
                return
            }
            if configuration.spacing > .zero && !isDrained { await sleepGap() }
        }
    }

    /// `--spacing`: sleeps between one scan's end and the next one's start, the book knowing when
    /// the sleep ends. It ends early when `--duration` runs out: no scan would start after it.
    func sleepGap() async {
        var gapEnd = ContinuousClock.now + configuration.spacing
        if let duration = configuration.duration { gapEnd = min(gapEnd, origin + duration) }
        let until = Duration.microseconds((gapEnd - origin).wholeMicroseconds)
        write { [now = now()] in $0.beginGap(until: until, at: now) }
        // A cancel cuts the sleep short.
        try? await Task.sleep(until: gapEnd, clock: .continuous)
        // Woken at the deadline, the sleeper may run before the deadline's own watcher.
        write { [now = now()] in $0.endGap(at: now) + $0.closeAdmission(at: now) }
    }

    /// The next scan to run, once the book lets it start: parked while paused, `nil` once the
    /// run is drained or stopping.
    func nextSerialStart() async -> RunBook.Start? {
        while true {
            let now = now()
            takeControls(at: now)
            noticeCancellation(at: now)
            if let start = startNext(at: now) {
                if loop.wantsAdmission { write { $0.admit(at: now) } }
                return start
            }
            if isStopping || isDrained || Task.isCancelled { return nil }
            // Paused, or the time is up with nothing left: wait for a control or the deadline.
            await withCheckedContinuation { serialGate = $0 }
        }
    }
}
