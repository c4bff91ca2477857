import ArgumentParser

/// How a run or a comparison is shown and its summary printed, shared by `sky`, `sky soak` and
/// `sky compare`. What only a single run has is `SingleRunOptions`.
struct ReportOptions: ParsableArguments {
    @Flag(name: .customLong("no-tui"), help: "Print status lines instead of the dashboard (also when stdout is not a terminal).")
    var noTUI = false

    @Flag(name: .customLong("no-color"), help: "Draw the dashboard without colour (also when NO_COLOR is set).")
    var noColor = false

    @Flag(name: .customLong("exit-on-done"), help: "Leave the dashboard when the run ends instead of waiting for a key.")
    var exitOnDone = false

    @Option(.format, help: "Summary format: text, or json for one object on stdout at the end (default \(RunDefaults.format.rawValue)).")
    var format: OutputFormat = RunDefaults.format
}
