#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SkyCore
import SkyTUI
import SkyTerminal

/// What a dashboard's frame loop shows: a run's (`DashboardRun`, which a replay shares) or the
/// comparison's (`DashboardComparison`). It keeps the screen's state and steps it; the loop keeps
/// the time, reads the terminal, takes signals and carries out the commands the state returns.
protocol FrameSource {
    /// Brings the state up to `now`: the newest events and snapshot.
    mutating func frame(at now: ContinuousClock.Instant) -> FrameStep
    /// A key or a new terminal size.
    mutating func update(_ input: TerminalInput) -> [DashboardCommand]
    /// A signal or a hang-up: the loop asks once, and leaves when `hasEnded` says so.
    mutating func stop() -> [DashboardCommand]
    /// Sends a control to what is running.
    mutating func perform(_ control: ScanControl)
    /// Nothing more will change on screen; after a stop, the loop leaves then rather than wait for a key.
    var hasEnded: Bool { get }
    func render() -> Grid
}

/// What one step of a `FrameSource` asks of the loop.
struct FrameStep {
    /// How soon the next frame is due.
    enum Pace {
        /// Something moves: the next frame comes at `FrameLoop.frameInterval`.
        case busy
        /// Nothing moves (paused with no scan running, done); keys still wake the loop.
        case idle
        /// The frame is not ready: nothing is drawn, and the loop asks again a frame later.
        case notReady
    }

    var commands: [DashboardCommand]
    var pace: Pace
}

/// The dashboard's frame loop, for a run, a replay and a comparison alike.
///
/// It blocks on the main thread, in `wgetch` with a timeout, and the sources read the engine's
/// lock-protected snapshot. It never waits for a turn on the cooperative pool, so frames and keys
/// keep their rhythm while every pool thread is busy with scans.
struct FrameLoop {
    /// About 30 frames a second while something moves.
    static let frameInterval: Duration = .milliseconds(33)
    static let idleInterval: Duration = .milliseconds(250)

    /// How the loop ended: the signal that stopped it (a hang-up counts as SIGHUP), and where a key
    /// chose what comes next, a strategy to run again with or a lesson's next part.
    struct Ending {
        var signal: Int32?
        var rerun: ScanStrategy?
        var goesOn = false
    }

    let screen: CursesScreen

    /// Shows `source` until a command leaves, or, once stopped by a signal or hang-up, until it has ended.
    func run(_ source: inout some FrameSource) -> Ending {
        let clock = ContinuousClock()
        var ending = Ending()
        // The terminal has gone: nothing to read from it or draw on it any more.
        var hungUp = false
        var leaving = false
        var nextFrame = clock.now

        func perform(_ commands: [DashboardCommand]) {
            for command in commands {
                switch command {
                case .control(let control): source.perform(control)
                case .exit: leaving = true
                case .nextPart:
                    ending.goesOn = true
                    leaving = true
                case .rerun(let strategy):
                    ending.rerun = strategy
                    leaving = true
                }
            }
        }

        func stop(by signal: Int32) {
            guard ending.signal == nil else { return }
            ending.signal = signal
            perform(source.stop())
        }

        while !leaving {
            // A SIGHUP after the hang-up was seen is news of that hang-up, not a second signal.
            // A second signal ends Sky from its watchdog (`LastResort`), terminal put back.
            if let signal = SignalTrap.take(), !(hungUp && signal == SIGHUP) {
                stop(by: signal)
            }
            let now = clock.now
            if now >= nextFrame {
                let step = source.frame(at: now)
                perform(step.commands)
                let interval: Duration
                switch step.pace {
                case .notReady:
                    nextFrame = now + Self.frameInterval
                    continue
                case .busy: interval = Self.frameInterval
                case .idle: interval = Self.idleInterval
                }
                if !hungUp { screen.draw(source.render()) }
                nextFrame += interval
                if nextFrame <= now { nextFrame = now + interval }
                // Stopped from outside: nothing to wait for once the source has ended.
                if ending.signal != nil && source.hasEnded { leaving = true }
                continue
            }
            if hungUp {
                usleep(UInt32((nextFrame - now) / .microseconds(1)))
                continue
            }
            // Keys are answered at once, with a fresh frame, not at the next tick.
            if let input = screen.read(timeout: nextFrame - now) {
                if input == .hangUp {
                    // Treated as a SIGHUP, which may never come (a parent that ignores it keeps
                    // it from us): the source is stopped, and the loop leaves once it has ended.
                    hungUp = true
                    stop(by: SIGHUP)
                    continue
                }
                perform(source.update(input))
                screen.draw(source.render())
                nextFrame = min(nextFrame, clock.now + Self.frameInterval)
            }
        }
        return ending
    }
}
