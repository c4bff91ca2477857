import SkyFormat

/// `sky bench`'s text output: one row per figure, the median with its minimum and maximum, and
/// the target where the figure has one.
public enum BenchTable {
    private struct Row {
        var label: String
        var spread: Spread?
        var format: (Double) -> String = { FixedPoint.fixed($0, places: 2) }
        var target: String = ""
    }

    public static func format(_ figures: BenchFigures) -> String {
        var rows: [Row] = []
        func heading(_ text: String) { rows.append(Row(label: text, spread: nil)) }
        func row(_ label: String, _ spread: Spread, _ format: @escaping (Double) -> String, target: BenchFigures.Target? = nil) {
            rows.append(Row(label: "  " + label, spread: spread, format: format, target: target.map(verdict) ?? ""))
        }
        func target(_ figure: String) -> BenchFigures.Target? { figures.targets.first { $0.figure.hasPrefix(figure) } }
        let ratio = { (value: Double) in FixedPoint.fixed(value, places: 2) }
        let times = { (value: Double) in FixedPoint.fixed(value, places: 2) + "x" }
        let percent = { (value: Double) in FixedPoint.fixed(value * 100, places: 1) + "%" }
        let rate = { (value: Double) in FixedPoint.fixed(value, places: value >= 1000 ? 0 : 1) }
        let tenth = { (value: Double) in FixedPoint.fixed(value, places: 1) }
        let hundredth = { (value: Double) in FixedPoint.fixed(value, places: 2) }

        let kernel = figures.kernel
        heading("Kernel against C, one core, \(kernel.lines) lines a sweep")
        row("Swift kernel, ns per line", kernel.swiftNsPerLine, tenth)
        row("C reference (-O3), ns per line", kernel.cNsPerLine, tenth)
        row("Swift rate / C rate", kernel.ratio, ratio, target: target("kernel"))

        let scaling = figures.scaling
        heading("Scaling through the engine, scans of \(FixedPoint.fixed(scaling.scanMs, places: 0)) ms (--work \(scaling.work))")
        for point in scaling.points {
            row("batch \(point.batch), scans/s", point.scansPerSecond, rate)
            if point.batch > 1 {
                row("batch \(point.batch), speed-up over batch 1", point.speedup, times)
                row("batch \(point.batch), efficiency against linear", point.efficiency, percent,
                    target: point.batch == min(figures.cores, 4096) ? target("scaling") : nil)
            }
        }
        row("load at batch \(min(figures.cores, 4096)): CPU time / (wall x cores)", scaling.load, percent)
        if let others = scaling.others, let steal = scaling.steal {
            row("other processes in those runs, share of cores", others, percent)
            row("host steal in those runs, share of cores", steal, percent)
        }
        row("kernel alone on \(figures.cores) plain threads, efficiency", scaling.threadsEfficiency, percent)

        let engine = figures.engine
        heading("Engine overhead, \(engine.scans) scans at --work 0, batch \(engine.batch), \(engine.rounds) rounds")
        row("Sky's engine, scans/s", engine.engineScansPerSecond, rate)
        row("bare window, same empty scans, scans/s", engine.bareScansPerSecond, rate)
        row("Sky's rate / bare rate", engine.ratio, ratio, target: target("engine"))
        row("bare window at the scans' priorities, scans/s", engine.prioritizedScansPerSecond, rate)
        row("Sky's rate / that rate", engine.ratioToPrioritized, ratio)
        row("bare window, children return at once, scans/s", engine.emptyChildrenPerSecond, rate)
        row("Sky's rate / that rate", engine.ratioToEmptyChildren, ratio)
        row("context switches per 1000 scans, Sky's engine", engine.engineSwitchesPerScan.mapped { $0 * 1000 }, tenth)
        row("context switches per 1000 scans, bare window", engine.bareSwitchesPerScan.mapped { $0 * 1000 }, tenth)
        row("CPU time per scan, Sky's engine, µs", engine.engineCPUPerScan, hundredth)
        row("CPU time per scan, bare window, µs", engine.bareCPUPerScan, hundredth)
        row("Sky's CPU time / bare CPU time", engine.cpuCostRatio, ratio)

        if let batching = figures.batching {
            heading("Batch size, \(batching.scans) scans at --work 0, \(batching.rounds) rounds")
            for point in batching.points { row("batch \(point.batch), scans/s", point.scansPerSecond, rate) }
            for point in batching.points { row("batch \(point.batch), CPU time per scan, µs", point.cpuPerScan, hundredth) }
            row("cost of a scan, batch \(batching.largest) over \(batching.smallest)", batching.costGrowth, { value in
                (value < 0 ? "" : "+") + percent(value)
            })
            row("batch \(batching.largest) rate / batch \(batching.smallest) rate", batching.ratio, ratio, target: target("batching"))
        }

        if let dashboard = figures.dashboard {
            heading("Dashboard cost, \(dashboard.scans) scans at batch \(dashboard.batch), a \(dashboard.terminal) pseudo-terminal")
            row("headless, scans/s", dashboard.headlessScansPerSecond, rate)
            row("with the dashboard, scans/s", dashboard.dashboardScansPerSecond, rate)
            row("dashboard rate / headless rate", dashboard.ratio, ratio, target: target("dashboard"))
            row("frames drawn while scans ran", dashboard.frames, { FixedPoint.fixed($0, places: 0) })
            row("gap between frames, p99, ms", dashboard.gapP99Ms, tenth)
            row("gap between frames, max, ms", dashboard.gapMaxMs, tenth)
            row("dashboard thread CPU, share of all cores", dashboard.cpuShare, percent)
        } else {
            heading("Dashboard cost: not measured (no pseudo-terminal could be opened)")
        }

        // Headings run on across the columns; only the figures' labels set the width.
        let labelWidth = rows.filter { $0.spread != nil }.map(\.label.count).max() ?? 0
        let columns = ["median", "min", "max"]
        func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, width - text.count))
            return left ? text + fill : fill + text
        }
        var lines = [
            "sky bench: \(figures.cores) cores, median of \(figures.rounds) interleaved rounds, \(figures.build) build"
                + (figures.quick ? ", quick" : "")
        ]
        if figures.build == "debug" {
            lines.append("(a debug build: these figures say nothing about Sky's speed; use swift run -c release)")
        }
        lines.append("")
        lines.append(pad("", labelWidth, left: true) + columns.map { pad($0, 10) }.joined() + "  target")
        for row in rows {
            guard let spread = row.spread else {
                lines.append(row.label)
                continue
            }
            let values = [spread.median, spread.min, spread.max].map { pad(row.format($0), 10) }.joined()
            let line = pad(row.label, labelWidth, left: true) + values + (row.target.isEmpty ? "" : "  " + row.target)
            lines.append(line)
        }
        lines.append("")
        lines.append("The Swift kernel and the C reference gave the same signals and checksum on \(kernel.inputsChecked) inputs.")
        let met = figures.targets.filter(\.met).count
        lines.append("Targets met: \(met) of \(figures.targets.count).")
        if let others = figures.othersShare, let steal = figures.stealShare {
            // A few percent of steal is this kind of host's usual; beyond 5% the figures scatter.
            let busy = others > 0.05 || steal > 0.05
            lines.append(
                "During the bench, other processes used \(FixedPoint.fixed(others * 100, places: 1))% of the cores and the host "
                    + "gave \(FixedPoint.fixed(steal * 100, places: 1))% to other guests"
                    + (busy ? ": a busy machine, so expect noise; run it again when it is quiet." : "."))
        }
        return lines.joined(separator: "\n")
    }

    /// `>= 0.90 met` or `>= 0.95 missed`.
    private static func verdict(_ target: BenchFigures.Target) -> String {
        let minimum = target.figure.hasSuffix("efficiency")
            ? FixedPoint.fixed(target.minimum * 100, places: 0) + "%" : FixedPoint.fixed(target.minimum, places: 2)
        return ">= \(minimum) " + (target.met ? "met" : "missed")
    }
}
