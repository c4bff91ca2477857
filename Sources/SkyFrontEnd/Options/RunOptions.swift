import ArgumentParser
import SkyCore

/// The options that decide a run's scans, shared by `sky` and `sky soak`. An option left out is
/// `nil` where the two commands' defaults differ; `RunRequest` fills it in.
struct RunOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Scans to run (default \(RunDefaults.sky.bound), or none with --duration: the time alone bounds the run).", valueName: "n"),
        transform: { try ArgumentValue.integer($0, in: RunConfiguration.totalRange) })
    var total: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Start scans for this long, e.g. 90s, 10m or 8h, then let the running ones finish (sky soak: \(RunDefaults.soak.bound) unless --total is given).",
            valueName: "time"),
        transform: { try ArgumentValue.duration($0, in: RunConfiguration.durationRange) })
    var duration: Duration?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Scans running at once, or 'auto' for one per active core (default \(RunDefaults.sky.batch); sky soak: \(RunDefaults.soak.batch)).",
            valueName: "n|auto"),
        transform: { try BatchSize(parsing: $0) })
    var batch: BatchSize?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Seed for every scan, failure and priority; random if left out (shown in the summary).", valueName: "s"),
        transform: { try ArgumentValue.seed($0) })
    var seed: UInt64?

    @Option(
        name: .customLong("failure-rate"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Fraction of scans that fail, 0 to 1 or a percentage (default \(ArgumentValue.text(fraction: RunDefaults.sky.failureRate)); sky soak: \(ArgumentValue.text(fraction: RunDefaults.soak.failureRate))).",
            valueName: "p"),
        transform: { try ArgumentValue.fraction($0) })
    var failureRate: Double?

    @Flag(
        inversion: .prefixedNo, exclusivity: .chooseLast,
        help: """
            Check every result against an independent recomputation; a mismatch is a possible hardware fault, exit status \
            \(ExitStatus.verificationFailure.code) (default \(ArgumentValue.text(flag: RunDefaults.sky.verify)); sky soak: \(ArgumentValue.text(flag: RunDefaults.soak.verify))).
            """)
    var verify: Bool?

    @Option(
        name: .customLong("inject-corruption"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Corrupt this fraction of results after they are computed (0 to 1, or a percentage), to prove that verification catches faults.",
            valueName: "p"),
        transform: { try ArgumentValue.fraction($0) })
    var injectCorruption: Double = RunDefaults.corruptionRate

    @Option(
        help: ArgumentHelp(
            "Priority mix high:medium:low in percent, adding up to 100 (default \(RunDefaults.priorities)).", valueName: "H:M:L"),
        transform: { try ArgumentValue.priorityMix($0) })
    var priorities: PriorityMix = RunDefaults.priorities

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Cost of a scan: lines of 512 pixels to sweep (default \(RunDefaults.work), about 0.5 s on one core; 0 makes a scan nearly free).",
            valueName: "n"),
        transform: { try ArgumentValue.integer($0, in: RunConfiguration.workRange) })
    var work: Int = RunDefaults.work

    @Flag(
        name: .customLong("fail-fast"),
        help: "Cancel the remaining scans at the first failure; exit status \(ExitStatus.failure.code).")
    var failFast = false

    @Option(
        help: ArgumentHelp(
            "How scans reach the pool: \(RunConfiguration.list(ScanStrategy.allCases.map { "\($0.rawValue) (\($0.summary))" })) (default \(RunDefaults.strategy.rawValue)).",
            valueName: ArgumentValue.names(of: ScanStrategy.self).joined(separator: "|")),
        // Read when the parser reads the options, after `OwnStrategy.add`: a package's own strategies too.
        completion: .list(ArgumentValue.names(of: ScanStrategy.self)),
        transform: { try ArgumentValue.choice($0) })
    var strategy: ScanStrategy = RunDefaults.strategy

    @Option(
        help: ArgumentHelp(
            "What a failure does: \(RunConfiguration.list(ErrorMode.allCases.map { "\($0.rawValue) (\(Self.meaning(of: $0)))" })) (default \(RunDefaults.errors.rawValue)).",
            valueName: ArgumentValue.names(of: ErrorMode.self).joined(separator: "|")),
        completion: .list(ArgumentValue.names(of: ErrorMode.self)),
        transform: { try ArgumentValue.choice($0) })
    var errors: ErrorMode = RunDefaults.errors

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Slow motion: a fraction of full speed, e.g. 0.25 gives each scan four times the work on its thread, so it takes four times as long and stays CPU-bound (default \(ArgumentValue.text(fraction: RunDefaults.speed))).",
            valueName: "f"),
        transform: { try ArgumentValue.speed($0) })
    var speed: Double = RunDefaults.speed

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("With --strategy \(Self.takers(of: .spacing)): the gap between one scan's end and the next one's start, e.g. 2s or 500ms.", valueName: "time"),
        transform: { try ArgumentValue.duration($0, in: RunConfiguration.spacingRange) })
    var spacing: Duration = RunDefaults.spacing

    @Option(
        name: .customLong("cancel-after"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Cancel the run this long after it starts, as the c key does, e.g. 3s: a cancellation without a keyboard.", valueName: "time"),
        transform: { try ArgumentValue.duration($0, in: RunConfiguration.durationRange) })
    var cancelAfter: Duration?

    @Option(
        name: .customLong("ignore-cancellation"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Fraction of scans whose child never checks for cancellation, 0 to 1 or a percentage, chosen from the seed: a cancel does not stop them, and they run to their end.",
            valueName: "p"),
        transform: { try ArgumentValue.fraction($0) })
    var ignoreCancellation: Double = RunDefaults.ignoreCancellationRate

    @Option(
        name: .customLong("cancel-check"),
        help: ArgumentHelp(
            "How each sweep checks for cancellation between its chunks: \(RunConfiguration.list(CancelCheck.allCases.map { "\($0.rawValue) (\(Self.meaning(of: $0)))" })) (default \(RunDefaults.cancelCheck.rawValue)).",
            valueName: ArgumentValue.names(of: CancelCheck.self).joined(separator: "|")),
        completion: .list(ArgumentValue.names(of: CancelCheck.self)),
        transform: { try ArgumentValue.choice($0) })
    var cancelCheck: CancelCheck = RunDefaults.cancelCheck

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Stop taking results after this many (not with --duration, nor --strategy \(RunConfiguration.list(ScanStrategy.allCases.filter { !$0.takes.contains(.take) }.map(\.rawValue)))): a stream's consumer goes, and its onTermination cancels the producer; a group's body returns, and the group waits for its running children; the serial loop stops.",
            valueName: "n"),
        transform: { try ArgumentValue.integer($0, in: RunConfiguration.takeRange) })
    var take: Int?

    @Option(
        help: ArgumentHelp(
            "Hand every completed result to a catalogue actor, from each child's own task: \(RunConfiguration.list(CatalogueMode.allCases.map { "\($0.rawValue) (\(Self.meaning(of: $0)))" })). With --strategy \(Self.takers(of: .catalogue)).",
            valueName: ArgumentValue.names(of: CatalogueMode.self).joined(separator: "|")),
        completion: .list(ArgumentValue.names(of: CatalogueMode.self)),
        transform: { try ArgumentValue.choice($0) })
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
