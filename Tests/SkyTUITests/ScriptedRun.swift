@testable import SkyCore
import SkyTUI

/// A run played out by hand, so scenes built from it are the same on every run: the scans' plans
/// come from the seed (priorities, failures and where they strike), the engine's rules decide who
/// starts when (a freed slot goes to the highest-priority waiting scan; unbounded starts every
/// scan at once; serial runs one at a time with `--spacing` between; a thrown failure, or a cancel
/// at `cancelAt`, cancels the rest), and `cores` cores are shared fairly by the scans running. It
/// gives the events in the order the engine emits them and, at any time, the snapshot the engine
/// would publish.
struct ScriptedRun {
    let configuration: RunConfiguration
    let cores: Int
    /// All the events, in order.
    private(set) var events: [RunEvent] = []
    /// When the run finished.
    private(set) var end: Duration = .zero
    /// What ended the run.
    private(set) var ending: RunEnding = .drained
    /// When `c` cancels the run, if it does.
    let cancelAt: Duration?
    /// When the run began to stop, for a throw or a cancel.
    private(set) var stoppingAt: Duration?

    /// `scanTime` is the CPU time of a scan of the configuration's work on one core.
    init(_ configuration: RunConfiguration, cores: Int = 2, scanTime: Duration = .milliseconds(400), cancelAt: Duration? = nil) {
        self.configuration = configuration
        self.cores = cores
        self.cancelAt = cancelAt
        play(scanTime: Double(scanTime / .microseconds(1)) / 1e6)
    }

    private struct Running {
        var plan: ScanPlan
        var slot: Int
        /// CPU seconds still to go before it ends (completed, or at its failure's line).
        var remaining: Double
    }

    private mutating func play(scanTime: Double) {
        let total = configuration.total ?? 0
        var waiting = Array(0..<total)
        var running: [Running] = []
        var time = 0.0
        var nextStart = 0.0
        let cancel = cancelAt.map { Double($0 / .microseconds(1)) / 1e6 }
        for scan in waiting { emit(.scheduled, scan, slot: nil, at: time) }
        while true {
            // Start what the strategy starts now.
            while let slot = freeSlot(running), !waiting.isEmpty, time >= nextStart {
                let pick = waiting.indices.min { configuration.priority(of: waiting[$0]) < configuration.priority(of: waiting[$1]) }!
                let plan = configuration.plan(waiting.remove(at: pick))
                let share = plan.failure.map { Double($0.atLine) / Double(max(1, plan.lines)) } ?? 1
                // Sectors differ: a scan takes 80% to 120% of the typical time, by its seed.
                let sector = 0.8 + 0.4 * Double(plan.sectorSeed % 1000) / 1000
                running.append(Running(plan: plan, slot: slot, remaining: scanTime * share * sector))
                emit(.started, plan.index, slot: slot, at: time)
            }
            if running.isEmpty {
                guard !waiting.isEmpty else { break }
                if let cancel, nextStart > cancel {
                    stop(.cancelled, at: cancel, running: [], waiting: waiting)
                    return
                }
                time = nextStart
                continue
            }
            // The next scan to end, every running scan getting an equal share of the cores.
            let rate = min(1, Double(cores) / Double(running.count))
            let step = running.map(\.remaining).min()! / rate
            if let cancel, time + step > cancel {
                // The cancel comes first: the scans running get this far, then stop.
                for index in running.indices { running[index].remaining -= (cancel - time) * rate }
                stop(.cancelled, at: cancel, running: running, waiting: waiting)
                return
            }
            time += step
            for index in running.indices { running[index].remaining -= step * rate }
            let ended = running.filter { $0.remaining <= 1e-9 }.sorted { $0.slot < $1.slot }
            running.removeAll { $0.remaining <= 1e-9 }
            for scan in ended {
                if let failure = scan.plan.failure {
                    emit(.failed(failure.failure), scan.plan.index, slot: scan.slot, at: time)
                    if configuration.errors == .throw {
                        stop(.thrown(scan: scan.plan.index), at: time, running: running, waiting: waiting)
                        return
                    }
                } else {
                    // A result of the scan's own, as its sector gives it.
                    emit(.completed(ScanResult(signals: 1000 + scan.plan.index, checksum: scan.plan.sectorSeed)), scan.plan.index, slot: scan.slot, at: time)
                }
            }
            if configuration.strategy == .serial { nextStart = time + Double(configuration.spacing / .microseconds(1)) / 1e6 }
        }
        end = duration(time)
    }

    /// The group throws, or is cancelled: every running scan stops at its next check, a fraction
    /// of a millisecond apart, and the waiting ones are cancelled without starting.
    private mutating func stop(_ ending: RunEnding, at time: Double, running: [Running], waiting: [Int]) {
        self.ending = ending
        stoppingAt = duration(time)
        events.append(.change(RunChange(.stopping(ending), at: duration(time))))
        for scan in waiting { emit(.cancelled, scan, slot: nil, at: time) }
        var stopped = time
        for scan in running.sorted(by: { $0.slot < $1.slot }) {
            stopped += 0.0004
            emit(.cancelled, scan.plan.index, slot: scan.slot, at: stopped)
        }
        end = duration(stopped)
    }

    /// The lowest free slot: unbounded, a position in the group.
    private func freeSlot(_ running: [Running]) -> Int? {
        let busy = Set(running.map(\.slot))
        return (0..<configuration.window).first { !busy.contains($0) }
    }

    private mutating func emit(_ kind: ScanEvent.Kind, _ scan: Int, slot: Int?, at time: Double) {
        events.append(.scan(ScanEvent(kind: kind, scan: scan, priority: configuration.priority(of: scan), slot: slot, time: duration(time))))
    }

    private func duration(_ seconds: Double) -> Duration { .microseconds(Int64((seconds * 1e6).rounded())) }

    /// The snapshot the engine would publish at `time`.
    func snapshot(at time: Duration) -> ScanSnapshot {
        var snapshot = ScanSnapshot(configuration: configuration)
        var progress = snapshot.progress
        if time >= end {
            progress.phase = .finished(ending)
        } else if let stoppingAt, time >= stoppingAt {
            progress.phase = .stopping(ending)
        } else {
            progress.phase = .running
        }
        progress.elapsed = min(time, end)
        var scheduledAt: [Int: Duration] = [:]
        var startedAt: [Int: Duration] = [:]
        var waits: [Double] = []
        var runs: [Double] = []
        var finishes: [Duration] = []
        func count(_ priority: ScanPriority, _ change: (inout ScanCounters) -> Void) {
            change(&progress.counters)
            change(&progress.byPriority[priority])
        }
        for case .scan(let event) in events where event.time <= time {
            switch event.kind {
            case .scheduled:
                scheduledAt[event.scan] = event.time
                count(event.priority) { $0.scheduled += 1; $0.waiting += 1 }
            case .arrived:
                break
            case .started:
                startedAt[event.scan] = event.time
                waits.append(Double((event.time - scheduledAt[event.scan]!) / .microseconds(1)) / 1000)
                count(event.priority) { $0.waiting -= 1; $0.running += 1 }
                snapshot.slots[event.slot!] = SlotOccupancy(
                    scan: event.scan, priority: event.priority, startedAt: event.time,
                    child: configuration.strategy == .serial ? Scene.inlineScan : Scene.child(event.priority))
                progress.maxRunning = max(progress.maxRunning, progress.counters.running)
            case .delivered:
                continue
            case .completed, .failed, .verificationFailed, .cancelled:
                guard let slot = event.slot else {
                    count(event.priority) { $0.waiting -= 1; $0.cancelled += 1 }
                    continue
                }
                snapshot.slots[slot] = nil
                if case .cancelled = event.kind {
                    count(event.priority) { $0.running -= 1; $0.cancelled += 1 }
                    progress.stoppedIn = event.time - (stoppingAt ?? event.time)
                    continue
                }
                if case .completed(let result) = event.kind { progress.foldChecksum(result.checksum, of: event.scan) }
                runs.append(Double((event.time - startedAt[event.scan]!) / .microseconds(1)) / 1000)
                finishes.append(event.time)
                progress.finishOrder.append(event.priority)
                if case .failed(let failure) = event.kind {
                    count(event.priority) { $0.running -= 1; $0.failed += 1 }
                    snapshot.recentErrors.append(ScanErrorRecord(scan: event.scan, priority: event.priority, failure: failure, time: event.time))
                } else {
                    count(event.priority) { $0.running -= 1; $0.completed += 1 }
                }
            }
        }
        progress.onThread = min(progress.counters.running, cores)
        progress.mostSeenOnThread = min(progress.maxRunning, cores)
        progress.waitLatency = Self.percentiles(waits)
        progress.runLatency = Self.percentiles(runs)
        let seconds = Double(progress.elapsed / .microseconds(1)) / 1e6
        progress.meanRate = seconds > 0 ? Double(finishes.count) / seconds : 0
        let recent = finishes.filter { $0 > progress.elapsed - .seconds(5) }.count
        progress.recentRate = seconds > 0 ? Double(recent) / min(5, seconds) : 0
        snapshot.progress = progress
        return snapshot
    }

    /// Nearest-rank p50, p95 and p99, in milliseconds.
    private static func percentiles(_ values: [Double]) -> LatencyPercentiles {
        guard !values.isEmpty else { return .zero }
        let sorted = values.sorted()
        func rank(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)] }
        return LatencyPercentiles(p50: rank(0.5), p95: rank(0.95), p99: rank(0.99))
    }

    /// The run as a frame loop sees it: a frame every `interval` up to `time` (or the end), each
    /// with the events since the one before, then the snapshot at the frame's time.
    func play(until time: Duration, interval: Duration = .milliseconds(33), _ frame: ([RunEvent], ScanSnapshot, Duration) -> Void) {
        var fed = 0
        var at = Duration.zero
        while true {
            let now = min(at, time, end)
            let due = events[fed...].prefix { $0.time <= now }
            fed += due.count
            frame(Array(due), snapshot(at: now), now)
            guard now < min(time, end) else { return }
            at += interval
        }
    }

    /// The dashboard as the frame loop feeds it, up to `time`.
    func state(at time: Duration, size: TerminalSize, info: RunInfo, glyphs: Glyphs = .unicode, interval: Duration = .milliseconds(33)) -> DashboardState {
        var state = DashboardState(snapshot: snapshot(at: .zero), size: size, info: info, glyphs: glyphs)
        play(until: time, interval: interval) { events, snapshot, now in
            _ = state.update(.events(events.map(HeldEvent.event)))
            _ = state.update(.frame(snapshot, elapsed: now))
        }
        return state
    }
}
