import Testing

/// Probes of a task group as an `AsyncSequence`, `reduce` and `waitForAll()`, on the toolchain and
/// OS the tests run on. They pin what was measured (Swift 6.3.1, Linux): a toolchain that behaves
/// otherwise fails here, and the reduce lesson (Assets/lessons/4-reduce-and-wait-for-all.md),
/// Sources/SkyCore/Strategies/ReducingGroup.swift and WaitingForAll.swift must be revisited.
///
/// Nothing is timed: each probe waits for flags and counts, every wait bounded (`Poll`).
@Suite("What the runtime does with reduce and waitForAll")
struct RuntimeGroupSequenceTests {
    @Test("reduce takes every child's result, one at a time, and the group holds none after it")
    func reduceTakesEveryResult() async {
        let (sum, empty) = await withTaskGroup(of: Int.self) { group in
            for value in 1...20 { group.addTask { value } }
            let sum = await group.reduce(0, +)
            return (sum, group.isEmpty)
        }
        #expect(sum == 210)
        #expect(empty)
    }

    @Test("reduce on a throwing group rethrows the first error, and the group, left, cancels the other children")
    func throwingReduceCancels() async {
        let sawCancel = ProbeFlag()
        do {
            _ = try await withThrowingTaskGroup(of: Int.self) { group in
                group.addTask {
                    _ = await Poll.until(seconds: 60) { Task.isCancelled }
                    if Task.isCancelled { sawCancel.set() }
                    return 1
                }
                group.addTask { throw Probe.failed }
                return try await group.reduce(0, +)
            }
            Issue.record("reduce returned without the child's error")
        } catch {
            #expect(error as? Probe == .failed)
        }
        #expect(sawCancel.isSet)
    }

    @Test("waitForAll keeps the first error, cancels no other child, waits for every one, and only then throws that error")
    func waitForAllWaitsThenThrows() async {
        // The parent runs on an executor of its own that counts its suspensions: once the parent has
        // suspended inside waitForAll, it has taken the first child's error, and a group it cancelled
        // for that error would already be cancelled when the slow child looks.
        let parentThread = SuspensionWatch()
        let live = Live()
        let slowEnded = ProbeFlag()
        let slowCancelled = ProbeFlag()
        let parentWaited = ProbeFlag()
        let thrown: (any Error)? = await withCheckedContinuation { continuation in
            Task.detached(executorPreference: parentThread) {
                do {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        do {
                            let held = live.make()
                            group.addTask(executorPreference: globalConcurrentExecutor) {
                                held.touch()
                                throw Probe.failed
                            }
                        }
                        // Its capture freed: the first child has ended, its error is the group's first.
                        _ = await Poll.until(seconds: 60) { live.count == 0 }
                        let before = parentThread.suspensions
                        group.addTask(executorPreference: globalConcurrentExecutor) {
                            if await Poll.until(seconds: 60, { parentThread.suspensions > before }) { parentWaited.set() }
                            if Task.isCancelled { slowCancelled.set() }
                            slowEnded.set()
                        }
                        group.addTask(executorPreference: globalConcurrentExecutor) { throw Probe.second }
                        do {
                            try await group.waitForAll()
                        } catch {
                            // Still in the body: the group has not yet waited for anything on its own.
                            #expect(slowEnded.isSet, "waitForAll threw before every child had ended")
                            throw error
                        }
                    }
                    continuation.resume(returning: nil)
                } catch {
                    continuation.resume(returning: error)
                }
            }
        }
        #expect(parentWaited.isSet, "the parent never suspended in waitForAll")
        #expect(thrown as? Probe == .failed)
        #expect(!slowCancelled.isSet)
    }
}
