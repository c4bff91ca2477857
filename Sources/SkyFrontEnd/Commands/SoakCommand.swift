import ArgumentParser

/// `sky soak`: the same run with a soak test's defaults, for loading every core of a host for
/// minutes or days and proving its results right.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Soak-test this host: every core busy for a set time, every result verified.",
        discussion: """
            The run of 'sky' with other defaults: --batch \(RunDefaults.soak.batch) (one scan per active core), \
            --failure-rate \(ArgumentValue.text(fraction: RunDefaults.soak.failureRate)), \
            \(RunDefaults.soak.verify ? "--verify" : "--no-verify") (each result is checked against an independent \
            recomputation; a mismatch is a possible hardware fault and exit status \(ExitStatus.verificationFailure.code)), \
            and \(Self.bound) unless --total or --duration is given. New scans start until the \
            time is up; the running ones then finish. The summary ends with a verdict, PASS \
            or FAIL and why. Every option of 'sky' applies.

            Examples:
              Ten minutes on every core, with the dashboard:
                sky soak
              Eight hours headless, a line every minute, metrics for node_exporter:
                sky soak --duration 8h --no-tui --report-every 1m --metrics-file /var/lib/node_exporter/textfile/sky.prom
              Prove that the pipeline catches a fault (exit status \(ExitStatus.verificationFailure.code)):
                sky soak --duration 30s --inject-corruption 0.01 --no-tui
              JSON Lines: an object per interval, then the summary:
                sky soak --duration 90s --report-every 10s --format json

            \(ExitStatus.helpBlock(for: .soak))
            """,
        helpNames: Sky.subcommandHelpNames)

    /// The soak's default bound, as the option that sets it.
    private static var bound: String {
        switch RunDefaults.soak.bound {
        case .scans: "--total \(RunDefaults.soak.bound)"
        case .time: "--duration \(RunDefaults.soak.bound)"
        }
    }

    @OptionGroup var scans: RunOptions
    @OptionGroup var output: ReportOptions
    @OptionGroup var single: SingleRunOptions

    func run() throws {
        try RunRequest(scans: scans, output: output, single: single, defaults: .soak).execute()
    }
}
