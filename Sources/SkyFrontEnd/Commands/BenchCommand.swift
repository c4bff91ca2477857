#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import SkyBench
import SkyCore
import SkyFormat
import SkyReport
import SkyTUI
import SkyTerminal

/// `sky bench`: Sky's performance as ratios measured side by side in one run.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the kernel against C, scaling across cores, the engine's overhead and the dashboard's cost.",
        discussion: """
            Every figure is the median of several interleaved rounds, with the minimum and the \
            maximum: a shared machine is noisy, so the figures are ratios of runs made side by \
            side. The table goes to stdout; while it runs, progress is shown on stderr when that \
            is a terminal. Build it for release, or the figures say nothing about Sky's speed.

            Examples:
              The full bench (about two minutes on two cores):
                swift run -c release sky bench
              A fast check, as CI runs it:
                sky bench --quick
              The same figures as one JSON object:
                sky bench --format json
              Save a bench, and later compare one against it, failing if a row got worse:
                sky bench --save before.json
                sky bench --baseline before.json --fail-on-regression

            With --baseline, every row both benches have is compared on its samples: the change \
            is the median ratio of a new sample to a saved one, with a 95% interval \
            (Hodges-Lehmann on the samples' logarithms, docs/performance.md). A row whose interval holds no change, or lies within \
            \(FixedPoint.fixed(BenchComparison.negligible * 100, places: 0))% either way, is "no \
            change within noise". A baseline from another host, CPU or core count is compared \
            all the same, with a warning on stderr.

            \(ExitStatus.helpBlock(for: .bench))
            """,
        helpNames: Sky.subcommandHelpNames)

    /// The dashboard's pseudo-terminal describes itself as this, whatever the user's terminal is.
    static let terminalType = "xterm-256color"

    @Flag(help: "A fast variant: three short rounds, a few seconds in all.")
    var quick = false

    @Option(
        .count(in: BenchPlan.roundsRange),
        help: "Interleaved rounds of every measurement (default \(BenchPlan(cores: 1, quick: false).rounds), or \(BenchPlan(cores: 1, quick: true).rounds) with --quick).")
    var rounds: Int?

    @Option(.format, help: "Output: text (a table), or json for one object on stdout (default \(RunDefaults.format.rawValue)).")
    var format: OutputFormat = RunDefaults.format

    @Option(.file, help: "Also save the figures, with every sample, to this file (JSON, replaced atomically).")
    var save: String?

    @Option(.file, help: "Compare the figures with a bench saved by --save: a verdict per row.")
    var baseline: String?

    @Flag(help: "With --baseline: exit \(ExitStatus.regression.code) if a row is worse beyond the noise.")
    var failOnRegression = false

    func validate() throws {
        if failOnRegression && baseline == nil {
            throw ValidationError("--fail-on-regression needs --baseline <file>, a bench saved by --save")
        }
        if let save {
            do {
                try OutputPath.checkReplaceable(save)
            } catch {
                throw ValidationError("--save: \(error)")
            }
            let slash = save.lastIndex(of: "/")
            let directory = slash.map { $0 == save.startIndex ? "/" : String(save[..<$0]) } ?? "."
            if access(directory, W_OK) != 0 {
                throw ValidationError("--save: '\(save)' cannot be written in '\(directory)' (\(String(cString: strerror(errno)))); give a path in a writable directory")
            }
        }
    }

    func run() throws {
        // Read before the bench, so a bad baseline costs no minutes of measuring.
        let saved: BenchRecord?
        do {
            saved = try baseline.map(BenchRecord.load)
        } catch {
            throw ValidationError("--baseline: \(error)")
        }
        let plan = BenchPlan(cores: Cores.active, quick: quick, rounds: rounds)
        let progress = BenchProgress(shown: isatty(2) == 1)
        let interruption = Interruption()
        let bench = Bench(
            plan: plan, progress: progress.show, isInterrupted: interruption.check,
            dashboard: Self.canDraw(plan) ? { try Self.drawn($0, plan: plan, interruption: interruption) } : nil)
        var figures: BenchFigures
        do {
            figures = try bench.run()
        } catch is BenchInterrupted {
            progress.clear()
            throw ExitStatus(stoppedBy: interruption.signal ?? SIGINT).exitCode
        } catch let mismatch as KernelMismatch {
            progress.clear()
            StandardError.write("sky: error: \(mismatch)\n")
            throw ExitStatus.failure.exitCode
        }
        progress.clear()
        let host = HostIdentity.current(cores: plan.cores)
        var lost = false
        if let save {
            do {
                try BenchRecord(figures: figures, sky: SkyVersion.current, host: host, date: Date()).write(to: save)
            } catch {
                StandardError.write("sky: error: --save: \(error)\n")
                lost = true
            }
        }
        if let saved, let baseline {
            let comparison = BenchComparison(figures, host: host, against: saved, file: baseline)
            if !comparison.hostDifferences.isEmpty {
                StandardError.write(
                    "sky: warning: the baseline ran on another machine (" + comparison.hostDifferences.joined(separator: ", ")
                        + "): its figures differ for reasons that are not sky's\n")
            }
            figures.baseline = comparison
        }
        var text = switch format {
        case .text: BenchTable.format(figures)
        case .json: figures.json()
        }
        if format == .text, let comparison = figures.baseline { text += "\n\n" + BaselineTable.format(comparison) }
        if !StandardOutput.write(text + "\n") {
            if let failure = StandardOutput.failure { StandardError.write("sky: error: could not write the figures to stdout (\(failure))\n") }
            lost = true
        }
        if lost { throw ExitStatus.outputIncomplete.exitCode }
        if failOnRegression, let comparison = figures.baseline, !comparison.regressions.isEmpty {
            throw ExitStatus.regression.exitCode
        }
    }

    /// Whether a pseudo-terminal and a terminal description are there to draw the dashboard in.
    private static func canDraw(_ plan: BenchPlan) -> Bool {
        guard let terminal = PseudoTerminal(width: plan.terminalWidth, height: plan.terminalHeight) else { return false }
        defer { terminal.close() }
        guard let screen = CursesScreen(colors: true, on: terminal, type: terminalType) else { return false }
        screen.close()
        return true
    }

    /// One run drawn by the dashboard's own frame loop (`DashboardRun`) into a pseudo-terminal.
    private static func drawn(_ configuration: RunConfiguration, plan: BenchPlan, interruption: Interruption) throws -> DashboardSample {
        guard let terminal = PseudoTerminal(width: plan.terminalWidth, height: plan.terminalHeight),
            let screen = CursesScreen(colors: true, on: terminal, type: terminalType)
        else { throw BenchUnavailable() }
        defer {
            screen.close()
            terminal.close()
        }
        let report = RunReport(format: .text, eventsFile: nil, replay: "")
        let dashboard = DashboardRun(
            configuration: configuration, report: report, info: RunInfo(cores: plan.cores), colors: true,
            exitOnDone: true, explain: false)
        let watched = dashboard.watch(configuration, report: report, on: screen)
        if let signal = watched.signal {
            interruption.signal = signal
            throw BenchInterrupted()
        }
        return DashboardSample(summary: watched.summary, frames: watched.figures)
    }
}

/// A pseudo-terminal that opened at the start could not be opened again.
private struct BenchUnavailable: Error, CustomStringConvertible {
    var description: String { "could not open a pseudo-terminal for the dashboard" }
}

/// The signal that stopped the bench, if one did. The bench then cancels the run in progress and
/// waits for it; a second signal ends sky at once.
private final class Interruption {
    var signal: Int32?

    func check() -> Bool {
        if signal == nil, let caught = SignalTrap.take() {
            signal = caught
        }
        return signal != nil
    }
}

/// One line of progress on stderr, rewritten in place, when stderr is a terminal.
private struct BenchProgress {
    let shown: Bool

    func show(_ text: String) {
        if shown { StandardError.write("\r\u{1B}[Ksky bench " + text) }
    }

    func clear() {
        if shown { StandardError.write("\r\u{1B}[K") }
    }
}
