/// What a dashboard key asks for. `DashboardState` decides what it does in the state the dashboard
/// is in: a pause asked for while cancelling does nothing, and only q, Esc or Enter leaves the
/// done screen.
public enum KeyAction: Hashable, Sendable, CaseIterable {
    /// Cancel the running scans, then leave with the summary.
    case quit
    case pauseOrResume
    /// While paused: one scheduling step.
    case step
    /// Cancel the run and stay on the dashboard.
    case cancel
    case growBatch
    case shrinkBatch
    /// The errors panel, or the explain panel in its place.
    case switchPanel
    /// The code panel, with the file of the strategy's loop, or the panel it replaced.
    case showCode
    /// After a run: the next strategy for a rerun.
    case chooseStrategy
    /// After a run: the same scans again with the chosen strategy.
    case rerun
    /// Open or close the help overlay.
    case help
    /// The projector's view, only what a lesson needs in large blocks, or the whole dashboard.
    case projector
    /// In a lesson, once a part has finished: go on to the next part.
    case nextPart
    /// Scroll the help overlay, the code panel or the explain panel a line or a page: down,
    /// further into the file, or to older lines in the explain panel; up, back.
    case lineDown, lineUp, pageDown, pageUp

    /// Whether it scrolls.
    public var scrolls: Bool {
        switch self {
        case .lineDown, .lineUp, .pageDown, .pageUp: true
        default: false
        }
    }
}

extension KeyAction {
    /// Leaves a done screen: quit, or Enter. Nothing else does, so that a stray key in front of a
    /// class (space for a pause that comes too late) never takes the finished run off the screen.
    public var leavesDoneScreen: Bool { self == .quit || self == .nextPart }

    /// The done screen's hint, from the keys that leave it.
    public static let doneScreenHint = "\(DashboardKeys.key(of: .quit)) or \(DashboardKeys.label(of: .nextPart)) exits"
}
