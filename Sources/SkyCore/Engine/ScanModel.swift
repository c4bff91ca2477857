/// Runs a batch of scans with structured concurrency and owns the truth about them.
///
/// `run()` hands the scans to a strategy (`Sources/SkyCore/Strategies/`, or a package's own), each
/// a different shape of structured concurrency around the same child body (`ScanChild`), written
/// on the `Strategy` API (`ScanModel+Strategy.swift`). The run book (`RunBook`) is written where
/// things happen: a scan's start as the strategy takes it, its end as its child returns, a control
/// as admission takes it. Each is one transition under the book's lock, and its events go to the
/// sinks in the order the book wrote them (`Scans.write`).
///
/// Readers that cannot wait take the same short lock: a dashboard on a plain thread calls
/// `snapshot()` while every pool thread may be busy with scans, and gets the book as it is now.
/// Controls (`send(_:)`) go to an inbox, which admission drains and which wakes the engine.
public actor ScanModel {
    /// Failures kept in each snapshot for the errors panel.
    public static let recentErrorLimit = RunBook.recentErrorLimit
    /// Failures kept for the final summary; older ones are counted, not kept.
    public static let summaryErrorLimit = RunBook.summaryErrorLimit
    /// Scheduled scans held in the ready queue at most.
    public static let queueDepth = RunBook.queueDepth

    public nonisolated let configuration: RunConfiguration
    nonisolated let book: Locked<RunBook>
    nonisolated let inbox = ControlInbox()
    /// What each scan's child reports of itself, per slot, including when it is on a pool thread.
    nonisolated let ledger: SlotLedger
    /// With `--verify`: the scans verified and the mismatches, per core, as the children count them.
    nonisolated let cores: CoreLedger?
    let sinks: [any ScanEventSink]
    let child: ScanChild
    /// When the run started; every event's time is measured from here.
    private(set) var origin = ContinuousClock.now
    /// The same, for readers on any thread; `nil` before the run.
    private nonisolated let started = Locked<ContinuousClock.Instant?>(nil)
    private var hasRun = false

    /// The strategy to run in place of the configuration's built-in one, if any.
    private let ownStrategy: (any Strategy)?

    public init(configuration: RunConfiguration, sinks: [any ScanEventSink] = []) {
        self.init(configuration: configuration, sinks: sinks, strategy: nil)
    }

    /// A run of `strategy`, with `configuration`'s scans and options.
    init(configuration: RunConfiguration, sinks: [any ScanEventSink] = [], strategy: (any Strategy)?) {
        ownStrategy = strategy
        if let problem = configuration.problem { preconditionFailure("a configuration that cannot run: \(problem)") }
        self.configuration = configuration
        self.sinks = sinks
        book = Locked(RunBook(configuration: configuration, recordsEvents: !sinks.isEmpty))
        // A batch can grow while the run goes on, up to the largest batch.
        ledger = SlotLedger(
            slots: configuration.strategy.usesBatch ? RunConfiguration.batchRange.upperBound : configuration.window)
        cores = configuration.verify ? CoreLedger() : nil
        child = ScanChild(
            configuration: configuration, ledger: ledger, cores: cores, isNamed: !sinks.isEmpty,
            catalogue: configuration.catalogue.map(SignalCatalogue.init(mode:)))
    }

    /// The run as it is now. Cheap, and callable from any thread, even while every core is busy.
    public nonisolated func snapshot() -> ScanSnapshot {
        let startedAt = started.withLock { $0 }
        var snapshot = book.withLock { book in
            book.snapshot(at: startedAt.map { .now - $0 } ?? .zero)
        }
        snapshot.startedAt = startedAt
        let threads = ledger.readThreads()
        snapshot.progress.onThread = threads.onThread
        snapshot.progress.onThreadIsExact = threads.isExact
        snapshot.progress.mostSeenOnThread = ledger.mostSeenOnThread
        snapshot.progress.direct = ledger.totals()
        ledger.annotate(&snapshot.slots, into: &snapshot.progress.direct)
        if let cores { snapshot.coreCounts = cores.counts() }
        return snapshot
    }

    /// Sends a control to the run; callable from any thread, before or during the run.
    public nonisolated func send(_ control: ScanControl) {
        inbox.send(control)
    }

    // Nonisolated like `send`: a control needs no turn on the actor, which may be busy.
    public nonisolated func pause() { send(.pause) }
    public nonisolated func resume() { send(.resume) }
    public nonisolated func setBatch(_ batch: Int) { send(.setBatch(batch)) }
    public nonisolated func cancel() { send(.cancel) }
    public nonisolated func step() { send(.step) }

    /// Runs every scan and returns the summary. A model runs once.
    public func run() async -> RunSummary {
        precondition(!hasRun, "a ScanModel runs once")
        hasRun = true
        origin = .now
        started.withLock { [origin] in $0 = origin }
        write { $0.open(at: .zero) }
        // Controls sent before the run (a pause, to step from the first scan) hold from the start.
        for control in inbox.drain() { write { $0.apply(control, at: .zero) } }
        if Task.isCancelled { write { $0.stop(.cancelled, at: .zero) } }

        guard let strategy = ownStrategy ?? Self.strategy(for: configuration) else {
            preconditionFailure("no strategy named \(configuration.strategy.rawValue): RunConfiguration.problem refuses the run")
        }
        await run(strategy)

        if let catalogue = child.catalogue {
            let tally = await catalogue.tally
            write { [now = now()] in $0.closeCatalogue(tally, at: now) }
        }
        // The run's last reading goes just before its end: the most seen, which the summary gives.
        if !sinks.isEmpty { write { [change = ledger.threadsChange(at: now())] _ in [.change(change)] } }
        write { [now = now()] in $0.close(at: now) }
        for sink in sinks { sink.finish() }
        let final = snapshot()
        return book.withLock { $0.summary(final) }
    }

    /// Time since the run started, in whole microseconds: what the events file can write exactly,
    /// so that a replay of the file works from the same times as the run did.
    func now() -> Duration { .microseconds((.now - origin).wholeMicroseconds) }

    /// Carries out one transition of the run book, before or after the strategy runs, and hands
    /// the events it wrote to the sinks, in order.
    func write(_ transition: (inout RunBook) -> [RunEvent]) {
        let events = book.withLock { transition(&$0) }
        for event in events {
            for sink in sinks { sink.record(event) }
        }
    }

    /// The book's retention, for tests of flat memory.
    var retention: RunBook.Retention { book.withLock { $0.retention } }
}
