/// Runs a `Strategy`: the student's loop in a task of its own, and beside it, in the engine, the
/// children that carry what comes from outside the loop to the book and to the loop's task.
extension ScanModel {
    /// The built-in strategy that runs `configuration` on the `Strategy` API, if it has one yet.
    static func strategy(for configuration: RunConfiguration) -> (any Strategy)? {
        guard configuration.errors == .result && configuration.take == nil else { return nil }
        return switch configuration.strategy {
        case .serial: SerialLoop()
        case .unbounded: UnboundedGroup()
        case .batched: BatchedWindow()
        case .stream, .asyncLet, .unstructured, .actorQueue, .actorReentrant: nil
        }
    }

    /// The name of the strategy's task: a serial run's scans run inline in it, and read it.
    var strategyTaskName: String { configuration.strategy == .serial ? ScanChild.serialLoopName : "strategy" }

    /// Runs `strategy` until it returns and every scan it took has ended.
    ///
    /// Beside the strategy's task, the engine keeps a child that waits for the next control (a
    /// key, a signal, a stop the book began), one that closes admission when `--duration` is up,
    /// and one that sends the cancel at `--cancel-after`. When the run begins to stop, the
    /// strategy's task is cancelled: its group, or its `async let`s, cancel their children, and
    /// `next()` answers `nil`.
    func run(_ strategy: any Strategy) async {
        let scans = Scans(book: book, inbox: inbox, sinks: sinks, child: child, origin: origin)
        let name = strategyTaskName
        do {
            try await withThrowingTaskGroup(of: Wake.self) { group in
                group.addTask(name: name) {
                    await strategy.run(scans)
                    return .loopEnded
                }
                addWatchers(to: &group)
                var strategyReturned = false
                while let wake = try await group.next() {
                    switch wake {
                    case .loopEnded:
                        strategyReturned = true
                        group.cancelAll()
                    case .control:
                        scans.takeControls()
                        // The watcher also returns when the run's own task is cancelled.
                        if Task.isCancelled { scans.noticeCancellation() }
                        if scans.isStopping {
                            group.cancelAll()
                        } else if !strategyReturned {
                            addControlWatcher(to: &group)
                        }
                    case .deadline:
                        scans.closeAdmission()
                    case .finished, .jobReturned:
                        break
                    }
                }
            }
        } catch {
            preconditionFailure("the strategy and the watchers throw nothing: \(error)")
        }
        // Scans the strategy did not await (unstructured tasks) book their own ends.
        await scans.waitForEveryScan()
    }
}
