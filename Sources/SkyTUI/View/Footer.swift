/// The keys, or what the run is doing when that matters more: paused, cancelling, done.
enum Footer {
    static func draw(_ state: DashboardState, into grid: inout Grid, y: Int) {
        let width = grid.size.width
        let snapshot = state.snapshot
        if state.isFinished {
            let counters = snapshot.counters
            let dot = state.glyphs.dot
            let badge = HeaderPanel.badge(state)
            var text = " \(badge.text)  \(counters.completed) completed \(dot) \(counters.failed) failed"
            text += " \(dot) \(counters.cancelled) cancelled in \(Figures.clock(snapshot.elapsed))"
            // What a cancellation or a throw did, most telling first, while they fit; they come
            // before the key hints, which the help overlay also lists.
            var extras: [String] = []
            if snapshot.discarded > 0 {
                extras.append("\(snapshot.discarded) result\(snapshot.discarded == 1 ? "" : "s") lost")
            }
            if let stoppedIn = snapshot.stoppedIn {
                extras.append("stopped in \(Figures.quantity(stoppedIn.seconds * 1000)) ms")
            }
            if let tally = snapshot.catalogue {
                // `--catalogue`: what it counted of the results it was handed.
                extras.append("catalogue \(tally.counted) of \(tally.expected)")
            }
            if let checking = snapshot.checkingStoppedIn {
                // `--ignore-cancellation`: the scans that look stop at once; the others run on.
                extras.append("those that check in \(Figures.quantity(checking.seconds * 1000)) ms")
            }
            let next = state.nextStrategy.rawValue
            let (s, r, q) = (DashboardKeys.key(of: .chooseStrategy), DashboardKeys.key(of: .rerun), DashboardKeys.key(of: .quit))
            let exits = KeyAction.doneScreenHint
            let hints =
                if let lesson = state.info.lesson {
                    // The key that goes on, and what it leads to; q ends the lesson.
                    lessonHints(DashboardKeys.label(of: .nextPart), lesson)
                } else if let refusal = state.info.rerunRefusal {
                    // How to leave outranks why there is no rerun: only these keys leave.
                    ["   no rerun: \(refusal)   \(exits) ", "   no rerun   \(exits) ", "   \(exits) ", "   \(q): exit "]
                } else {
                    // The strategy `s` chose stays as long as any hint does: without it, `s` seems to do nothing.
                    ["   \(s) strategy: \(next)   \(r) rerun   \(exits) ", "   \(s): \(next)   \(r): rerun   \(exits) ",
                     "   \(s): \(next)   \(r): rerun   \(q): exit ", "   \(r): rerun   \(exits) ", "   \(exits) ",
                     "   \(r): rerun   \(q): exit ", "   \(q): exit "]
                }
            // The way on, or out, is what a done screen is for: the extras leave room for the
            // shortest hint, a lesson's key to go on or the key that leaves.
            let kept = hints.last?.count ?? 0
            for extra in extras where text.count + extra.count + 3 + kept <= width {
                text += " \(dot) " + extra
            }
            // The banner takes the badge's colour: green when drained, red after --fail-fast.
            let style = badge.style
            grid.fill(" ", x: 0, y: y, width: width, style: style)
            let column = grid.write(text, x: 0, y: y, style: style)
            // A lesson's shortest hint is written even over the banner's end: without it the
            // done screen would not say how to go on.
            let hint = hints.first { column + $0.count <= width } ?? (state.info.lesson != nil ? hints.last ?? "" : "")
            grid.write(hint, x: max(0, width - hint.count), y: y, style: style)
            return
        }
        let column = offers(state, into: &grid, y: y)
        let status: (String, Tint)? =
            if state.isOrphaned {
                ("the loop has returned: its unstructured tasks run on, and nothing cancels them", .warn)
            } else if state.isWaitingForAll {
                ("waitForAll() holds the first error and waits for every child: none is cancelled", .warn)
            } else if state.isWaitingForChildren {
                ("the body has returned: the group waits for its running children", .warn)
            } else if state.isStopping {
                (stopping(state), .warn)
            } else if state.isPaused && state.info.replay != nil {
                ("replay paused: \(DashboardKeys.key(of: .step)) plays on to the next scan's start", .warn)
            } else if state.isPaused {
                ("paused: running scans finish, no new ones start", .warn)
            } else {
                nil
            }
        if let (text, tint) = status {
            grid.write("  " + text, x: column, y: y, style: Style(tint, bold: true))
        }
    }

    /// The keys `DashboardKeys` offers in this state, each with what it does; returns the column after them.
    static func offers(_ state: DashboardState, into grid: inout Grid, y: Int) -> Int {
        var column = 0
        for (keys, word) in DashboardKeys.offers(state) {
            column = grid.write(" " + keys, x: column, y: y, style: Style(.accent, bold: true))
            column = grid.write(" " + word + " ", x: column, y: y)
        }
        return column
    }

    /// What a stopping run does with its running scans: those that never check do not stop.
    static func stopping(_ state: DashboardState) -> String {
        let cancelling = "cancelling: running scans stop at their next check"
        // `--ignore-cancellation`: some children never look.
        return state.snapshot.configuration.ignoreCancellationRate > 0 ? cancelling + "; those that never check run to their end" : cancelling
    }

    /// `Enter: part 2, the serial queue   q: end the lesson`, longest first.
    static func lessonHints(_ key: String, _ lesson: LessonStage) -> [String] {
        let quit = DashboardKeys.key(of: .quit)
        return [
            "   \(key): \(lesson.next)   \(quit): end the lesson ", "   \(key): \(lesson.next) ", "   \(key): \(lesson.nextBrief)   \(quit): end ",
            "   \(key): \(lesson.nextBrief) ", "   \(key): go on ",
        ]
    }
}
