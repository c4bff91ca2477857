import ArgumentParser
import SkyCore
import SkyReport
import SkyTUI

/// `sky`: run a batch of scans and report them.
struct Sky: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sky",
        abstract: "Simulate a satellite scanning deep space, with Swift structured concurrency.",
        discussion: """
            Each scan sweeps a procedural star field, blurs it and counts the signals it finds: \
            real CPU work. At most --batch scans run at once in a task group; each finished scan \
            frees a slot for the highest-priority waiting scan. Failures are simulated, chosen \
            from the seed, and wrapped in Result so the run goes on.

            Examples:
              The canonical run:
                sky --total 20 --batch 4
              Every core, shorter scans:
                sky --total 200 --batch auto --work 100000
              Without the dashboard, for logs and pipes:
                sky --total 100 --work 50000 --no-tui
              Stop at the first failure (exit status 1):
                sky --seed 7 --failure-rate 0.3 --fail-fast
              Watch high priorities start first:
                sky --priorities 60:30:10 --batch 1
              A JSON summary on stdout and a JSON Lines event log:
                sky --total 1000 --work 1000 --format json --events run.jsonl
              Every scan in the group at once; watch how many really get a thread:
                sky --strategy unbounded --total 24
              The first failure thrown out of the group cancels the rest:
                sky --errors throw --failure-rate 0.2 --seed 4
              One at a time, two seconds apart, in slow motion:
                sky --strategy serial --spacing 2s --speed 0.5 --total 6
              Scans that never yield starve the actor; watch its counters lag:
                sky --batch 8 --work 2000000 --no-yield --counters direct
              Guided lessons:
                sky lesson
              A soak test of every core for 8 hours, every result verified:
                sky soak --duration 8h --report-every 1m --metrics-file /var/lib/node_exporter/sky.prom
              Measure Sky against C, across the cores, and its own overhead:
                sky bench

            Dashboard keys (when stdout is a terminal):
              q, Esc, Ctrl-C  quit: cancel the running scans and print the summary
              space           pause or resume (running scans finish, no new ones start)
              n               while paused: start one more scan (one scheduling step)
              c               cancel the run and stay to see how fast the scans stopped
              + and -         grow or shrink the batch while the run goes on
              e               switch between the errors and the explain panel
              s then r        after a run: choose another strategy, then rerun
              ?               what each panel shows

            Exit status:
              0    the run finished (simulated failures are part of a run)
              1    --fail-fast or --errors throw stopped the run at a failure
              3    a result failed verification: possible hardware fault (wins over
                   every status below)
              64   bad input
              74   the events file or the metrics file could not be written in full
              129  SIGHUP, 130 SIGINT (Ctrl-C), 143 SIGTERM: stopped early; the summary,
                   the events file and the metrics file are still complete
            """,
        version: SkyVersion.current)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Scans to run (default 20, or none with --duration: the time alone bounds the run).", valueName: "n"),
        transform: { try ArgumentValue.integer($0, in: RunConfiguration.totalRange) })
    var total: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Start scans for this long, e.g. 90s, 10m or 8h, then let the running ones finish (sky soak: 10m unless --total is given).",
            valueName: "time"),
        transform: { try ArgumentValue.duration($0, in: RunConfiguration.durationRange) })
    var duration: Duration?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Scans running at once, or 'auto' for one per active core (default 4; sky soak: auto).", valueName: "n|auto"),
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
        help: ArgumentHelp("Fraction of scans that fail, 0 to 1 or a percentage (default 0.1; sky soak: 0).", valueName: "p"),
        transform: { try ArgumentValue.fraction($0) })
    var failureRate: Double?

    @Flag(
        inversion: .prefixedNo, exclusivity: .chooseLast,
        help: "Check every result against an independent recomputation; a mismatch is a possible hardware fault, exit status 3 (default off; sky soak: on).")
    var verify: Bool?

    @Option(
        name: .customLong("inject-corruption"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Corrupt this fraction of results after they are computed (0 to 1, or a percentage), to prove that verification catches faults.",
            valueName: "p"),
        transform: { try ArgumentValue.fraction($0) })
    var injectCorruption: Double = 0

    @Option(
        help: ArgumentHelp("Priority mix high:medium:low in percent, adding up to 100 (default 20:50:30).", valueName: "H:M:L"),
        transform: { try ArgumentValue.priorityMix($0) })
    var priorities: PriorityMix = .standard

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Cost of a scan: lines of 512 pixels to sweep (default 500000, about 0.5 s on one core; 0 makes a scan nearly free).",
            valueName: "n"),
        transform: { try ArgumentValue.integer($0, in: RunConfiguration.workRange) })
    var work: Int = RunConfiguration.defaultWork

    @Flag(name: .customLong("fail-fast"), help: "Cancel the remaining scans at the first failure; exit status 1.")
    var failFast = false

    @Option(
        help: ArgumentHelp(
            "How scans reach the pool: serial (a plain loop), unbounded (all at once), batched (a sliding window) or stream (the window through an AsyncStream) (default batched).",
            valueName: "serial|unbounded|batched|stream"),
        transform: { try ArgumentValue.choice($0) })
    var strategy: ScanStrategy = .batched

    @Option(
        help: ArgumentHelp(
            "What a failure does: result (wrapped, the group goes on) or throw (a throwing group: the first failure cancels the rest; exit status 1) (default result).",
            valueName: "result|throw"),
        transform: { try ArgumentValue.choice($0) })
    var errors: ErrorMode = .result

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Slow motion: a fraction of full speed, e.g. 0.25 takes four times as long (default 1).", valueName: "f"),
        transform: { try ArgumentValue.speed($0) })
    var speed: Double = 1

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("With --strategy serial: the gap between one scan's end and the next one's start, e.g. 2s or 500ms.", valueName: "time"),
        transform: { try ArgumentValue.duration($0, in: RunConfiguration.spacingRange) })
    var spacing: Duration = .zero

    @Flag(
        name: .customLong("no-yield"),
        help: "Scans never yield their thread (they still check for cancellation): CPU-bound children fill the pool, and the actor's counters wait behind them.")
    var noYield = false

    @Option(
        help: ArgumentHelp(
            "Where the dashboard's finished counts come from: via-actor (the actor's own, which wait for a thread) or direct (counted by each child as it ends) (default via-actor).",
            valueName: "via-actor|direct"),
        transform: { try ArgumentValue.choice($0) })
    var counters: CounterSource = .viaActor

    @Flag(name: .customLong("no-tui"), help: "Print status lines instead of the dashboard (also when stdout is not a terminal).")
    var noTUI = false

    @Flag(name: .customLong("no-color"), help: "Draw the dashboard without colour (also when NO_COLOR is set).")
    var noColor = false

    @Flag(name: .customLong("exit-on-done"), help: "Leave the dashboard when the run ends instead of waiting for a key.")
    var exitOnDone = false

    @Flag(help: "Open the dashboard with the explain panel, which narrates each scheduling decision.")
    var explain = false

    @Option(
        help: ArgumentHelp("Summary format: text, or json for one object on stdout at the end (default text).", valueName: "text|json"),
        transform: { try OutputFormat(parsing: $0) })
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("Write every event to this file as JSON Lines.", valueName: "file"))
    var events: String?

    @Option(
        name: .customLong("report-every"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Without the dashboard: an interval line this often, e.g. 10s (text, or JSON Lines with --format json).",
            valueName: "time"),
        transform: { try ArgumentValue.duration($0, in: RunWatch.intervalRange) })
    var reportEvery: Duration?

    @Option(
        name: .customLong("metrics-file"),
        help: ArgumentHelp(
            "Write Prometheus metrics to this file (node_exporter's textfile collector), replaced atomically at every interval and at the end.",
            valueName: "path"))
    var metricsFile: String?

    mutating func validate() throws {
        if strategy == .unbounded && (total ?? 0) > RunConfiguration.unboundedLimit {
            throw ValidationError(
                "--strategy unbounded holds every scan as a child task at once, so --total must be at most \(RunConfiguration.unboundedLimit) (or use --strategy batched)")
        }
        if strategy == .stream && errors == .throw {
            throw ValidationError("--errors throw needs a task group: use it with --strategy serial, unbounded or batched")
        }
        if spacing > .zero && strategy != .serial {
            throw ValidationError("--spacing is the gap between serial scans: use it with --strategy serial")
        }
    }

    mutating func run() throws {
        try execute(as: .sky)
    }

    /// Runs with the defaults of `profile` for the options left out.
    func execute(as profile: Profile) throws {
        // Here rather than in `validate()`: only now is it known whose defaults apply.
        if strategy == .unbounded && total == nil && (duration != nil || profile == .soak) {
            throw ValidationError("--strategy unbounded holds every scan at once, so it needs a --total (at most \(RunConfiguration.unboundedLimit))")
        }
        let configuration = makeConfiguration(as: profile)
        // Opened before the run, so a bad path is a usage error rather than a lost run.
        let eventsFile: EventsFile?
        do {
            eventsFile = try events.map { try EventsFile(path: $0) }
        } catch {
            throw ValidationError("--events: \(error)")
        }
        let metrics = metricsFile.map(MetricsFile.init(path:))
        if let metrics {
            // Written once before the run, for the same reason.
            do {
                try metrics.write(RunWatch.reading(ScanSnapshot(configuration: configuration), elapsed: .zero))
            } catch {
                eventsFile?.close()
                throw ValidationError("--metrics-file: \(error)")
            }
        }
        let report = RunReport(
            format: format, eventsFile: eventsFile, replay: Self.replayCommand(configuration), metricsFile: metrics,
            reportEvery: reportEvery)
        if !noTUI && Terminal.stdinIsTerminal && Terminal.stdoutIsTerminal {
            let dashboard = DashboardRun(
                configuration: configuration, report: report, info: RunInfo(cores: Cores.active, counters: counters),
                colors: !noColor && !Terminal.noColorRequested, exitOnDone: exitOnDone, explain: explain)
            if let status = dashboard.execute() { throw ExitCode(status) }
            StandardError.write("sky: this terminal cannot show the dashboard (TERM=\(Terminal.type)); running headless\n")
        }
        throw ExitCode(HeadlessRun(configuration: configuration, report: report).execute())
    }

    /// Whose defaults fill in the options left out: `sky`'s or `sky soak`'s.
    enum Profile {
        case sky
        case soak
    }

    func makeConfiguration(as profile: Profile = .sky) -> RunConfiguration {
        let soak = profile == .soak
        // A soak with neither bound runs for ten minutes; `sky` with neither runs 20 scans.
        let duration = self.duration ?? (soak && total == nil ? .seconds(600) : nil)
        return RunConfiguration(
            total: total ?? (duration == nil ? 20 : nil), duration: duration,
            batch: (batch ?? (soak ? .auto : .count(4))).resolved(), seed: seed ?? UInt64.random(in: 0...UInt64(UInt32.max)),
            failureRate: failureRate ?? (soak ? 0 : 0.1), priorityMix: priorities, work: work, failFast: failFast,
            strategy: strategy, errors: errors, speed: speed, spacing: spacing, yields: !noYield, verify: verify ?? soak,
            corruptionRate: injectCorruption)
    }

    /// The command that repeats this run exactly (with `sky`'s own defaults, whichever command ran it).
    static func replayCommand(_ configuration: RunConfiguration) -> String {
        var words = ["sky"]
        if let total = configuration.total { words += ["--total", "\(total)"] }
        if let duration = configuration.duration { words += ["--duration", "\(Int((duration / .milliseconds(1)).rounded()))ms"] }
        words += ["--batch", "\(configuration.batch)", "--seed", "\(configuration.seed)"]
        if configuration.work != RunConfiguration.defaultWork { words += ["--work", "\(configuration.work)"] }
        if configuration.failureRate != 0.1 { words += ["--failure-rate", "\(configuration.failureRate)"] }
        if configuration.priorityMix != .standard { words += ["--priorities", "\(configuration.priorityMix)"] }
        if configuration.failFast { words.append("--fail-fast") }
        if configuration.strategy != .batched { words += ["--strategy", configuration.strategy.rawValue] }
        if configuration.errors != .result { words += ["--errors", configuration.errors.rawValue] }
        if configuration.speed != 1 { words += ["--speed", "\(configuration.speed)"] }
        if !configuration.yields { words.append("--no-yield") }
        if configuration.spacing > .zero { words += ["--spacing", "\(Int((configuration.spacing / .milliseconds(1)).rounded()))ms"] }
        if configuration.verify { words.append("--verify") }
        if configuration.corruptionRate > 0 { words += ["--inject-corruption", "\(configuration.corruptionRate)"] }
        return words.joined(separator: " ")
    }
}
