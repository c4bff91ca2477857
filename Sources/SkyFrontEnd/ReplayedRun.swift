import SkyCore
import SkyReplay
import SkyTUI

/// A recorded run played back for the dashboard, at the recorded pace times `speed`.
///
/// The replay's clock is the run's: it stands still while paused, and `n` moves it to the next
/// scan's start. Quitting plays the rest at once, so the summary is always the recorded run's.
/// The file was read through once before (`ReplayCommand`), so a line that breaks now means it
/// changed since; playback then stops and the summary of that first reading stands.
final class ReplayedRun: WatchedRun {
    private let player: RecordedRunPlayer
    private let speed: Double
    private let events: ScanEventBuffer
    /// The summary of the first reading.
    private let recorded: RunSummary
    /// How far the run's clock has got, and the wall-clock instant it got there.
    private var played: Duration = .zero
    private var lastAdvance: ContinuousClock.Instant?
    private var paused = false
    /// The fault that stopped playback, if the file changed under it.
    private(set) var failure: RecordedRunFile.Broken?

    init(file: RecordedRunFile, recorded: RunSummary, speed: Double, events: ScanEventBuffer) {
        player = RecordedRunPlayer(file: file)
        self.recorded = recorded
        self.speed = speed
        self.events = events
    }

    func advance(to now: ContinuousClock.Instant) {
        if !paused, let last = lastAdvance { played += (now - last) * speed }
        lastAdvance = now
        play { player throws(RecordedRunFile.Broken) in try player.play(until: played, into: events.record) }
    }

    func frame(at now: ContinuousClock.Instant) -> (snapshot: ScanSnapshot, elapsed: Duration) {
        guard failure == nil else { return (recorded.snapshot, recorded.snapshot.elapsed) }
        let snapshot = player.replay.snapshot(at: played)
        return (snapshot, snapshot.elapsed)
    }

    func perform(_ control: ScanControl) {
        switch control {
        case .pause: paused = true
        case .resume: paused = false
        case .step:
            play { player throws(RecordedRunFile.Broken) in try player.playThroughNextStart(into: events.record) }
            played = max(played, player.replay.time)
        case .cancel:
            // Quit, or a signal: the rest of the record, at once.
            play { player throws(RecordedRunFile.Broken) in try player.playToEnd(into: events.record) }
        case .setBatch:
            // The recorded batch changes play as they happened; a replay changes nothing.
            break
        }
    }

    var summary: RunSummary? {
        failure != nil ? recorded : player.isDone ? player.replay.summary : nil
    }

    private func play(_ body: (RecordedRunPlayer) throws(RecordedRunFile.Broken) -> Void) {
        guard failure == nil else { return }
        do {
            try body(player)
        } catch {
            failure = error
        }
    }
}
