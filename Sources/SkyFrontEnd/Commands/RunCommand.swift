import ArgumentParser
import SkyTUI

/// `sky` and `sky run`: run a batch of scans and report them.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: abstract,
        // The run is the default subcommand, so its name is optional.
        usage: "sky [run] <options>",
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
              Stop at the first failure (exit status \(ExitStatus.failure.code)):
                sky --seed 7 --failure-rate 0.3 --fail-fast
              Watch high priorities start first:
                sky --priorities 60:30:10 --batch 1
              A JSON summary on stdout and a JSON Lines event log:
                sky --total 1000 --work 1000 --format json --events run.jsonl
              A trace of every scan on its slot, to open at ui.perfetto.dev:
                sky --total 200 --batch 4 --work 20000 --no-tui --trace run.json
              Every scan in the group at once; watch how many really get a thread:
                sky --strategy unbounded --total 24
              The first failure thrown out of the group cancels the rest:
                sky --errors throw --failure-rate 0.2 --seed 4
              One at a time, two seconds apart, in slow motion:
                sky --strategy serial --spacing 2s --speed 0.5 --total 6
              A stream's consumer that stops after three results; its stream's
              onTermination cancels the producer, and the summary says how fast:
                sky --strategy stream --take 3 --work 200000
              A group's body that returns after three results: the group still
              waits for its running children, and drops what they return:
                sky --take 3 --work 200000
              Half the scans never check for cancellation: press c, and watch
              them run on while the others stop:
                sky --ignore-cancellation 0.5 --total 8 --work 2000000
              Pairs of async let: when a pair's first scan fails, leaving the
              scope cancels the second, then waits for it:
                sky --strategy async-let --failure-rate 0.4 --total 12
              Each scan in a Task {}: press c, and the orphans run on; with a task
              bag, torn down with the loop, they stop:
                sky --strategy unstructured --total 8 --work 2000000
                sky --strategy unstructured --task-bag --total 8 --work 2000000
              A race in safe code: an actor that reads its count, awaits, and writes
              it back loses updates ("expected 200, got 137"); then the fix:
                sky --total 200 --batch 8 --work 0 --catalogue racy --no-tui
                sky --total 200 --batch 8 --work 0 --catalogue safe --no-tui
              Scans that never yield starve the actor; watch its counters lag:
                sky --batch 8 --work 2000000 --no-yield --counters direct
              Guided lessons:
                sky lesson
              A soak test of every core for 8 hours, every result verified:
                sky soak --duration 8h --report-every 1m --metrics-file /var/lib/node_exporter/sky.prom
              Measure Sky against C, across the cores, and its own overhead:
                sky bench

            \(Self.subcommandsBlock)

            \(Self.keysBlock)

            \(ExitStatus.helpBlock(for: .run))
            """,
        helpNames: Sky.subcommandHelpNames)

    static let abstract = "Simulate a satellite scanning deep space, with Swift structured concurrency."

    /// Sky's subcommands, as the root lists them: `sky --help` is this command's help, and `sky help`
    /// is not where a user looks first.
    private static var subcommandsBlock: String {
        // This command's own configuration is being made: its abstract is read from above.
        let rows = Sky.configuration.subcommands.map { command in
            command == RunCommand.self
                ? HelpBlock.Row(term: "run", text: "(default) " + abstract)
                : HelpBlock.Row(term: command.configuration.commandName ?? "", text: command.configuration.abstract)
        }
        return HelpBlock.render(title: "Subcommands ('sky NAME --help' for each):", rows)
    }

    /// The dashboard's keys, as the help overlay lists them.
    private static var keysBlock: String {
        HelpBlock.render(
            title: "Dashboard keys (when stdout is a terminal):", DashboardKeys.rows.map { HelpBlock.Row(term: $0.label, text: $0.help) })
    }

    @OptionGroup var scans: RunOptions
    @OptionGroup var output: ReportOptions
    @OptionGroup var single: SingleRunOptions

    func run() throws {
        try RunRequest(scans: scans, output: output, single: single, defaults: .sky).execute()
    }
}
