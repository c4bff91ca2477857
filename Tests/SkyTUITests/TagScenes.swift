@testable import SkyCore
import SkySoak
import SkyTUI

/// Dashboards that show the tags, notes and badges the other scenes do not: each a hand-built
/// snapshot of the run that shows it, so `HelpOverlayTests` can hold the help to all of them.
enum TagScene: String, CaseIterable {
    /// The unchecked-cancellation lesson, `c` pressed: two lanes never check (`--ignore-cancellation`).
    case neverChecks = "never-checks"
    /// The task-local lesson's detached part: no scan found the run's label, each runs at its own priority.
    case detached
    /// `--errors collect`, running: results held in the body's array.
    case collecting
    /// `--errors collect`, thrown: the body's array went with the error.
    case collectThrown = "collect-thrown"
    /// `--no-yield`, counted by the children: the actor's lag, the children's tags.
    case starved
    /// Other processes take a third of the cores.
    case busyMachine = "busy-machine"
    /// The hypervisor gives other guests a share of the cores.
    case stolen
    /// `--batch` lowered from 4 to 2 while four scans run: two lanes close.
    case shrunk
    /// `--strategy wait-for-all --errors throw` after the first failure.
    case errorHeld = "error-held"
    /// `--take` in the group's body: the body has returned.
    case bodyReturned = "body-returned"
    /// `--strategy unstructured` without a bag: the loop has returned.
    case orphans
    /// Before the first frame.
    case starting
    /// Each way a run can end that the other scenes do not show.
    case failFast = "fail-fast"
    case timeUp = "time-up"
    case taken

    /// Wide, a projector's, and short, where the Scans panel takes its compact rows and the notes
    /// of the panels that give way (`busy machine`, the children's tag).
    static let sizes = [TerminalSize(width: 120, height: 40), TerminalSize(width: 80, height: 24), TerminalSize(width: 100, height: 20)]

    func state(size: TerminalSize) -> DashboardState {
        var snapshot = Scene.midRun
        var info = Scene.info
        var hostLoad: HostLoad?
        func configure(_ change: (inout RunConfiguration) -> Void) { change(&snapshot.progress.configuration) }
        switch self {
        case .neverChecks:
            configure { $0.ignoreCancellationRate = 0.5 }
            snapshot.progress.phase = .stopping(.cancelled)
            for slot in [1, 3] { snapshot.slots[slot]?.ignoresCancellation = true }
        case .detached:
            configure {
                $0.strategy = .unstructured
                $0.detached = true
            }
            snapshot.slots = snapshot.slots.map { slot in
                slot.map { SlotOccupancy(scan: $0.scan, priority: $0.priority, startedAt: $0.startedAt, child: ChildView(base: $0.priority.taskPriority, current: $0.priority.taskPriority, sawRunLabel: false)) }
            }
        case .collecting:
            configure { $0.errors = .collect }
        case .collectThrown:
            configure { $0.errors = .collect }
            snapshot.progress.phase = .finished(.thrown(scan: 4))
            snapshot.progress.discarded = 5
        case .starved:
            configure { $0.yields = false }
            info = RunInfo(cores: 2, counters: .direct)
            snapshot.progress.direct.completed = 7
            snapshot.progress.direct.running = 2
            snapshot.progress.direct.endedInSlot = 2
            snapshot.progress.onThreadIsExact = false
        case .busyMachine:
            hostLoad = HostLoad(others: 0.35, steal: 0)
        case .stolen:
            hostLoad = HostLoad(others: 0.05, steal: 0.04)
        case .shrunk:
            snapshot.progress.batch = 2
        case .errorHeld:
            configure {
                $0.strategy = .waitForAll
                $0.errors = .throw
            }
            snapshot.progress.phase = .stopping(.thrown(scan: 4))
        case .bodyReturned:
            configure { $0.take = 3 }
            snapshot.progress.phase = .stopping(.taken)
        case .orphans:
            configure { $0.strategy = .unstructured }
            snapshot.progress.leftRunning = 4
        case .starting:
            snapshot = ScanSnapshot(configuration: Scene.configuration)
        case .failFast:
            configure { $0.failFast = true }
            snapshot.progress.phase = .finished(.failFast(scan: 4))
        case .timeUp:
            configure { $0.duration = .seconds(5) }
            snapshot.progress.phase = .finished(.timeUp)
        case .taken:
            configure { $0.take = 3 }
            snapshot.progress.phase = .finished(.taken)
        }
        var state = DashboardState(snapshot: snapshot, size: size, info: info)
        if self != .starting { _ = state.update(.frame(snapshot, elapsed: snapshot.elapsed)) }
        if let hostLoad {
            var observations = RunObservations()
            observations.hostLoad = hostLoad
            _ = state.update(.observed(observations))
        }
        return state
    }
}
