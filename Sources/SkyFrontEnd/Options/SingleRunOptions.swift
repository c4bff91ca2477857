import ArgumentParser
import SkyCore
import SkyReport
import SkyTUI

/// What only a single run has: its files, its interval lines and its dashboard's panels. `sky`
/// and `sky soak` take them; `sky compare`, whose several runs have no use for them, refuses them.
struct SingleRunOptions: ParsableArguments {
    @Option(
        .choice(),
        help: "Where the dashboard's running and finished counts come from: \(ArgumentValue.described(CounterSource.self, by: Self.meaning)); each figure is tagged \(RunConfiguration.list(CounterSource.allCases.map(\.tag))) (default \(RunDefaults.counters.rawValue)).")
    var counters: CounterSource = RunDefaults.counters

    @Flag(help: "Open the dashboard with the explain panel, which narrates each scheduling decision.")
    var explain = false

    @Flag(help: "Open the dashboard in the projector's view: scans, slots over time and explain, in large blocks (p switches).")
    var projector = false

    @Option(.file, help: "Write every event to this file as JSON Lines.")
    var events: String?

    @Option(.file, help: "Write the run to this file as a Chrome trace, for ui.perfetto.dev or chrome://tracing.")
    var trace: String?

    @Option(
        .time(in: RunWatch.intervalRange), name: .customLong("report-every"),
        help: "Without the dashboard: an interval line this often, e.g. 10s (text, or JSON Lines with --format json).")
    var reportEvery: Duration?

    @Option(
        .file, name: .customLong("metrics-file"),
        help: "Write Prometheus metrics to this file (node_exporter's textfile collector), replaced atomically at every interval and at the end.")
    var metricsFile: String?

    /// Why the dashboard's `r` may not run the scans again: these outputs promise one run (one
    /// JSON document; an events file that replays one run; a trace of one run).
    func rerunRefusal(format: OutputFormat) -> String? {
        if events != nil { return "--events keeps one run" }
        if trace != nil { return "--trace keeps one run" }
        if format == .json { return "--format json prints one summary" }
        return nil
    }

    /// Refuses, before anything is opened, an output path that writing to would damage: each one
    /// is checked for what it names, then against the outputs before it.
    func validate() throws {
        var earlier: [(flag: String, path: String)] = []
        for (flag, path, check) in [
            ("--events", events, OutputPath.checkStreamable),
            ("--trace", trace, OutputPath.checkStreamable),
            ("--metrics-file", metricsFile, OutputPath.checkReplaceable),
        ] {
            guard let path else { continue }
            try refuse(flag) {
                try check(path)
                for other in earlier { try OutputPath.checkDistinct(path, from: other.path, otherName: other.flag) }
                // The summary and the progress lines go to stdout: a file they share would be garbled.
                try OutputPath.checkNotStandardOutput(path)
            }
            earlier.append((flag, path))
        }
    }

    /// Bad input naming `flag`, if `check` refuses its path.
    private func refuse(_ flag: String, _ check: () throws -> Void) throws {
        do {
            try check()
        } catch {
            throw ValidationError("\(flag): \(error)")
        }
    }

    /// Where `--counters` takes the counts from with `source`, for its help.
    private static func meaning(of source: CounterSource) -> String {
        switch source {
        case .viaActor: "the actor's book, which waits for a thread"
        case .direct: "counted by each child as it ends"
        }
    }
}
