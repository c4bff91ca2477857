/// Runs a `Strategy`: the student's loop in a task of its own, and beside it, in the engine, the
/// children that carry what comes from outside the loop to the book and to the loop's task.
extension ScanModel {
    /// The built-in strategy that runs `configuration` on the `Strategy` API, if it has one yet.
    /// `--errors throw` and `collect` and `--take` each have a loop of their own where the plain
    /// loop would not show them; elsewhere `next()` answering `nil` after the last result taken
    /// is all `--take` needs.
    static func strategy(for configuration: RunConfiguration) -> (any Strategy)? {
        let throwing = configuration.errors == .throw
        return switch configuration.strategy {
        case .serial: throwing ? ThrowingSerialLoop() : SerialLoop()
        case .unbounded, .batched:
            if configuration.errors == .collect {
                CollectingWindow()
            } else if configuration.errors == .cancel {
                CancellingWindow()
            } else if configuration.take != nil {
                EarlyReturnWindow()
            } else if throwing {
                ThrowingWindow()
            } else if configuration.strategy == .unbounded {
                UnboundedGroup()
            } else {
                BatchedWindow()
            }
        case .discarding: DiscardingGroup()
        case .reduce: ReducingGroup()
        case .waitForAll: WaitingForAll()
        case .unstructured: UnstructuredTasks(keepsABag: configuration.taskBag, detaches: configuration.detached)
        case .asyncLet: throwing ? ThrowingAsyncLetPairs() : AsyncLetPairs()
        case .stream: ResultStream()
        case .actorQueue: ActorStation(queued: true)
        case .actorReentrant: ActorStation(queued: false)
        case .awaited: AwaitedTasks()
        case .unlessCancelled: UnlessCancelledWindow(cancelsOnFailure: configuration.errors == .cancel)
        case .own: configuration.strategy.added?.strategy
        }
    }

    /// The name of the strategy's task: a serial run's scans run inline in it, and read it.
    var strategyTaskName: String {
        switch configuration.strategy {
        case .serial: ScanChild.serialLoopName
        case .asyncLet: ScanChild.pairLoopName
        case .unbounded, .batched, .discarding, .reduce, .waitForAll, .stream, .unstructured, .actorQueue, .actorReentrant, .awaited, .unlessCancelled, .own: "strategy"
        }
    }

    /// Runs `strategy` until it returns and every scan it took has ended.
    ///
    /// The strategy runs in a task of its own, which the engine cancels when the run begins to
    /// stop (a cancel, a signal, `--fail-fast`), as soon as the stop is booked (`Scans.write`):
    /// its group, or its `async let`s, cancel their children, and `next()` answers `nil`. A thrown
    /// failure and `--take` are the strategy's own to carry out. Nothing else cancels it, not even
    /// a cancel of the run's own task, which the engine books as the stop first: so every
    /// cancellation a scan meets comes after the stop that caused it, or from the strategy's own
    /// structure (a scope left, a bag torn down), which stops nothing.
    ///
    /// The strategy runs with the run's label bound as a task-local value (`RunLabel`), for its
    /// scans to find or miss.
    ///
    /// Beside it, the engine keeps a child that waits for the next control (a key, a signal, a
    /// stop the book began), one that closes admission when `--duration` is up, and one that sends
    /// the cancel at `--cancel-after`.
    func run(_ strategy: any Strategy) async {
        let scans = Scans(book: book, inbox: inbox, sinks: sinks, child: child, origin: origin)
        let label = RunLabel.of(configuration)
        let strategyTask = Task(name: strategyTaskName) {
            // Bound for the loop's whole run: whatever inherits the loop's task-local values can
            // read it (`RunLabel`).
            await RunLabel.$current.withValue(label) { await strategy.run(scans) }
            scans.strategyReturned()
            // Unstructured tasks may run on after the loop that started them.
            scans.loopReturned(bagCancels: false)
        }
        scans.runs(in: strategyTask)
        do {
            try await withThrowingTaskGroup(of: Wake.self) { group in
                group.addTask {
                    await strategyTask.value
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
                        if scans.stopCancelsStrategy {
                            strategyTask.cancel()
                        } else if !scans.isStopping && !strategyReturned {
                            addControlWatcher(to: &group)
                        }
                    case .deadline:
                        scans.closeAdmission()
                    }
                }
            }
        } catch {
            preconditionFailure("the watchers throw nothing: \(error)")
        }
        // Scans the strategy left running (unstructured tasks) book their own ends.
        await scans.waitForEveryScan()
    }
}

extension RunConfiguration {
    /// The file under Sources/SkyCore/Strategies that holds the loop this run runs, for the code
    /// panel: each strategy type on the API is named as its file. `nil` for a package's own.
    public var loopFile: String? {
        switch strategy {
        case .own: nil
        case .serial, .unbounded, .batched, .discarding, .reduce, .waitForAll, .stream, .asyncLet, .unstructured, .actorQueue, .actorReentrant, .awaited, .unlessCancelled:
            ScanModel.strategy(for: self).map { "\(type(of: $0)).swift" }
        }
    }
}
