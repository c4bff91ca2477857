/// A way to put the run's scans on the cooperative pool: the loop a student writes.
///
/// A strategy asks `scans.next()` for each scan to start and runs it with `scan.run()`, in a task
/// group, an `async let`, a `Task {}` or inline, as its idea needs. Everything else is the
/// engine's: which scan comes next and when (`next()` waits while the run is paused, and returns
/// `nil` when the window is full or the run is over), each scan's start and end in the run book,
/// and the controls. A cancel, a signal, `--cancel-after`, `--fail-fast` and the end of
/// `--duration` reach the strategy as task cancellation, or as a `next()` that has nothing more.
///
/// The rules a strategy keeps (docs/strategies.md): every scan it takes from `next()` is run once,
/// or dropped only once the run is stopping; and it returns once every scan it started has ended.
public protocol Strategy: Sendable {
    /// Runs the scans `scans` hands out, and returns when every one it started has ended.
    func run(_ scans: Scans) async
}
