import SkyCore
import SkyFormat
import SkySoak

/// `sky soak`: what the operator of a burn-in watches, and nothing only a lesson needs. The title
/// bar names the host; then the time (duration, elapsed, remaining) with the verdict so far; the
/// run's few settings; the results (verified, mismatches, running, and what the end left unstarted)
/// beside the throughput and its trend; every core's load, clock, temperature and counts; the rate
/// over the last minutes, in the rows the cores leave; and the latest verification failure. No
/// priorities, slots, timeline, or whose count each figure is: those are the teaching dashboard's.
enum SoakView {
    /// The results and the throughput: a title and four rows each.
    static let resultsHeight = 5
    /// The verification failures: a title and one line.
    static let failuresHeight = 2
    /// The rate's chart, in the rows the cores leave, is drawn only with its title and this many
    /// rows less one.
    static let minimumChartHeight = 4

    static func draw(_ state: DashboardState, into grid: inout Grid) {
        let width = grid.size.width
        let footerY = grid.size.height - 1
        HeaderPanel.drawTitleBar(state, into: &grid)
        drawTime(state, into: &grid, y: 1)
        drawSettings(state, into: &grid, y: 2)
        let top = HeaderPanel.height
        let leftWidth = width / 2 - 1
        let rightX = leftWidth + 2
        drawResults(state, into: &grid, x: 0, y: top, width: leftWidth)
        ThroughputPanel.draw(state, into: &grid, x: rightX, y: top, width: width - rightX)
        drawTrend(state, into: &grid, x: rightX, y: top + ThroughputPanel.height, width: width - rightX)
        let coresY = top + resultsHeight
        let failuresY = footerY - failuresHeight
        let coreRows = CoresPanel.height(state, width: width, within: failuresY - coresY)
        CoresPanel.draw(state, into: &grid, x: 0, y: coresY, width: width, height: coreRows)
        let chartY = coresY + coreRows
        if failuresY - chartY >= minimumChartHeight {
            drawChart(state, into: &grid, y: chartY, width: width, height: failuresY - chartY)
        }
        drawFailures(state, into: &grid, y: failuresY, width: width)
        drawFooter(state, into: &grid, y: footerY)
    }

    /// ` duration 10:00   elapsed 0:20.0   remaining 9:40`, and the verdict so far at the right:
    /// the duration gives way to the longer verdict, which names the core of a fault.
    static func drawTime(_ state: DashboardState, into grid: inout Grid, y: Int) {
        let width = grid.size.width
        let config = state.snapshot.configuration
        var times: [(label: String, value: String)] = [("   elapsed ", Figures.clock(state.elapsed))]
        if let remaining = TimedRun.remaining(state) { times.append(("   remaining ", remaining)) }
        let choices = [[(" ", TimedRun.bounds(config))] + times, times]
        func length(_ parts: [(label: String, value: String)]) -> Int { parts.map { $0.label.count + $0.value.count }.reduce(0, +) }
        let verdicts = TimedRun.verdict(state)
        var parts = choices[0]
        var verdict = verdicts.last
        search: for candidate in verdicts {
            for choice in choices where length(choice) + 3 + candidate.text.count + 1 <= width {
                (parts, verdict) = (choice, candidate)
                break search
            }
        }
        var column = 0
        for (index, part) in parts.enumerated() {
            let label = index == 0 ? " " + part.label.drop { $0 == " " } : part.label
            column = grid.write(label, x: column, y: y, style: Style(.muted))
            column = grid.write(part.value, x: column, y: y, style: part.label == " " ? .plain : Style(.accent, bold: true))
        }
        if let verdict { grid.write(verdict.text, x: max(0, width - verdict.text.count - 1), y: y, style: verdict.style) }
    }

    /// ` batch 2 (a scan per core)   cores 2   work 512 lines   seed 42`. A busy machine is said
    /// beside the throughput it slows.
    static func drawSettings(_ state: DashboardState, into grid: inout Grid, y: Int) {
        let config = state.snapshot.configuration
        let batch = state.snapshot.batch
        let perCore = batch == state.info.cores ? " (a scan per core)" : ""
        var rest = "   cores \(state.info.cores)   work \(config.work) lines   seed \(config.seed)"
        if config.corruptionRate > 0 { rest += "   --inject-corruption \(config.corruptionRate)" }
        let text = fitted([" batch \(batch)\(perCore)\(rest)", " batch \(batch)\(rest)"], room: grid.size.width)
        grid.write(text, x: 0, y: y, style: Style(.muted), width: grid.size.width)
    }

    /// The rows of the results: label, count, and notes longest first (the first that fits is
    /// shown), in the order an operator reads them.
    static func results(_ state: DashboardState) -> [(label: String, count: String, notes: [String], tint: Tint)] {
        let snapshot = state.snapshot
        let counters = snapshot.counters
        let verify = snapshot.configuration.verify
        let faults = counters.verificationFailures
        var rows: [(label: String, count: String, notes: [String], tint: Tint)] = [
            verify
                ? ("verified", "\(counters.completed)", ["each matched its recomputation", faults == 0 ? "all matched" : "matched"], .good)
                : ("completed", "\(counters.completed)", ["not verified (--no-verify)", "not verified"], .warn),
            ("mismatches", "\(faults)", faults > 0 ? ["possible hardware fault", "hardware fault?"] : [verify ? "none" : "not checked"],
             faults > 0 ? .bad : .good),
            ("in the group", "\(counters.running)/\(snapshot.batch)", [], .accent),
        ]
        if counters.failed > 0 || snapshot.configuration.failureRate > 0 {
            rows.append(("failed", "\(counters.failed)", ["on purpose (--failure-rate)", "on purpose"], .warn))
        }
        // A timed soak ends with its queue left unstarted: said as what it is, not as a fault.
        if counters.cancelled > 0, case .finished(let ending) = snapshot.phase {
            rows.append(ending == .timeUp
                ? ("unstarted", "\(counters.cancelled)", [ending.cancelledScans, "left queued at the time limit", "at the time limit"], .muted)
                : ("cancelled", "\(counters.cancelled)", [ending.cancelledScans], .warn))
        }
        return rows
    }

    /// The first of `candidates` that fits in `room` columns; else the first one's leading words
    /// that do, never a word cut short.
    static func fitted(_ candidates: [String], room: Int) -> String {
        candidates.first { $0.count <= room } ?? Section.fit(candidates.first ?? "", room: room, dot: "·")
    }

    static func drawResults(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int) {
        let verify = state.snapshot.configuration.verify
        Section.rule("Results", note: verify ? "every result checked" : "verification off", into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
        let rows = results(state).prefix(resultsHeight - 1)
        let countWidth = max(5, rows.map(\.count.count).max() ?? 0)
        let labelWidth = rows.map(\.label.count).max() ?? 0
        for (offset, row) in rows.enumerated() {
            let line = y + 1 + offset
            var column = grid.write(" " + Figures.padRight(row.label, labelWidth), x: x, y: line, width: width)
            let value = Int(row.count.split(separator: "/").first ?? "") ?? 0
            column = grid.write(
                Figures.padLeft(row.count, countWidth), x: column, y: line,
                style: Style(row.tint, bold: value > 0 && row.tint != .muted), width: max(0, x + width - column))
            let note = fitted(row.notes, room: x + width - column - 2)
            if !note.isEmpty { grid.write("  " + note, x: column, y: line, style: Style(.muted), width: max(0, x + width - column)) }
        }
    }

    /// When the rate is first compared with the first minute's: after that minute and the recent span.
    static let judgedFrom = ThrottleWatch.baselineSpan + ThrottleWatch.recentSpan

    /// `trend  steady: no fall below the first minute's rate` or, once it has fallen, by how much.
    static func drawTrend(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int) {
        let column = grid.write(" trend ", x: x, y: y, style: Style(.muted), width: width)
        let text: [String]
        let style: Style
        if let throttle = state.observations.throttle {
            let drop = FixedPoint.fixed(throttle.drop * 100, places: 0)
            let baseline = Figures.quantity(throttle.baseline)
            text = throttle.active
                ? ["THROTTLED? \(drop)% below the first minute's \(baseline)/s", "THROTTLED? \(drop)% below the first minute",
                   "THROTTLED? rate down \(drop)%"]
                : ["recovered; fell \(drop)% below the first minute's \(baseline)/s", "recovered; fell \(drop)%"]
            style = Style(.warn, bold: true)
        } else if state.elapsed < judgedFrom {
            let from = Figures.countdown(seconds: judgedFrom.seconds)
            text = state.isFinished
                ? ["not judged: the run was shorter than \(from)", "not judged: under \(from)"]
                : ["judged from \(from), against the first minute", "judged from \(from)"]
            style = Style(.muted)
        } else {
            let within = "steady: within \(Int(ThrottleWatch.threshold * 100))%"
            text = [within + " of the first minute's rate", within + " of the first minute", "steady"]
            style = Style(.good)
        }
        grid.write(fitted(text, room: x + width - column), x: column, y: y, style: style, width: max(0, x + width - column))
    }

    /// The rate over the seconds the dashboard keeps (`RateHistory.capacity`), as tall as the rows
    /// allow, newest on the right, each column the mean of as many seconds as make them fit, scaled
    /// to the highest column: a fall in the rate (throttling, a noisy neighbour) shows as a step down.
    static func drawChart(_ state: DashboardState, into grid: inout Grid, y: Int, width: Int, height: Int) {
        let rows = height - 1
        let room = max(1, width - 2)
        let seconds = state.rates.samples()
        let group = max(1, (seconds.count + room - 1) / room)
        // Whole groups from the newest back, so a column does not change as the next second comes.
        let columns = stride(from: seconds.count, to: 0, by: -group).reversed().map { end in
            let slice = seconds[max(0, end - group)..<end]
            return slice.reduce(0, +) / Double(slice.count)
        }
        let top = columns.max() ?? 0
        let span = group == 1 ? "a second" : "\(group) s"
        let note = top > 0 ? "scans/s, a column \(span), the top row \(Figures.quantity(top))/s" : "scans/s, from the first second"
        let title = "Rate over the last \(Figures.countdown(seconds: Double(seconds.count)))"
        Section.rule(title, note: note, into: &grid, x: 0, y: y, width: width, glyphs: state.glyphs)
        guard top > 0 else { return }
        let levels = state.glyphs.levels
        let steps = rows * levels.count
        for (offset, rate) in columns.enumerated() {
            let level = min(steps - 1, Int((rate / top * Double(steps - 1)).rounded()))
            for row in 0..<rows where level >= row * levels.count {
                grid[1 + offset, y + rows - row] = Cell(levels[min(level - row * levels.count, levels.count - 1)], Style(.accent))
            }
        }
    }

    /// `── Verification failures  none ──`, or how many and the latest: its scan, core and thread.
    static func drawFailures(_ state: DashboardState, into grid: inout Grid, y: Int, width: Int) {
        let snapshot = state.snapshot
        let faults = snapshot.counters.verificationFailures
        let note = faults == 0 ? (state.isFinished ? "none" : "none yet") : "\(faults) in all"
        Section.rule("Verification failures", note: note, into: &grid, x: 0, y: y, width: width, glyphs: state.glyphs)
        guard let last = snapshot.lastVerificationFailure else {
            let lines = snapshot.configuration.verify
                ? [" a mismatch here is a possible hardware fault, and fails the run",
                   " a mismatch is a possible hardware fault"]
                : [" verification is off: no result is checked"]
            grid.write(fitted(lines, room: width), x: 0, y: y + 1, style: Style(.muted), width: width)
            return
        }
        let f = last.failure
        let place = " latest: scan \(last.scan) at \(FixedPoint.fixed(last.time.seconds, places: 2)) s on core \(f.core), thread \(f.thread)"
        let text = fitted([place + ": checksum \(Hex.format(f.found.checksum)), recomputed \(Hex.format(f.expected.checksum))", place], room: width)
        grid.write(text, x: 0, y: y + 1, style: Style(.bad, bold: true), width: width)
    }

    /// The keys a soak takes while it runs, or what it is doing; once done, the outcome and how to leave.
    static func drawFooter(_ state: DashboardState, into grid: inout Grid, y: Int) {
        let width = grid.size.width
        let counters = state.snapshot.counters
        let dot = state.glyphs.dot
        if state.isFinished {
            let badge = HeaderPanel.badge(state)
            var text = " \(badge.text)  \(counters.completed) \(state.snapshot.configuration.verify ? "verified" : "completed")"
            text += " \(dot) \(counters.verificationFailures) mismatches in \(Figures.clock(state.snapshot.elapsed))"
            grid.fill(" ", x: 0, y: y, width: width, style: badge.style)
            let column = grid.write(text, x: 0, y: y, style: badge.style)
            let hint = ["   \(KeyAction.doneScreenHint) ", "   \(DashboardKeys.key(of: .quit)): exit "].first { column + $0.count <= width } ?? ""
            grid.write(hint, x: max(0, width - hint.count), y: y, style: badge.style)
            return
        }
        let column = Footer.offers(state, into: &grid, y: y)
        let status = state.isStopping ? "stopping: the running scans end, then the summary"
            : state.isPaused ? "paused: running scans finish, no new ones start" : nil
        if let status { grid.write("  " + status, x: column, y: y, style: Style(.warn, bold: true), width: max(0, width - column)) }
    }
}
