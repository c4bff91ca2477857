import SkyCore
import SkyFormat

/// One lane per task-group slot: the scan in it, its priority and how long it has run. When a scan
/// finishes, its lane empties and the highest-priority waiting scan takes it: the sliding window.
enum SlotLanes {
    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int, height: Int) {
        let snapshot = state.snapshot
        let slots = snapshot.slots
        let busy = slots.lazy.filter { $0 != nil }.count
        let median = Duration.milliseconds(snapshot.runLatency.p50)
        // Busy is what the actor started and has not yet booked as ended; on a thread is what the
        // pool is executing right now, as the children's slots told this frame's reading ("at
        // least" when a scan got or left a thread while it was read). More busy than cores means
        // children waiting for a thread. With direct counters, the children also say how many of
        // the busy slots hold a scan that has already ended.
        let dot = state.glyphs.dot
        let held = switch snapshot.configuration.strategy {
        case .unbounded, .reduce, .waitForAll: "\(busy) \(snapshot.configuration.strategy.holder)"
        case .serial, .batched, .discarding, .stream, .asyncLet, .unstructured, .actorQueue, .actorReentrant, .awaited, .unlessCancelled, .own:
            // After `-` the slots above the new batch drain: "4 of 2 busy" would read as a fault.
            busy > snapshot.batch ? "\(busy) busy, batch \(snapshot.batch)" : "\(busy) of \(snapshot.batch) busy"
        }
        let ended = state.info.counters == .direct ? "\(snapshot.direct.endedInSlot) ended, " : ""
        let cores = snapshot.configuration.strategy.addsEveryScanAtOnce ? " (\(state.info.cores) cores)" : ""
        var occupancy = "\(CounterSource.viaActor.tag): \(held) \(dot) \(CounterSource.direct.tag): \(ended)\(snapshot.onThreadIsExact ? "" : "at least ")\(snapshot.onThread) on a thread\(cores)"
        if let runsAt = runsAt(slots) { occupancy += " \(dot) " + runsAt }
        // A lane's time is how long its scan has held the slot, by the actor's book; the median is
        // of the children's own run times. The bars' key goes whole or not at all, and first when
        // the title has no room; the counts always stay.
        let bars = "   bars: slot time against the median run"
        // The bars are drawn only with their key: without it they read as progress bars.
        let barsShown = median > .zero && "── Slots  ".count + occupancy.count + bars.count + 2 <= width
        Section.rule("Slots", note: barsShown ? occupancy + bars : occupancy, into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
        let rows = height - 1
        guard rows > 0 else { return }
        // When not every lane fits, the last row sums up the ones left out.
        let shown = slots.count <= rows ? slots.count : rows - 1
        let slotWidth = String(max(0, slots.count - 1)).count
        let scanWidth = String(max(0, snapshot.scanScale - 1)).count
        for slot in 0..<shown {
            let row = y + 1 + slot
            var column = grid.write(" slot " + Figures.padLeft(String(slot), slotWidth) + " ", x: x, y: row, style: Style(.muted))
            guard let occupant = slots[slot] else {
                var word = state.isPaused ? "free (paused)" : "free"
                // The sleep is the queue's, not every lane's: it is told on the lane the next
                // scan takes, the first free one.
                if let gapEnds = snapshot.gapEnds, slot == slots.firstIndex(where: { $0 == nil }) {
                    // The serial loop sleeps between two scans (`--spacing`): how long it has left.
                    let left = Figures.seconds(max(.zero, gapEnds - state.elapsed))
                    word = snapshot.configuration.strategy == .actorQueue
                        ? "free: the actor's queue sleeps, next job in \(left) (--spacing)"
                        : "free: the loop sleeps, next scan in \(left) (--spacing)"
                }
                grid.write("  " + word, x: column, y: row, style: Style(.muted), width: x + width - column)
                continue
            }
            column = grid.write(String(state.glyphs.running) + " ", x: column, y: row, style: Style(.good, bold: true))
            column = grid.write("scan " + Figures.padLeft(String(occupant.scan), scanWidth) + "  ", x: column, y: row, width: x + width - column)
            column = grid.write(Figures.padRight(occupant.priority.description, 7), x: column, y: row, style: Style(occupant.priority.tint), width: x + width - column)
            column = drawTask(occupant, into: &grid, x: column, y: row, end: x + width)
            let ran = max(.zero, state.elapsed - occupant.startedAt)
            column = grid.write(Figures.padLeft(Figures.seconds(ran), 8) + "  ", x: column, y: row, width: x + width - column)
            if slot >= snapshot.batch {
                // Above a shrunken batch: the lane goes when its scan finishes.
                column = grid.write("closing ", x: column, y: row, style: Style(.warn), width: x + width - column)
            }
            if occupant.ignoresCancellation {
                // `--ignore-cancellation`: a cancel will not stop this one.
                column = grid.write("never checks ", x: column, y: row, style: Style(.warn), width: x + width - column)
            }
            if occupant.child.sawRunLabel == false {
                // `--detached`: the scan's task inherited none of the loop's task-local values.
                column = grid.write("no run label ", x: column, y: row, style: Style(.warn), width: x + width - column)
            }
            if barsShown {
                // Past the median the bar is full, and says by how much: a scan still running
                // beside a full bar is no finished one.
                let ratio = ran / median
                let past = ratio > 1 ? " \(FixedPoint.fixed(ratio, places: 1))\(state.glyphs.times)" : ""
                let barWidth = max(0, min(24, x + width - column - 1) - past.count)
                Bar.draw(min(ratio, 1), into: &grid, x: column, y: row, width: barWidth, style: Style(occupant.priority.tint), glyphs: state.glyphs)
                if !past.isEmpty { grid.write(past, x: column + barWidth, y: row, style: Style(.muted), width: x + width - column - barWidth) }
            }
        }
        if shown < slots.count {
            let hidden = slots[shown...]
            let hiddenBusy = hidden.compactMap { $0 }
            var text = " \(hidden.count) more slots, \(hiddenBusy.count) busy"
            let byPriority = ScanPriority.allCases.map { priority in
                "\(priority) \(hiddenBusy.lazy.filter { $0.priority == priority }.count)"
            }
            if !hiddenBusy.isEmpty { text += ": " + byPriority.joined(separator: ", ") }
            grid.write(text, x: x, y: y + 1 + shown, style: Style(.muted), width: width)
        }
    }

    /// `task low`: the priority the scan's own task keeps as its base (`Task.basePriority`), as the
    /// child read it, tinted as a warning if it is not the one the scan asked for; `no task` for a
    /// scan that runs inline in another task (the serial loop's), whose priority never reaches the
    /// runtime. Blank until the child has read it.
    private static func drawTask(_ occupant: SlotOccupancy, into grid: inout Grid, x: Int, y: Int, end: Int) -> Int {
        let width = 13
        guard end - x > width + 10 else { return x }
        let blank = String(repeating: " ", count: width)
        guard occupant.child.current != nil else { return grid.write(blank, x: x, y: y) }
        guard let base = occupant.child.base else {
            return grid.write(Figures.padRight("  no task", width), x: x, y: y, style: Style(.muted))
        }
        let column = grid.write("  task ", x: x, y: y, style: Style(.muted))
        let style = base == occupant.priority.taskPriority ? Style(ScanPriority(base)?.tint ?? .muted) : Style(.warn, bold: true)
        return grid.write(Figures.padRight(name(base), width - 7), x: column, y: y, style: style)
    }

    /// `all run at medium`: the priorities the running scans run at (`Task.currentPriority`), as
    /// their children read them; on this runtime, their parent's, the same for every scan whatever
    /// it asked. `nil` until a running scan has read it.
    static func runsAt(_ slots: [SlotOccupancy?]) -> String? {
        let readings = slots.compactMap { $0?.child.current }
        guard !readings.isEmpty else { return nil }
        let priorities = Set(readings.map(\.rawValue)).sorted(by: >).map { name(TaskPriority(rawValue: $0)) }
        if priorities.count > 1 { return "run at " + priorities.joined(separator: ", ") }
        return (readings.count == 1 ? "runs at " : "all run at ") + priorities[0]
    }

    private static func name(_ priority: TaskPriority) -> String {
        ScanPriority(priority)?.description ?? "p\(priority.rawValue)"
    }
}
