import ArgumentParser
import SkyCore
import SkyCompare

/// `sky compare A B [C…]`: the same scans under each strategy or error mode named, one run after
/// another, then the runs side by side.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Run the same scans under two or more strategies or error modes, one after another, and compare them.",
        usage: "sky compare <name> <name> [<name> ...] <options>",
        discussion: """
            Each run has the same seed, total, batch, work and priorities; only the strategy or \
            the error mode named differs. A seed is chosen at random when none is given, and the \
            replay line at the end repeats it. The table gives each run's wall time, throughput, \
            CPU busy share (the process's CPU time over the wall time on every core it may use), \
            the most scans running at once and seen on a thread together, wait and run p50 and p95, failed, \
            cancelled, results lost (completed, then thrown away with a thrown error), and \
            whether the checksums agree. With a terminal, the dashboard stacks the runs' \
            timelines on one time scale; q quits, and the table is printed either way.

            Every run takes the options below, but for the one the names set: --errors \
            applies to every strategy compared, --strategy to both error modes. \
            \(singleRunOptions.joined(separator: ", ")) describe a single run and are refused.

            Examples:
              The loop against the sliding window:
                sky compare serial batched --total 20 --batch 4 --work 100000
              What a thrown error costs, as one JSON document:
                sky compare result throw --failure-rate 0.2 --seed 4 --format json
              Every strategy, headless:
                sky compare serial batched unbounded stream --total 24 --no-tui

            \(ExitStatus.helpBlock(for: .compare))
            """,
        helpNames: Sky.subcommandHelpNames)

    /// Options of `sky` that describe a single run's files or dashboard, which a comparison of
    /// several runs has no use for: refused rather than ignored.
    static let singleRunOptions = ["--events", "--trace", "--metrics-file", "--report-every", "--explain", "--projector", "--counters"]

    @Argument(
        help: ArgumentHelp("Two or more of \(ComparedSetting.accepted), in the order to run them.", valueName: "name"),
        transform: { text in
            guard let setting = ComparedSetting(name: text) else { throw ValidationError("must be one of \(ComparedSetting.accepted)") }
            return setting
        })
    var settings: [ComparedSetting] = []

    @OptionGroup var scans: RunOptions
    @OptionGroup var output: ReportOptions
    /// Taken only to be refused by name, and so left out of the help and the completions.
    @OptionGroup(visibility: .private) var single: SingleRunOptions

    func validate() throws {
        guard settings.count >= 2 else {
            throw ValidationError("sky compare needs two or more names, each one of \(ComparedSetting.accepted)")
        }
        if let other = settings.first(where: { $0.isStrategy != settings[0].isStrategy }) {
            throw ValidationError(
                "'\(settings[0].name)' and '\(other.name)' are not both strategies or both error modes: compare one kind, and set the other with --strategy or --errors")
        }
        if let twice = settings.first(where: { setting in settings.filter { $0 == setting }.count > 1 }) {
            throw ValidationError("'\(twice.name)' is named twice: name each of \(settings[0].kind) once")
        }
        if settings[0].isStrategy && scans.strategy != RunDefaults.strategy {
            throw ValidationError("--strategy: the names choose each run's strategy; leave it out, or compare result and throw under it")
        }
        if !settings[0].isStrategy && scans.errors != RunDefaults.errors {
            throw ValidationError("--errors: the names choose each run's error mode; leave it out, or compare strategies under it")
        }
        let given = [
            single.events != nil, single.trace != nil, single.metricsFile != nil, single.reportEvery != nil, single.explain,
            single.projector, single.counters != RunDefaults.counters,
        ]
        if let flag = zip(Self.singleRunOptions, given).first(where: \.1)?.0 {
            throw ValidationError(
                "\(flag) is for a single run: sky compare takes none of \(Self.singleRunOptions.joined(separator: ", ")) (use it with 'sky' and one strategy)")
        }
    }

    func run() throws {
        let shared = try RunRequest(scans: scans, output: output, single: single, defaults: .sky).makeConfiguration()
        let plan = try ComparisonPlan(settings: settings, shared: shared)
        if !output.noTUI && Terminal.stdinIsTerminal && Terminal.stdoutIsTerminal {
            let dashboard = DashboardComparison(
                plan: plan, format: output.format, colors: !output.noColor && !Terminal.noColorRequested, exitOnDone: output.exitOnDone)
            if let status = dashboard.execute() { throw status.exitCode }
            StandardError.write("sky: this terminal cannot show the dashboard (TERM=\(Terminal.type)); running headless\n")
        }
        throw HeadlessComparison(plan: plan, format: output.format).execute().exitCode
    }
}
