@testable import SkyCore
import SkyTUI

/// Dashboard states built by hand from plain snapshots, so frames are the same on every run.
enum Scene: String, CaseIterable {
    case running
    case paused
    case errors
    case done
    case help
    case explain
    case code
    /// `--strategy unbounded`: twelve children in the group, two on a thread.
    case unbounded
    /// `--errors throw`: the first failure ended the run and a finished result was lost.
    case thrown

    static let configuration = RunConfiguration(total: 20, batch: 4, seed: 42)
    static let info = RunInfo(cores: 2)

    /// The state the scene shows, at `size`.
    func state(size: TerminalSize) -> DashboardState {
        var state = DashboardState(snapshot: Self.start, size: size, info: Self.info)
        // One frame a second with a few scans finishing each time: the sparkline's history.
        for (second, finished) in [1, 3, 5, 6].enumerated() {
            var snapshot = Self.start
            snapshot.progress.counters.completed = finished
            _ = state.update(.frame(snapshot, elapsed: .seconds(second + 1)))
        }
        switch self {
        case .running:
            _ = state.update(.frame(Self.midRun, elapsed: .milliseconds(4_300)))
        case .paused:
            _ = state.update(.key(.character(" ")))
            var snapshot = Self.midRun
            snapshot.progress.phase = .paused
            snapshot.slots[1] = nil
            snapshot.progress.counters.running = 3
            snapshot.progress.counters.completed += 1
            _ = state.update(.frame(snapshot, elapsed: .milliseconds(4_300)))
        case .errors:
            _ = state.update(.frame(Self.manyErrors, elapsed: .milliseconds(5_100)))
        case .done:
            _ = state.update(.frame(Self.finished, elapsed: .milliseconds(6_250)))
        case .help:
            _ = state.update(.frame(Self.midRun, elapsed: .milliseconds(4_300)))
            _ = state.update(.key(.character("?")))
        case .explain:
            _ = state.update(.key(.character("e")))
            _ = state.update(.events(Self.decisions.map { .event(.scan($0)) }))
            _ = state.update(.frame(Self.midRun, elapsed: .milliseconds(4_300)))
        case .code:
            _ = state.update(.frame(Self.midRun, elapsed: .milliseconds(4_300)))
            _ = state.update(.key(.character("v")))
        case .unbounded:
            state = DashboardState(snapshot: Self.unboundedRun, size: size, info: Self.info)
            _ = state.update(.frame(Self.unboundedRun, elapsed: .milliseconds(2_400)))
        case .thrown:
            state = DashboardState(snapshot: Self.thrownRun, size: size, info: Self.info)
            _ = state.update(.frame(Self.thrownRun, elapsed: .milliseconds(1_850)))
        }
        return state
    }

    static var unboundedRun: ScanSnapshot {
        let config = RunConfiguration(total: 12, batch: 4, seed: 4, strategy: .unbounded)
        var snapshot = ScanSnapshot(configuration: config)
        snapshot.progress.phase = .running
        snapshot.startedAt = ContinuousClock.now
        snapshot.progress.elapsed = .milliseconds(2_400)
        snapshot.progress.counters = counters(waiting: 0, running: 12, completed: 0, failed: 0)
        snapshot.progress.byPriority = PerPriority(
            high: counters(waiting: 0, running: 1, completed: 0, failed: 0),
            medium: counters(waiting: 0, running: 7, completed: 0, failed: 0),
            low: counters(waiting: 0, running: 4, completed: 0, failed: 0))
        snapshot.progress.maxRunning = 12
        snapshot.progress.onThread = 2
        snapshot.progress.mostSeenOnThread = 2
        let priorities: [ScanPriority] = [.medium, .medium, .low, .medium, .high, .medium, .medium, .medium, .low, .low, .medium, .low]
        // Ten children have started and read their priorities; two have not.
        snapshot.slots = priorities.enumerated().map {
            SlotOccupancy(scan: $0.offset, priority: $0.element, startedAt: .microseconds(50), child: $0.offset < 10 ? child($0.element) : ChildView())
        }
        return snapshot
    }

    static var thrownRun: ScanSnapshot {
        let config = RunConfiguration(total: 20, batch: 4, seed: 42, failureRate: 0.3, errors: .throw)
        var snapshot = ScanSnapshot(configuration: config)
        snapshot.progress.phase = .finished(.thrown(scan: 6))
        snapshot.startedAt = ContinuousClock.now
        snapshot.progress.elapsed = .milliseconds(1_850)
        snapshot.progress.counters = counters(waiting: 0, running: 0, completed: 5, failed: 1)
        snapshot.progress.counters.cancelled = 14
        snapshot.progress.counters.scheduled = 20
        snapshot.progress.maxRunning = 4
        snapshot.progress.discarded = 1
        snapshot.progress.finishOrder = trail("HMHMLM")
        snapshot.progress.stoppedIn = .microseconds(2_400)
        snapshot.progress.meanRate = 3.2
        snapshot.progress.recentRate = 3.2
        snapshot.progress.runLatency = LatencyPercentiles(p50: 1_180, p95: 1_342, p99: 1_342)
        snapshot.recentErrors = [ScanErrorRecord(scan: 6, priority: .medium, failure: .signalLost, time: .milliseconds(1_848))]
        return snapshot
    }

    static var start: ScanSnapshot {
        var snapshot = ScanSnapshot(configuration: configuration)
        snapshot.progress.phase = .running
        snapshot.startedAt = ContinuousClock.now
        snapshot.progress.counters.scheduled = 20
        snapshot.progress.counters.waiting = 16
        snapshot.progress.counters.running = 4
        return snapshot
    }

    /// Scans 0...9 have started; 5 completed, 1 failed, 4 run, 10 wait.
    static var midRun: ScanSnapshot {
        var snapshot = start
        snapshot.progress.elapsed = .milliseconds(4_210)
        snapshot.progress.counters = counters(waiting: 10, running: 4, completed: 5, failed: 1)
        snapshot.progress.byPriority = PerPriority(
            high: counters(waiting: 0, running: 1, completed: 3, failed: 0),
            medium: counters(waiting: 6, running: 2, completed: 2, failed: 0),
            low: counters(waiting: 4, running: 1, completed: 0, failed: 1))
        snapshot.progress.maxRunning = 4
        snapshot.progress.onThread = 2
        snapshot.progress.recentRate = 1.43
        snapshot.progress.meanRate = 1.43
        snapshot.progress.waitLatency = LatencyPercentiles(p50: 612.5, p95: 2_410, p99: 2_410)
        snapshot.progress.runLatency = LatencyPercentiles(p50: 1_180, p95: 1_342, p99: 1_342)
        snapshot.progress.finishOrder = trail("HHMHML")
        snapshot.slots = [
            SlotOccupancy(scan: 7, priority: .high, startedAt: .milliseconds(3_600), child: child(.high)),
            SlotOccupancy(scan: 2, priority: .medium, startedAt: .milliseconds(2_400), child: child(.medium)),
            SlotOccupancy(scan: 9, priority: .low, startedAt: .milliseconds(4_100), child: child(.low)),
            SlotOccupancy(scan: 8, priority: .medium, startedAt: .milliseconds(3_900), child: child(.medium)),
        ]
        snapshot.recentErrors = [
            ScanErrorRecord(scan: 4, priority: .low, failure: .sensorGlitch, time: .milliseconds(2_320)),
        ]
        return snapshot
    }

    /// A failure rate of one half: more failures than the panel has rows.
    static var manyErrors: ScanSnapshot {
        var snapshot = midRun
        snapshot.progress.elapsed = .milliseconds(5_050)
        snapshot.progress.counters = counters(waiting: 2, running: 4, completed: 5, failed: 9)
        snapshot.recentErrors = (0..<9).map { index in
            ScanErrorRecord(
                scan: index * 2 + 1, priority: ScanPriority.allCases[index % 3],
                failure: ScanFailure.allCases[index % ScanFailure.allCases.count],
                time: .milliseconds(400 + index * 500))
        }
        return snapshot
    }

    static var finished: ScanSnapshot {
        var snapshot = midRun
        snapshot.progress.phase = .finished(.drained)
        snapshot.progress.elapsed = .milliseconds(6_250)
        snapshot.progress.counters = counters(waiting: 0, running: 0, completed: 18, failed: 2)
        snapshot.progress.byPriority = PerPriority(
            high: counters(waiting: 0, running: 0, completed: 4, failed: 0),
            medium: counters(waiting: 0, running: 0, completed: 8, failed: 1),
            low: counters(waiting: 0, running: 0, completed: 6, failed: 1))
        snapshot.progress.recentRate = 3.2
        snapshot.progress.meanRate = 3.2
        snapshot.progress.finishOrder = trail("HHMHMLMMHMLMMLMLMLLM")
        snapshot.slots = [nil, nil, nil, nil]
        snapshot.recentErrors.append(
            ScanErrorRecord(scan: 13, priority: .medium, failure: .signalLost, time: .milliseconds(5_010)))
        return snapshot
    }

    /// The last few decisions before `midRun`: scan 4 fails and scan 9 takes its slot.
    static var decisions: [ScanEvent] {
        [
            ScanEvent(kind: .started, scan: 7, priority: .high, slot: 0, time: .milliseconds(3_600)),
            ScanEvent(kind: .started, scan: 8, priority: .medium, slot: 3, time: .milliseconds(3_900)),
            ScanEvent(kind: .failed(.sensorGlitch), scan: 4, priority: .low, slot: 2, time: .milliseconds(4_050)),
            ScanEvent(kind: .started, scan: 9, priority: .low, slot: 2, time: .milliseconds(4_100)),
        ]
    }

    /// What a child asking for `asked` reads about its task under the run's medium-priority task, as
    /// on this runtime (Tests/SkyCoreTests/RuntimePriorityTests.swift): its base is what it asked,
    /// and it runs at its parent's priority.
    static func child(_ asked: ScanPriority) -> ChildView {
        ChildView(base: asked.taskPriority, current: .medium)
    }

    /// What a serial run's scan reads: no task of its own, and the loop's priority.
    static let inlineScan = ChildView(current: .medium)

    /// A finish order written as initials, oldest first.
    static func trail(_ initials: String) -> PriorityTrail {
        var trail = PriorityTrail()
        for initial in initials { trail.append(initial == "H" ? .high : initial == "M" ? .medium : .low) }
        return trail
    }

    static func counters(waiting: Int, running: Int, completed: Int, failed: Int) -> ScanCounters {
        var counters = ScanCounters()
        counters.scheduled = waiting + running + completed + failed
        counters.waiting = waiting
        counters.running = running
        counters.completed = completed
        counters.failed = failed
        return counters
    }
}
