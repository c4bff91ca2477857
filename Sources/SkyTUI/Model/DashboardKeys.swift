/// The dashboard's keys, declared once: what each row of keys is called, what it does, and which
/// action each of its keys asks for. The help overlay, `sky --help` and the key handling read them
/// from here, and a test holds the README's list of keys to them.
public enum DashboardKeys {
    /// One row of keys, as the help shows it.
    public struct Row: Sendable {
        /// The keys as the help names them, e.g. `q Esc ^C`.
        public let label: String
        /// What they do, in one sentence.
        public let help: String
        /// Each key of the row and the action it asks for.
        public let actions: [Key: KeyAction]
    }

    public static let rows: [Row] = [
        Row(
            label: "q Esc ^C", help: "Quit: cancel the running scans, then print the summary.",
            actions: [.character("q"): .quit, .character("Q"): .quit, .escape: .quit, .interrupt: .quit]),
        Row(
            label: "space", help: "Pause or resume: running scans finish, no new ones start.",
            actions: [.character(" "): .pauseOrResume]),
        Row(label: "n", help: "While paused: start one more scan, one scheduling step.", actions: [.character("n"): .step]),
        Row(label: "c", help: "Cancel, and stay to see how fast the scans stopped.", actions: [.character("c"): .cancel]),
        // = and _ share the + and - keys on most keyboards, so Shift does not matter.
        Row(
            label: "+ -", help: "Grow or shrink the batch while the run goes on.",
            actions: [.character("+"): .growBatch, .character("="): .growBatch, .character("-"): .shrinkBatch, .character("_"): .shrinkBatch]),
        Row(
            label: "e", help: "Switch between the errors panel and the explain panel, which narrates each scheduling decision.",
            actions: [.character("e"): .switchPanel]),
        Row(
            label: "Up Down", help: "Scroll the help, the code or the explain panel a line: Down further into the file, or to older lines; Up back.",
            actions: [.down: .lineDown, .up: .lineUp]),
        Row(label: "PgUp PgDn", help: "Scroll them a page.", actions: [.pageDown: .pageDown, .pageUp: .pageUp]),
        Row(
            label: "v", help: "Show or hide the code panel: the whole file of the loop running the scans, opened where it matters.",
            actions: [.character("v"): .showCode]),
        Row(
            label: "s r", help: "After a run: s picks another strategy, r runs the same scans with it.",
            actions: [.character("s"): .chooseStrategy, .character("r"): .rerun]),
        Row(
            label: "p", help: "Switch to the projector's view, large blocks, and back.",
            actions: [.character("p"): .projector]),
        Row(label: "?", help: "What each panel and key means; ? or Esc closes it.", actions: [.character("?"): .help]),
        // The terminal sends Enter as a carriage return (ncurses' `nonl`), or a newline.
        Row(
            label: "Enter", help: "Once done: leave, or in a lesson go on to the next part (q ends the lesson).",
            actions: [.character("\r"): .nextPart, .character("\n"): .nextPart]),
    ]

    /// The label of the row that holds `action`, as the help shows it.
    public static func label(of action: KeyAction) -> String {
        rows.first { $0.actions.values.contains(action) }!.label
    }

    /// What `key` asks for; `nil` for a key no row names.
    public static func action(for key: Key) -> KeyAction? {
        actions[key]
    }

    private static let actions: [Key: KeyAction] = rows.reduce(into: [:]) { all, row in
        all.merge(row.actions) { first, _ in first }
    }
}
