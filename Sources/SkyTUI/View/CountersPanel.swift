import SkyCore

/// Every scan is in one state. Five counters with bars out of the total (running: out of the
/// batch), then per-priority progress, which shows that priorities change the order.
///
/// The title names the actor as the source of the counts. With `--counters direct`, the rows the
/// children count themselves say so (`children`): running is then the children that have begun
/// and not ended, so no scan that has finished shows as running while the actor has yet to book
/// it, and none the pool has yet to run does either.
enum CountersPanel {
    static let height = 8
    /// `drawCompact`'s rows.
    static let compactHeight = 4

    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int) {
        let snapshot = state.snapshot
        let counters = shown(state)
        let total = snapshot.scanScale
        let direct = state.info.counters == .direct
        Section.rule("Scans", note: notes(state).joined(separator: " \(state.glyphs.dot) "), into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
        // The rows the children count, with `--counters direct`; the rest are the actor's.
        let children: CounterSource? = direct ? .direct : nil
        let rows: [(String, Int, Int, Tint, CounterSource?)] = [
            ("scheduled", counters.scheduled, total, .accent, nil),
            (snapshot.configuration.strategy.holderLabel, counters.running, snapshot.batch, .accent, children),
            ("completed", counters.completed, total, .good, children),
            ("failed", counters.failed, total, .bad, children),
            ("cancelled", counters.cancelled, total, .warn, nil),
        ]
        // Counts take a steady width, exact while the bar keeps at least a few cells.
        let exactWidth = 2 * String(total).count + 1
        let countWidth = exactWidth <= width - 11 - 8 ? exactWidth : 13
        let half = (countWidth - 1) / 2
        for (offset, (label, value, whole, tint, source)) in rows.enumerated() {
            let row = y + 1 + offset
            grid.write(" " + Figures.padRight(label, 10), x: x, y: row)
            let count = Figures.count(value, width: half) + "/" + Figures.count(whole, width: half)
            let end = grid.write(Figures.padLeft(count, countWidth), x: x + 11, y: row, style: Style(tint, bold: value > 0))
            let tag = source.map { " " + $0.tag } ?? ""
            Bar.draw(
                whole > 0 ? Double(value) / Double(whole) : 0, into: &grid, x: end + 1, y: row,
                width: x + width - end - 1 - tag.count, style: Style(tint), glyphs: state.glyphs)
            if !tag.isEmpty { grid.write(tag, x: x + width - tag.count, y: row, style: Style(.muted), width: tag.count) }
        }
        drawPriorities(snapshot, into: &grid, x: x, y: y + 6, width: width)
        drawFinishOrder(snapshot, into: &grid, x: x, y: y + 7, width: width)
    }

    /// The panel in `compactHeight` rows, the width of a short terminal whose timeline needs the
    /// rows (throughput and latency give way to it): the title, the five counts on one row without
    /// bars, then done and order.
    static func drawCompact(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int) {
        let snapshot = state.snapshot
        let counters = shown(state)
        let total = snapshot.scanScale
        var notes = notes(state)
        // Throughput has given way: a busy machine, which slows the run, is said here instead.
        if let busy = ThroughputPanel.busyMachine(state) { notes.insert("busy machine: \(busy)", at: 1) }
        // With `--counters direct`, the tag the rows would carry goes in the title.
        if state.info.counters == .direct { notes.append("\(CounterSource.direct.tag): \(snapshot.configuration.strategy.holderLabel), completed, failed") }
        Section.rule("Scans", note: notes.joined(separator: " \(state.glyphs.dot) "), into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
        let counts: [(String, Int, Int, Tint)] = [
            ("scheduled", counters.scheduled, total, .accent),
            (snapshot.configuration.strategy.holderLabel, counters.running, snapshot.batch, .accent),
            ("completed", counters.completed, total, .good), ("failed", counters.failed, total, .bad),
            ("cancelled", counters.cancelled, total, .warn),
        ]
        // Out of their wholes while that fits, then the counts alone, then closer together.
        let layouts = [(true, "   "), (false, "   "), (false, "  ")]
        let (outOf, gap) = layouts.first { outOf, gap in
            counts.map { $0.0.count + 1 + String($0.1).count + (outOf ? 1 + String($0.2).count : 0) }.reduce(0, +)
                + gap.count * (counts.count - 1) + 2 <= width
        } ?? layouts[2]
        var column = x + 1
        for (index, (label, value, whole, tint)) in counts.enumerated() {
            if index > 0 { column += gap.count }
            column = grid.write(label + " ", x: column, y: y + 1)
            column = grid.write("\(value)" + (outOf ? "/\(whole)" : ""), x: column, y: y + 1, style: Style(tint, bold: value > 0))
        }
        drawPriorities(snapshot, into: &grid, x: x, y: y + 2, width: width)
        drawFinishOrder(snapshot, into: &grid, x: x, y: y + 3, width: width)
    }

    /// What the title says beside `Scans`: whose counts they are, then what they leave out.
    static func notes(_ state: DashboardState) -> [String] {
        let snapshot = state.snapshot
        let counters = shown(state)
        let direct = state.info.counters == .direct
        var notes = [CounterSource.viaActor.tag]
        if counters.waiting > 0 { notes.append("\(counters.waiting) waiting") }
        if snapshot.discarded > 0 {
            // Results the children finished that went with the group (and a collecting body's
            // array) when the error was thrown.
            let with = snapshot.configuration.errors == .collect ? "the body's array" : "the group"
            notes.append("\(snapshot.discarded) result\(snapshot.discarded == 1 ? "" : "s") lost with \(with)")
        }
        if snapshot.configuration.errors == .collect && !state.isFinished {
            // Completed, and held in the body's array until the group returns it.
            notes.append("\(counters.collected) in the body's array")
        }
        // The actor's counts trail the children's: how old the oldest uncounted finish is. Shown
        // when asked about (direct counters, scans that never yield) or once it has been a stall.
        if direct || !snapshot.configuration.yields || state.counterLag.worst >= .milliseconds(100) {
            notes.append("actor lag \(Figures.delay(state.counterLag.current))")
        }
        return notes
    }

    /// The counts as shown: the actor's, or with `--counters direct` the finishes as the children
    /// counted them, and the children running as they know it: begun, and not ended.
    static func shown(_ state: DashboardState) -> ScanCounters {
        let snapshot = state.snapshot
        var counters = snapshot.counters
        if state.info.counters == .direct {
            counters.completed = max(counters.completed, snapshot.direct.completed)
            counters.failed = max(counters.failed, snapshot.direct.failed)
            counters.running = snapshot.direct.running
        }
        return counters
    }

    /// `order  H M H M L M …`: the priorities of the latest scans to finish, newest on the right.
    /// With a free slot going to the highest-priority waiting scan, the high ones come first and
    /// the lows gather at the end; with every scan started at once (unbounded), they do not. When
    /// the trail does not fit with spaces, it is drawn without them (`HHHMMML`), so a lesson's
    /// 30 scans keep their first finishes on screen.
    static func drawFinishOrder(_ snapshot: ScanSnapshot, into grid: inout Grid, x: Int, y: Int, width: Int) {
        let label = " order  "
        var column = grid.write(label, x: x, y: y, style: Style(.muted), width: width)
        let room = max(0, x + width - column)
        let all = snapshot.finishOrder.priorities
        let spaced = all.count <= room / 2
        let trail = all.suffix(spaced ? room / 2 : room)
        if trail.isEmpty {
            // The order is the actor's: while the children have finished scans it has not booked,
            // "none finished" would be untrue.
            let none = snapshot.direct.finished > 0 ? "none booked yet" : "none finished yet"
            grid.write(none, x: column, y: y, style: Style(.muted), width: x + width - column)
            return
        }
        for priority in trail {
            column = grid.write(
                priority.description.prefix(1).uppercased() + (spaced ? " " : ""), x: column, y: y, style: Style(priority.tint, bold: true))
        }
    }

    /// `done high 3/4  medium 6/10  low 3/6`: scans finished (completed or failed) out of those
    /// scheduled, by priority. Initials, then short counts, then finished counts alone, when the
    /// full text would not fit: every priority stays on screen.
    static func drawPriorities(_ snapshot: ScanSnapshot, into grid: inout Grid, x: Int, y: Int, width: Int) {
        func entries(initials: Bool, countWidth: Int, outOf: Bool = true) -> [(ScanPriority, String)] {
            ScanPriority.allCases.map { priority in
                let counts = snapshot.byPriority[priority]
                let name = initials ? String(priority.description.prefix(1).uppercased()) : priority.description
                let done = Figures.count(counts.finished, width: countWidth)
                let scheduled = outOf ? "/" + Figures.count(counts.scheduled, width: countWidth) : ""
                return (priority, "\(name) \(done)\(scheduled)")
            }
        }
        let label = " done "
        let candidates = [entries(initials: false, countWidth: 20), entries(initials: true, countWidth: 20),
                          entries(initials: true, countWidth: 5), entries(initials: true, countWidth: 5, outOf: false)]
        let chosen = candidates.first { entries in
            label.count + entries.map(\.1.count).reduce(0, +) + 2 * (entries.count - 1) <= width
        } ?? candidates[candidates.count - 1]
        var column = grid.write(label, x: x, y: y, style: Style(.muted), width: width)
        for (priority, text) in chosen {
            column = grid.write(text + "  ", x: column, y: y, style: Style(priority.tint), width: x + width - column)
        }
    }
}

extension ScanPriority {
    var tint: Tint {
        switch self {
        case .high: .high
        case .medium: .medium
        case .low: .low
        }
    }
}
