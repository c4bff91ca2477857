/// The dashboard's keys, declared once: what each row of keys is called, what it does, which
/// action each of its keys asks for, when it does anything, and what the footer calls it. The help
/// overlay, the footers, `sky --help` and the key handling read them from here, and a test holds
/// the README's list of keys to them.
public enum DashboardKeys {
    /// One row of keys, as the help shows it.
    public struct Row: Sendable {
        /// The keys as the help names them, e.g. `q Esc ^C`: each word the name of one of its keys.
        public let label: String
        /// What they do, in one sentence.
        public let help: String
        /// Each key of the row and the action it asks for.
        public let actions: [Key: KeyAction]
        /// Whether its keys do anything in a state; a key pressed where its row is not enabled is
        /// ignored.
        public internal(set) var isEnabled: @Sendable (DashboardState) -> Bool = { _ in true }
        /// What the footer of a running dashboard calls it where it offers it, e.g. `pause`;
        /// `nil` where it does not (it is enabled, but the footer leaves room for what matters more).
        public internal(set) var offer: @Sendable (DashboardState) -> String? = { _ in nil }

        /// How the footer names the row: by its first key when all its keys do the same (`q`),
        /// else by all of them (`+ -`).
        public var footerKeys: String {
            Set(actions.values).count == 1 ? String(label.split(separator: " ")[0]) : label
        }
    }

    public static let rows: [Row] = [
        Row(
            label: "q Esc ^C", help: "Quit: cancel the running scans, then print the summary.",
            actions: [.character("q"): .quit, .character("Q"): .quit, .escape: .quit, .interrupt: .quit],
            offer: { _ in "quit" }),
        Row(
            label: "space", help: "Pause or resume: running scans finish, no new ones start.",
            actions: [.character(" "): .pauseOrResume],
            isEnabled: { !$0.isFinished && !$0.isStopping },
            offer: { $0.isPaused ? "resume" : "pause" }),
        // The soak's footer leaves the step out: an operator does not step a burn-in.
        Row(
            label: "n", help: "While paused: start one more scan, one scheduling step.", actions: [.character("n"): .step],
            isEnabled: { $0.isPaused }, offer: { $0.info.soak == nil ? "step" : nil }),
        // A replay shows what was recorded: nothing can cancel it or change its batch.
        Row(
            label: "c", help: "Cancel, and stay to see how fast the scans stopped.", actions: [.character("c"): .cancel],
            isEnabled: { !$0.isFinished && !$0.isStopping && $0.info.replay == nil }, offer: { _ in "cancel" }),
        // = and _ share the + and - keys on most keyboards, so Shift does not matter. Serial runs
        // one at a time and unbounded has no bound: there is no batch to change.
        Row(
            label: "+ -", help: "Grow or shrink the batch while the run goes on.",
            actions: [.character("+"): .growBatch, .character("="): .growBatch, .character("-"): .shrinkBatch, .character("_"): .shrinkBatch],
            isEnabled: { !$0.isFinished && !$0.isStopping && $0.info.replay == nil && $0.snapshot.configuration.strategy.usesBatch },
            offer: { $0.isPaused || $0.info.soak != nil ? nil : "batch \($0.requestedBatch)" }),
        // The soak's view has no explain, code or projector panel to switch to.
        Row(
            label: "e", help: "Switch between the errors panel and the explain panel, which narrates each scheduling decision.",
            actions: [.character("e"): .switchPanel],
            isEnabled: { $0.info.soak == nil },
            offer: { isGoing($0) ? ($0.showingExplain && !$0.showingCode ? "errors" : "explain") : nil }),
        Row(
            label: "Up Down", help: "Scroll the help, the code or the explain panel a line: Down further into the file, or to older lines; Up back.",
            actions: [.down: .lineDown, .up: .lineUp]),
        Row(label: "PgUp PgDn", help: "Scroll them a page.", actions: [.pageDown: .pageDown, .pageUp: .pageUp]),
        Row(
            label: "v", help: "Show or hide the code panel: the whole file of the loop running the scans, opened where it matters.",
            actions: [.character("v"): .showCode],
            isEnabled: { $0.info.soak == nil },
            offer: { isGoing($0) ? ($0.showingCode ? "hide code" : "code") : nil }),
        // A lesson's done screen goes on to its next part instead, the soak's offers only to leave,
        // and a refused rerun says why on the done screen rather than leave it by surprise.
        Row(
            label: "s r", help: "After a run: s picks another strategy, r runs the same scans with it.",
            actions: [.character("s"): .chooseStrategy, .character("r"): .rerun],
            isEnabled: { $0.isFinished && $0.info.soak == nil && $0.info.lesson == nil && $0.info.rerunRefusal == nil }),
        Row(
            label: "p", help: "Switch to the projector's view, large blocks, and back.",
            actions: [.character("p"): .projector],
            isEnabled: { $0.info.soak == nil }),
        Row(
            label: "?", help: "What each panel and key means; ? or Esc closes it.", actions: [.character("?"): .help],
            offer: { $0.isStopping ? nil : "help" }),
        // The terminal sends Enter as a carriage return (ncurses' `nonl`), or a newline.
        Row(
            label: "Enter", help: "Once done: leave, or in a lesson go on to the next part (q ends the lesson).",
            actions: [.character("\r"): .nextPart, .character("\n"): .nextPart],
            isEnabled: { $0.isFinished }),
    ]

    /// Running and not paused: the footer has room for the panels' keys.
    private static func isGoing(_ state: DashboardState) -> Bool { !state.isStopping && !state.isPaused }

    /// The row that holds `action`.
    public static func row(of action: KeyAction) -> Row {
        rows.first { $0.actions.values.contains(action) }!
    }

    /// The label of the row that holds `action`, as the help shows it.
    public static func label(of action: KeyAction) -> String { row(of: action).label }

    /// The first key of its row's label that asks for `action`, as a hint names it: `q`, `s`.
    public static func key(of action: KeyAction) -> String {
        let row = row(of: action)
        let names = Set(row.actions.filter { $0.value == action }.keys.map(\.name))
        return row.label.split(separator: " ").map(String.init).first { names.contains($0) }!
    }

    /// Whether `action` does anything in `state`.
    public static func isEnabled(_ action: KeyAction, in state: DashboardState) -> Bool {
        row(of: action).isEnabled(state)
    }

    /// What the footer of a running dashboard offers, in the rows' order: (keys, what they do).
    public static func offers(_ state: DashboardState) -> [(keys: String, word: String)] {
        rows.compactMap { row in row.isEnabled(state) ? row.offer(state).map { (row.footerKeys, $0) } : nil }
    }

    /// What `key` asks for; `nil` for a key no row names.
    public static func action(for key: Key) -> KeyAction? {
        actions[key]
    }

    private static let actions: [Key: KeyAction] = rows.reduce(into: [:]) { all, row in
        all.merge(row.actions) { first, _ in first }
    }
}
