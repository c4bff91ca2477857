import ArgumentParser
import SkyCore

/// The options that decide a run's scans, shared by `sky` and `sky soak`. An option left out is
/// `nil` where the two commands' defaults differ; `RunRequest` fills it in.
struct RunOptions: ParsableArguments {
    @Option(
        .count(in: RunConfiguration.totalRange),
        help: "Scans to run (default \(RunDefaults.sky.bound), or none with --duration: the time alone bounds the run).")
    var total: Int?

    @Option(
        .time(in: RunConfiguration.durationRange),
        help: "Start scans for this long, e.g. 90s, 10m or 8h, then let the running ones finish (sky soak: \(RunDefaults.soak.bound) unless --total is given).")
    var duration: Duration?

    @Option(
        .batch,
        help: "Scans running at once, or 'auto' for one per active core (default \(RunDefaults.sky.batch); sky soak: \(RunDefaults.soak.batch)).")
    var batch: BatchSize?

    @Option(.seed, help: "Seed for every scan, failure and priority; random if left out (shown in the summary).")
    var seed: UInt64?

    @Option(
        .fraction, name: .customLong("failure-rate"),
        help: "Fraction of scans that fail, 0 to 1 or a percentage (default \(ArgumentValue.text(fraction: RunDefaults.sky.failureRate)); sky soak: \(ArgumentValue.text(fraction: RunDefaults.soak.failureRate))).")
    var failureRate: Double?

    @Flag(
        inversion: .prefixedNo, exclusivity: .chooseLast,
        help: """
            Check every result against an independent recomputation; a mismatch is a possible hardware fault, exit status \
            \(ExitStatus.verificationFailure.code) (default \(ArgumentValue.text(flag: RunDefaults.sky.verify)); sky soak: \(ArgumentValue.text(flag: RunDefaults.soak.verify))).
            """)
    var verify: Bool?

    @Option(
        .fraction, name: .customLong("inject-corruption"),
        help: "Corrupt this fraction of results after they are computed (0 to 1, or a percentage), to prove that verification catches faults.")
    var injectCorruption: Double = RunDefaults.corruptionRate

    @Option(.priorities, help: "Priority mix high:medium:low in percent, adding up to 100 (default \(RunDefaults.priorities)).")
    var priorities: PriorityMix = RunDefaults.priorities

    @Option(
        .count(in: RunConfiguration.workRange),
        help: "Cost of a scan: lines of 512 pixels to sweep (default \(RunDefaults.work), about 0.5 s on one core; 0 makes a scan nearly free).")
    var work: Int = RunDefaults.work

    @Flag(
        name: .customLong("fail-fast"),
        help: "Cancel the remaining scans at the first failure; exit status \(ExitStatus.failure.code).")
    var failFast = false

    @Option(
        .choice(),
        help: "How scans reach the pool: \(ArgumentValue.described(ScanStrategy.self, by: \.summary)) (default \(RunDefaults.strategy.rawValue)).")
    var strategy: ScanStrategy = RunDefaults.strategy

    @Option(.choice(), help: "What a failure does: \(ArgumentValue.described(ErrorMode.self, by: Self.meaning)) (default \(RunDefaults.errors.rawValue)).")
    var errors: ErrorMode = RunDefaults.errors

    @Option(
        .speed,
        help: "Slow motion: a fraction of full speed, e.g. 0.25 gives each scan four times the work on its thread, so it takes four times as long and stays CPU-bound (default \(ArgumentValue.text(fraction: RunDefaults.speed))).")
    var speed: Double = RunDefaults.speed

    @Option(
        .time(in: RunConfiguration.spacingRange),
        help: "With --strategy \(Self.takers(of: .spacing)): the gap between one scan's end and the next one's start, e.g. 2s or 500ms.")
    var spacing: Duration = RunDefaults.spacing

    @Option(
        .time(in: RunConfiguration.durationRange), name: .customLong("cancel-after"),
        help: "Cancel the run this long after it starts, as the c key does, e.g. 3s: a cancellation without a keyboard.")
    var cancelAfter: Duration?

    @Option(
        .fraction, name: .customLong("ignore-cancellation"),
        help: "Fraction of scans whose child never checks for cancellation, 0 to 1 or a percentage, chosen from the seed: a cancel does not stop them, and they run to their end.")
    var ignoreCancellation: Double = RunDefaults.ignoreCancellationRate

    @Option(
        .choice(), name: .customLong("cancel-check"),
        help: "How each sweep checks for cancellation between its chunks: \(ArgumentValue.described(CancelCheck.self, by: Self.meaning)) (default \(RunDefaults.cancelCheck.rawValue)).")
    var cancelCheck: CancelCheck = RunDefaults.cancelCheck

    @Option(
        .count(in: RunConfiguration.takeRange),
        help: "Stop taking results after this many (not with --duration, nor --strategy \(RunConfiguration.list(ScanStrategy.allCases.filter { !$0.takes.contains(.take) }.map(\.rawValue)))): a stream's consumer goes, and its onTermination cancels the producer; a group's body returns, and the group waits for its running children; the serial loop stops.")
    var take: Int?

    @Option(
        .choice(),
        help: "Hand every completed result to a catalogue actor, from each child's own task: \(ArgumentValue.described(CatalogueMode.self, by: Self.meaning)). With --strategy \(Self.takers(of: .catalogue)).")
    var catalogue: CatalogueMode?

    @Flag(
        name: .customLong("task-bag"),
        help: "With --strategy \(Self.takers(of: .taskBag)): keep the tasks in a bag that cancels them when it is torn down, so they stop with the loop that started them.")
    var taskBag = false

    @Flag(
        help: "With --strategy \(Self.takers(of: .detached)): start each scan in a Task.detached {} rather than a Task {}, so it inherits none of the loop's task-local values, such as the run's label.")
    var detached = false

    @Flag(
        name: .customLong("no-yield"),
        help: "Scans never yield their thread (they still check for cancellation): CPU-bound children fill the pool, and the actor's counters wait behind them.")
    var noYield = false

    /// The strategies that take `option`, as help names them: `serial or actor-queue`.
    private static func takers(of option: StrategyOption) -> String {
        RunConfiguration.list(option.strategies.map(\.rawValue))
    }

    /// What `--errors` does with `mode`, for its help: every mode has a line, so a new one is listed.
    private static func meaning(of mode: ErrorMode) -> String {
        switch mode {
        case .result: "wrapped, the group goes on"
        case .throw:
            "the first failure is thrown out of what runs the scans: with --strategy \(RunConfiguration.throwingStrategies); exit status \(ExitStatus.failure.code)"
        case .collect:
            "as throw, with the body collecting every result in an array it returns at the end, which the throw loses; with --strategy \(takers(of: .errorsCollect))"
        case .cancel:
            "the body that takes a failure cancels the group with cancelAll() and goes on adding the next scans; with --strategy \(takers(of: .errorsCancel))"
        }
    }

    /// What `--catalogue` does with `mode`, for its help.
    private static func meaning(of mode: CatalogueMode) -> String {
        switch mode {
        case .racy: "it reads its count, awaits, writes it back; reentrancy loses updates"
        case .safe: "it counts, then awaits"
        }
    }

    /// What `--cancel-check` does with `check`, for its help.
    private static func meaning(of check: CancelCheck) -> String {
        switch check {
        case .flag: "reads Task.isCancelled, keeps nothing"
        case .throw: "try Task.checkCancellation(): the CancellationError takes the lines swept with it"
        case .partial: "reads Task.isCancelled and hands back the lines swept so far"
        case .handler: "reads a stop flag that withTaskCancellationHandler's handler raises at the cancel"
        }
    }
}
