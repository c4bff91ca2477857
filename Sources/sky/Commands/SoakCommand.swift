import ArgumentParser

/// `sky soak`: the same run with a soak test's defaults, for loading every core of a host for
/// minutes or days and proving its results right.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Soak-test this host: every core busy for a set time, every result verified.",
        discussion: """
            The run of 'sky' with other defaults: --batch auto (one scan per active core), \
            --failure-rate 0, --verify (each result is checked against an independent \
            recomputation; a mismatch is a possible hardware fault and exit status 3), and \
            --duration 10m unless --total or --duration is given. New scans start until the \
            time is up; the running ones then finish. The summary ends with a verdict, PASS \
            or FAIL and why. Every option of 'sky' applies.

            Examples:
              Ten minutes on every core, with the dashboard:
                sky soak
              Eight hours headless, a line every minute, metrics for node_exporter:
                sky soak --duration 8h --no-tui --report-every 1m --metrics-file /var/lib/node_exporter/textfile/sky.prom
              Prove that the pipeline catches a fault (exit status 3):
                sky soak --duration 30s --inject-corruption 0.01 --no-tui
              JSON Lines: an object per interval, then the summary:
                sky soak --duration 90s --report-every 10s --format json

            Exit status:
              0    PASS: the time ran out and every result matched
              1    --fail-fast or --errors throw stopped the run at a failure
              3    a result failed verification: possible hardware fault
              64   bad input
              74   the events file or the metrics file could not be written in full
              129  SIGHUP, 130 SIGINT, 143 SIGTERM: stopped early (verdict FAIL); the summary,
                   the events file and the metrics file are still complete
            """,
        helpNames: Sky.subcommandHelpNames)

    @OptionGroup var scans: RunOptions
    @OptionGroup var output: ReportOptions

    func run() throws {
        try RunRequest(scans: scans, output: output, profile: .soak).execute()
    }
}
