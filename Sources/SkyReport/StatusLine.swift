public import SkyCore
import SkyFormat

/// The once-a-second progress line of a headless run, in the words the dashboard, the summary and
/// the lessons share (`ScanStrategy.holder`): scheduled, in the group (from a scan's slot to its
/// end, its child on a thread or waiting for one), on a thread (what the pool executes at the
/// reading), and the ends: completed, failed, cancelled.
public enum StatusLine {
    /// `soak`: the operator's line (`sky soak`): results verified, mismatches, in the group, the
    /// rate and the time left, without the scheduling a lesson watches.
    public static func format(_ snapshot: ScanSnapshot, at now: ContinuousClock.Instant, soak: Bool = false) -> String {
        let c = snapshot.counters
        let held = "\(snapshot.configuration.strategy.holder) \(c.running)/\(snapshot.batch)"
        var line = "[\(FixedPoint.fixed(snapshot.liveElapsed(at: now).seconds, places: 1))s] "
        if soak {
            line += "\(snapshot.configuration.verify ? "verified" : "completed") \(c.completed)  mismatches \(c.verificationFailures)  "
            if c.failed > 0 || snapshot.configuration.failureRate > 0 { line += "failed on purpose \(c.failed)  " }
            line += "\(held)  \(FixedPoint.fixed(snapshot.recentRate, places: 2)) scans/s"
            if let remaining = snapshot.remaining(at: snapshot.liveElapsed(at: now)) {
                line += "  remaining \(FixedPoint.fixed(remaining.seconds, places: 0)) s"
            }
            if case .stopping = snapshot.phase { line += "  (stopping)" }
            if snapshot.phase == .paused { line += "  (paused)" }
            return line
        }
        line += "scheduled \(c.scheduled)" + (snapshot.configuration.total.map { "/\($0)" } ?? "") + "  \(held)  "
        line += "on a thread \(snapshot.onThreadIsExact ? "" : "at least ")\(snapshot.onThread)  completed \(c.completed)  failed \(c.failed)  "
        line += "cancelled \(c.cancelled)  \(FixedPoint.fixed(snapshot.recentRate, places: 2)) scans/s"
        if c.verificationFailures > 0 { line += "  VERIFICATION FAILURES \(c.verificationFailures)" }
        if let remaining = snapshot.remaining(at: snapshot.liveElapsed(at: now)) {
            line += "  remaining \(FixedPoint.fixed(remaining.seconds, places: 0)) s"
        }
        switch snapshot.phase {
        case .paused: line += "  (paused)"
        case .stopping where snapshot.leftRunning != nil && !snapshot.configuration.taskBag:
            line += "  (the loop has returned: its unstructured tasks run on)"
        case .stopping(.taken) where snapshot.configuration.strategy.takesInGroupBody:
            line += "  (the body has returned: the group waits for its running children)"
        case .stopping(.thrown) where snapshot.configuration.strategy == .waitForAll:
            line += "  (waitForAll() holds the error: every child runs on)"
        case .stopping: line += "  (cancelling)"
        case .ready, .running, .finished: break
        }
        return line
    }
}
