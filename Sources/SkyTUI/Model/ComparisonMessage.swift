public import SkyCore

/// Everything that changes `sky compare`'s dashboard: a run starting, its frames and events, its
/// end, a key, a new terminal size, or a stop from outside.
public enum ComparisonMessage: Sendable {
    /// The next run has started; its first snapshot.
    case start(ScanSnapshot)
    /// A frame of the run going: its snapshot at its live elapsed time, and the CPU time the
    /// process has used since it started.
    case frame(ScanSnapshot, elapsed: Duration, cpuSeconds: Double)
    /// Events of the run going since the last frame, oldest first, for its timeline.
    case events([RunEvent])
    /// The run going has finished: its final snapshot, and the CPU time the process used over it.
    case finish(ScanSnapshot, cpuSeconds: Double)
    case key(Key)
    case resize(TerminalSize)
    /// A signal or a hang-up: the run going stops, and no other starts.
    case stop
}
