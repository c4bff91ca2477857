import SkyCore
import SkySoak
import SkyCompare

/// `sky compare` without the dashboard: each run in turn through `HeadlessRun`, with its status
/// lines, then the table. A signal stops the run going and skips the rest; the table of what ran
/// is still printed.
struct HeadlessComparison {
    let plan: ComparisonPlan
    let format: OutputFormat

    func execute() -> ExitStatus {
        var comparison = plan.comparison(cores: Cores.active)
        // Status lines only: the runs share no files, and the table replaces their summaries.
        let report = RunReport(format: format, eventsFile: nil, replay: plan.replay)
        var caught: Int32?
        for (index, configuration) in plan.runs.enumerated() {
            // A signal between two runs stops the comparison before the next one starts.
            if let signal = HeadlessRun.stopSignal() {
                caught = signal
                break
            }
            let setting = plan.settings[index]
            report.progress("sky compare: run \(index + 1) of \(plan.runs.count), \(setting.isStrategy ? "--strategy" : "--errors") \(setting.name)")
            let cpuAtStart = ProcessFigures.usage().cpuSeconds
            let watched = HeadlessRun(configuration: configuration, report: report).watch()
            let cpu = ProcessFigures.usage().cpuSeconds - cpuAtStart
            comparison.runs.append(ComparedRun(name: setting.name, snapshot: watched.summary.snapshot, cpuSeconds: cpu, cores: comparison.cores))
            if let signal = watched.signal {
                caught = signal
                break
            }
        }
        return ComparisonReport(format: format).finish(comparison, signal: caught)
    }
}
