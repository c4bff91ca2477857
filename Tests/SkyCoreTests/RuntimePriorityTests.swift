import Dispatch
import Foundation
import SkyCore
import Synchronization
import Testing

/// Probes of what the Swift runtime does with a task's priority, on the toolchain and OS the tests
/// run on. They pin what was measured (Swift 6.3.1, Linux): a toolchain that behaves otherwise
/// fails here, and the texts named in each test's comment must be revisited.
///
/// No reading is timed: each probe waits for an event (a flag, a count) and then checks what was
/// read. A wait that could be endless is cut off at `RuntimePriorityTests.patience`, long after the
/// event should have come, and the check then fails. One probe looks, for half a second, for what
/// should never come (a thread beyond the cores): a slow machine can make it miss one, never fail.
/// The probes that hold every pool thread run in a process of their own (`priority-probe`), where
/// no other test holds one.
@Suite("What the runtime does with priorities", .serialized)
struct RuntimePriorityTests {
    /// The priorities a task can ask for that the runtime tells apart.
    static let asked: [TaskPriority] = [.high, .medium, .low, .background]
    /// How long a probe waits for something that should happen at once before it gives up.
    static let patience = Duration.seconds(60)

    // Texts: the lanes' `task low` column and their title's `all run at medium` (Sources/SkyTUI/View/SlotLanes.swift),
    // the summary's `runtime priority` line (Sources/SkyReport/TextSummary.swift), `priority_base` and
    // `priority_current` (docs/events.md), lesson 3 (Assets/lessons/3-priorities.md), docs/concurrency.md.
    @Test("A group child keeps the priority it asked for as its base, and runs at its parent's, while the parent sleeps",
          arguments: [TaskPriority.high, .medium, .low], asked)
    func childWhileParentSleeps(parent: TaskPriority, asked: TaskPriority) async {
        let reading = await unawaited(at: parent) {
            await withTaskGroup(of: Reading.self) { group in
                let read = Flag()
                group.addTask(priority: asked) {
                    defer { read.set() }
                    return .now
                }
                // Awaiting nothing, the child least of all, until the child has read.
                #expect(await Poll.until { read.isSet }, "the child never read")
                return await group.next()!
            }
        }
        #expect(reading.base == asked)
        #expect(reading.current == parent)
    }

    // Texts: as above, and what lesson 3 and docs/concurrency.md say of escalation (it has nothing to raise).
    @Test("A group child still runs at its parent's priority after the parent has gone on to await the group", arguments: asked)
    func childWhileParentAwaits(asked: TaskPriority) async throws {
        // The parent runs on an executor of its own, whose job gives its thread back only when the
        // parent suspends in `group.next()`, its one await: the child reads again after that.
        let parentThread = SuspensionWatch()
        let readings = await withCheckedContinuation { continuation in
            Task.detached(executorPreference: parentThread, priority: .medium) {
                let readings = await withTaskGroup(of: [Reading]?.self) { group in
                    group.addTask(executorPreference: globalConcurrentExecutor, priority: asked) {
                        let first = Reading.now
                        guard await Poll.until({ parentThread.suspensions > 0 }) else { return nil }
                        return [first, .now]
                    }
                    return await group.next()!
                }
                continuation.resume(returning: readings)
            }
        }
        let read = try #require(readings, "the parent never suspended in group.next()")
        #expect(read.map(\.base) == [asked, asked])
        #expect(read.map(\.current) == [.medium, .medium])
    }

    // Texts: docs/concurrency.md (a detached task keeps its priority; a group child does not).
    @Test("A detached task that nobody awaits runs at the priority it asked for", arguments: asked)
    func detachedNobodyAwaits(asked: TaskPriority) async {
        let reading = await unawaited(at: asked) { Reading.now }
        #expect(reading.base == asked)
        #expect(reading.current == asked)
    }

    // Texts: lesson 3 and docs/concurrency.md: escalation exists, and is what awaiting does to a task
    // of lower priority; a group child has nothing to escalate, since it already runs at its parent's.
    @Test("A detached low task is escalated to the priority of a high task that awaits it; its base stays low")
    func awaitingEscalates() async {
        let started = Flag()
        let low = Task.detached(priority: .low) { () -> [Reading] in
            let before = Reading.now
            started.set()
            let clock = ContinuousClock()
            let giveUp = clock.now + Self.patience
            while Task.currentPriority < .high && clock.now < giveUp { try? await Task.sleep(for: .milliseconds(1)) }
            return [before, .now]
        }
        #expect(await Poll.until { started.isSet }, "the low task never started")
        let readings = await unawaited(at: .high) { await low.value }
        #expect(readings.map(\.current) == [.low, .high])
        #expect(readings.map(\.base) == [.low, .low])
    }

    // Texts: the summary's and the lanes' `runs at` (what `Task.currentPriority` says is the
    // priority the pool is handed the child's work at), docs/concurrency.md, lesson 3.
    @Test("The runtime hands the pool every group child's job at the parent's priority, and a detached task's at its own")
    func jobsAreQueuedAtTheTasksCurrentPriority() async {
        let executor = RecordingExecutor()
        let readings = await unawaited(at: .medium) {
            await withTaskExecutorPreference(executor) {
                await withTaskGroup(of: Reading.self) { group in
                    for priority in Self.asked { group.addTask(priority: priority) { .now } }
                    return await group.reduce(into: []) { $0.append($1) }
                }
            }
        }
        #expect(readings.map(\.current) == Array(repeating: .medium, count: Self.asked.count))
        let queued = executor.priorities
        #expect(queued.count >= Self.asked.count)
        #expect(queued.allSatisfy { $0 == TaskPriority.medium.rawValue }, "jobs queued at \(queued)")

        for priority in Self.asked {
            let alone = RecordingExecutor()
            let reading = await withCheckedContinuation { continuation in
                Task.detached(executorPreference: alone, priority: priority) { continuation.resume(returning: Reading.now) }
            }
            #expect(reading.current == priority)
            #expect(alone.priorities == [priority.rawValue])
        }
    }

    // Texts: docs/concurrency.md ("each priority has threads of its own").
    @Test("With every core busy at medium, a job at high, low or background still starts at once, on a thread of its own")
    func otherPrioritiesDoNotQueueBehindAFullPool() throws {
        let probe = try PriorityProbeRun("other-priorities")
        // Each on a thread of its own, so in no particular order.
        #expect(probe.strings("started_while_held").sorted() == ["background", "high", "low"],
                "started while \(probe.cores) medium jobs held the cores: \(probe.strings("started_while_held"))")
    }

    // Texts: lessons 2, 3 and 5 (Assets/lessons: one thread per core for tasks of one priority, which
    // group children are, at their parent's), docs/concurrency.md, docs/teaching.md.
    @Test("Tasks of one priority never run on more threads at once than there are cores: a group's children, each holding its thread, fill the cores and no more")
    func onePriorityHasAThreadPerCore() throws {
        let probe = try PriorityProbeRun("one-priority")
        #expect(probe.cores > 0)
        #expect(probe.int("most_at_once") == probe.cores, "\(probe.int("most_at_once")) children held a thread at once on \(probe.cores) cores")
    }

    // Texts: docs/concurrency.md: the pool cannot prefer a high child to a low one, as it is handed them
    // all at one priority; the order comes from Sky's ready queue alone.
    @Test("Children added while the pool is full start in the order they were added, not by the priority they asked for")
    func saturatedPoolRunsChildrenInOrder() throws {
        let probe = try PriorityProbeRun("saturated-order")
        let added = Array(repeating: ["low", "high", "background", "medium"], count: 4).flatMap { $0 }
        #expect(probe.strings("order") == added)
    }
}

/// One run of `priority-probe`, which holds the pool's threads in a process of its own: in this
/// one, other tests running beside the probe hold pool threads too.
private struct PriorityProbeRun {
    let document: [String: Any]

    init(_ probe: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("priority-probe")
        process.arguments = [probe]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        document = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    var cores: Int { document["cores"] as? Int ?? 0 }
    func int(_ key: String) -> Int? { document[key] as? Int }
    func strings(_ key: String) -> [String] { document[key] as? [String] ?? [] }
}

/// What a task read about its own priority.
private struct Reading: Sendable, Equatable {
    var base: TaskPriority?
    var current: TaskPriority

    static var now: Reading { Reading(base: Task.basePriority, current: Task.currentPriority) }
}

private final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}

/// A task executor that notes the priority of every job the runtime hands it, then runs the job on
/// the global pool.
private final class RecordingExecutor: TaskExecutor {
    private let queued = Locked<[UInt8]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        queued.withLock { $0.append(job.priority.rawValue) }
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.global().async { job.runSynchronously(on: executor) }
    }

    var priorities: [UInt8] { queued.withLock { $0 } }
}
