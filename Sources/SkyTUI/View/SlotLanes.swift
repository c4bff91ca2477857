import SkyCore

/// One lane per task-group slot: the scan in it, its priority and how long it has run. When a scan
/// finishes, its lane empties and the highest-priority waiting scan takes it: the sliding window.
enum SlotLanes {
    static func draw(_ state: DashboardState, into grid: inout Grid, x: Int, y: Int, width: Int, height: Int) {
        let snapshot = state.snapshot
        let slots = snapshot.slots
        let busy = slots.lazy.filter { $0 != nil }.count
        let median = Duration.milliseconds(snapshot.runLatency.p50)
        let note = median > .zero ? "bars: time run against the median" : ""
        // Running is what the program started; on a thread is what the pool is executing right
        // now. More running than cores means children waiting for a thread.
        let dot = state.glyphs.dot
        let occupancy = switch snapshot.configuration.strategy {
        case .unbounded: "\(busy) in the group \(dot) \(snapshot.onThread) on a thread (\(state.info.cores) cores)   "
        case .serial, .batched, .stream, .asyncLet, .unstructured: "\(busy) of \(snapshot.batch) busy \(dot) \(snapshot.onThread) on a thread   "
        }
        Section.rule("Slots", note: note.isEmpty ? String(occupancy.dropLast(3)) : occupancy + note, into: &grid, x: x, y: y, width: width, glyphs: state.glyphs)
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
                let word = state.isPaused ? "free (paused)" : "free"
                grid.write("  " + word, x: column, y: row, style: Style(.muted), width: x + width - column)
                continue
            }
            column = grid.write(String(state.glyphs.running) + " ", x: column, y: row, style: Style(.good, bold: true))
            column = grid.write("scan " + Figures.padLeft(String(occupant.scan), scanWidth) + "  ", x: column, y: row, width: x + width - column)
            column = grid.write(Figures.padRight(occupant.priority.description, 7), x: column, y: row, style: Style(occupant.priority.tint), width: x + width - column)
            column = drawEffective(occupant, into: &grid, x: column, y: row, end: x + width, glyphs: state.glyphs)
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
            if median > .zero {
                Bar.draw(ran / median, into: &grid, x: column, y: row, width: min(24, x + width - column - 1),
                         style: Style(occupant.priority.tint), glyphs: state.glyphs)
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

    /// `runs medium`: the priority the runtime reports the scan's child running at
    /// (`Task.currentPriority`), beside the one it asked for. Blank until the child has started.
    private static func drawEffective(_ occupant: SlotOccupancy, into grid: inout Grid, x: Int, y: Int, end: Int, glyphs: Glyphs) -> Int {
        let width = 13
        guard end - x > width + 10 else { return x }
        guard let effective = occupant.effective else { return grid.write(String(repeating: " ", count: width), x: x, y: y) }
        let asked = occupant.priority.taskPriority
        let mark = effective > asked ? glyphs.up : effective < asked ? glyphs.down : " "
        let name = ScanPriority(effective).map(\.description) ?? "p\(effective.rawValue)"
        let tint = ScanPriority(effective)?.tint ?? .muted
        var column = grid.write("\(mark) ", x: x, y: y, style: Style(effective == asked ? .muted : .accent, bold: true))
        column = grid.write("runs ", x: column, y: y, style: Style(.muted))
        return grid.write(Figures.padRight(name, width - 7), x: column, y: y, style: Style(tint))
    }
}
