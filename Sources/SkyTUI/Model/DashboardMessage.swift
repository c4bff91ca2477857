public import SkyCore
public import SkySoak

/// Everything that changes the dashboard: a frame tick with the engine's latest snapshot, a key,
/// or a new terminal size.
public enum DashboardMessage: Sendable {
    /// `elapsed` is the run's live elapsed time when the snapshot was read, so the clock ticks
    /// between scheduling steps and tests can feed any time they like.
    case frame(ScanSnapshot, elapsed: Duration)
    case key(Key)
    case resize(TerminalSize)
    /// Events since the last frame, oldest first, for the explain panel and the timeline; where
    /// the buffer had to drop some, a count of them in their place.
    case events([HeldEvent])
    /// The host's CPUs, read at most once a second.
    case host(HostFigures)
    /// What the run's loop has observed beside the engine so far (a streamed file's losses, the
    /// host's steal, a throttle warning), which the verdict weighs as the summary will.
    case observed(RunObservations)
}

/// What the dashboard asks of the world after a message: controls for the engine, or to leave.
public enum DashboardCommand: Equatable, Sendable {
    /// A control for the run on screen, as the engine takes it.
    case control(ScanControl)
    /// After a run: leave this run's screen and run again with this strategy (`s`, then `r`).
    case rerun(ScanStrategy)
    /// Leave the dashboard: the run has finished and the user is done looking.
    case exit
    /// In a lesson: leave this part's screen and go on to the next part.
    case nextPart
}
