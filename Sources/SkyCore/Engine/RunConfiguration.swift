/// Everything that decides a run. Equal configurations give equal scans, failures and checksums.
///
/// Any value can be built; whether it can run is `problem`'s to say, and the engine runs only a
/// configuration with none.
public struct RunConfiguration: Equatable, Sendable {
    /// The accepted ranges; the CLI quotes them in its errors.
    public static let totalRange = 1...1_000_000_000
    public static let batchRange = 1...4096
    public static let workRange = 0...100_000_000
    public static let failureRateRange = 0.0...1.0
    /// `--speed`: 1 is full speed; 0.01 makes a scan take a hundred times as long.
    public static let speedRange = 0.01...1.0
    /// `--spacing`, the gap between two serial scans.
    public static let spacingRange = Duration.zero ... .seconds(3600)
    /// The most scans an unbounded run may hold: every one is a child task at once, so its memory
    /// grows with the total (about a kilobyte each), which is the point it makes.
    public static let unboundedLimit = 10_000
    /// Lines per scan by default: about half a second on one core of this machine.
    public static let defaultWork = 500_000
    /// The fraction of scans that fail by default: enough that a short run shows a few.
    public static let defaultFailureRate = 0.1
    /// What a run uses for a setting it is not given; the front end's options (`RunDefaults`)
    /// read them from here. The book's loop at full speed, with no pause between scans.
    public static let defaultStrategy = ScanStrategy.batched
    public static let defaultPriorityMix = PriorityMix.standard
    public static let defaultErrors = ErrorMode.result
    public static let defaultCancelCheck = CancelCheck.flag
    public static let defaultSpeed = 1.0
    public static let defaultSpacing = Duration.zero
    /// Scans yield their thread; no result is checked or corrupted; every child checks for
    /// cancellation.
    public static let defaultYields = true
    public static let defaultVerify = false
    public static let defaultCorruptionRate = 0.0
    public static let defaultIgnoreCancellationRate = 0.0
    /// `--duration`: from a millisecond (for tests) to a week.
    public static let durationRange = Duration.milliseconds(1) ... .seconds(7 * 24 * 3600)
    /// `--inject-corruption`: the fraction of results corrupted after they are computed.
    public static let corruptionRateRange = 0.0...1.0
    /// The most results a collecting body (`--errors collect`) may hold: like an unbounded group,
    /// its array grows with the total, which is the point it makes.
    public static let collectLimit = unboundedLimit
    /// `--ignore-cancellation`: the fraction of scans whose child never checks for cancellation.
    public static let ignoreCancellationRateRange = 0.0...1.0
    /// `--take`: how many results the run's consumer takes before it stops.
    public static let takeRange = 1...totalRange.upperBound

    /// The most scans to run; `nil` when the run is bounded by `duration` alone.
    public var total: Int?
    /// How long scans keep starting; the running ones then finish (the run drains). `nil` runs
    /// until `total` scans have finished.
    public var duration: Duration?
    public var batch: Int
    public var seed: UInt64
    public var failureRate: Double
    public var priorityMix: PriorityMix
    /// Lines per sector, 512 pixels each; 0 makes a scan nearly free (for overhead measurement).
    public var work: Int
    /// Cancel the rest of the run at the first failure.
    public var failFast: Bool
    public var strategy: ScanStrategy
    public var errors: ErrorMode
    /// Slow motion: each scan does `1 / speed` times its work on its thread, so it takes that much
    /// longer and stays CPU-bound, with the same result (`SlowMotion`).
    public var speed: Double
    /// Serial runs and the actor's queue only: the pause between one scan's end and the next
    /// one's start.
    public var spacing: Duration
    /// Whether scans yield their thread about once a millisecond (`--no-yield` turns it off).
    public var yields: Bool
    /// Check every result against an independent recomputation (`ReferenceSweep`).
    public var verify: Bool
    /// The fraction of results corrupted after they are computed and before they are checked, to
    /// prove that verification catches a fault (`--inject-corruption`).
    public var corruptionRate: Double
    /// `--cancel-after`: the run cancels itself this long after it starts, as the `c` key does, so
    /// that a cancellation can be shown without a keyboard (a headless lesson, a script).
    public var cancelAfter: Duration?
    /// The fraction of scans whose child never checks for cancellation, chosen from the seed: a
    /// cancel does not stop them, and they run to their end (`--ignore-cancellation`).
    public var ignoreCancellationRate: Double
    /// `--catalogue`: every completed result is handed to a catalogue actor from its child's task,
    /// which counts it racily (read, await, write back) or safely; `nil` for no catalogue.
    public var catalogue: CatalogueMode?
    /// `--task-bag`, with `--strategy unstructured`: the loop keeps its tasks in a bag that cancels
    /// them when it is torn down, so they stop with the loop.
    public var taskBag: Bool
    /// `--take`: the run's consumer stops after taking this many results, and the strategy shows
    /// what that does to the scans still running (`RunEnding.taken`); `nil` takes every result.
    public var take: Int?
    /// `--cancel-check`: how each sweep looks for cancellation, and whether a scan cancelled
    /// part-way hands back what it swept (`partial`) or throws it away (`throw`).
    public var cancelCheck: CancelCheck
    /// `--detached`, with `--strategy unstructured`: each scan in a `Task.detached {}` rather than a
    /// `Task {}`, so it inherits none of the loop's task-local values (`RunLabel`).
    public var detached: Bool

    public init(
        total: Int?, duration: Duration? = nil, batch: Int, seed: UInt64, failureRate: Double = defaultFailureRate,
        priorityMix: PriorityMix = defaultPriorityMix, work: Int = defaultWork, failFast: Bool = false,
        strategy: ScanStrategy = defaultStrategy, errors: ErrorMode = defaultErrors, speed: Double = defaultSpeed,
        spacing: Duration = defaultSpacing, yields: Bool = defaultYields, verify: Bool = defaultVerify,
        corruptionRate: Double = defaultCorruptionRate, cancelAfter: Duration? = nil,
        ignoreCancellationRate: Double = defaultIgnoreCancellationRate, take: Int? = nil, taskBag: Bool = false,
        catalogue: CatalogueMode? = nil, cancelCheck: CancelCheck = defaultCancelCheck, detached: Bool = false
    ) {
        self.total = total
        self.duration = duration
        self.batch = batch
        self.seed = seed
        self.failureRate = failureRate
        self.priorityMix = priorityMix
        self.work = work
        self.failFast = failFast
        self.strategy = strategy
        self.errors = errors
        self.speed = speed
        self.spacing = spacing
        self.yields = yields
        self.verify = verify
        self.corruptionRate = corruptionRate
        self.cancelAfter = cancelAfter
        self.ignoreCancellationRate = ignoreCancellationRate
        self.take = take
        self.taskBag = taskBag
        self.catalogue = catalogue
        self.cancelCheck = cancelCheck
        self.detached = detached
    }

    /// How many scans may run at once when the run starts: serial runs one, unbounded runs all.
    public var window: Int {
        switch strategy {
        case .serial, .awaited: 1
        // Two `async let` bindings, written in the code.
        case .asyncLet: 2
        // An unbounded run has a total (the CLI insists), at most `unboundedLimit`.
        case .unbounded, .reduce, .waitForAll: total ?? Self.unboundedLimit
        case .batched, .discarding, .stream, .unstructured, .actorQueue, .actorReentrant, .unlessCancelled, .own: batch
        }
    }

    /// The plan of scan `index`, derived, never stored.
    public func plan(_ index: Int) -> ScanPlan {
        ScanPlan(
            seed: seed, index: index, lines: work, failureRate: failureRate, mix: priorityMix,
            corruptionRate: corruptionRate, ignoreCancellationRate: ignoreCancellationRate)
    }

    /// Whether scan `index`'s child checks for cancellation: the same as its plan's, for a
    /// fraction of the work.
    public func checksCancellation(of index: Int) -> Bool {
        ScanPlan.checksCancellation(seed: seed, index: index, ignoreRate: ignoreCancellationRate)
    }

    /// The priority of scan `index`: the same as its plan's, for a fraction of the work.
    public func priority(of index: Int) -> ScanPriority {
        ScanPlan.priority(seed: seed, index: index, mix: priorityMix)
    }
}
