import Synchronization
import Testing

/// Probes of what the Swift runtime does with a discarding task group, against a plain one, on the
/// toolchain and OS the tests run on. They pin what was measured (Swift 6.3.1, Linux): a toolchain
/// that behaves otherwise fails here, and the discarding group's lesson
/// (Assets/lessons/14-discarding-group.md) and Sources/SkyCore/Strategies/DiscardingGroup.swift
/// must be revisited.
///
/// Nothing is timed: each probe counts live objects and flags, and every wait is bounded (`Poll`).
@Suite("What the runtime does with a discarding group")
struct RuntimeDiscardingTests {
    static let children = 8

    @Test("A discarding group lets each child go as it ends, while its body is still running")
    func discardingReleasesEndedChildren() async {
        let live = Live()
        let released = await withDiscardingTaskGroup { group in
            for _ in 0..<Self.children {
                let held = live.make()
                group.addTask { held.touch() }
            }
            // The body is still running: whatever the group keeps of its ended children is alive.
            let freed = await Poll.until(seconds: 60) { live.count == 0 }
            return freed && group.isEmpty
        }
        #expect(released, "\(live.count) of \(Self.children) children's captures still alive in the body")
    }

    @Test("A plain group frees an ended child's captures too, but holds the child until the body takes it, even one that returns nothing")
    func plainGroupHoldsEndedChildren() async {
        let live = Live()
        let ended = ProbeCounter()
        let (freed, heldEnded, emptyAfterTaking) = await withTaskGroup(of: Void.self) { group in
            for _ in 0..<Self.children {
                let held = live.make()
                group.addTask {
                    held.touch()
                    ended.add()
                }
            }
            let freed = await Poll.until(seconds: 60) { ended.count == Self.children && live.count == 0 }
            let heldEnded = !group.isEmpty
            for await _ in group {}
            return (freed, heldEnded, group.isEmpty)
        }
        #expect(freed)
        #expect(heldEnded, "every child had ended, and the group held none of them")
        #expect(emptyAfterTaking)
    }

    @Test("A plain group keeps each ended child's result until the body takes it, or the group ends")
    func plainGroupKeepsResults() async {
        let live = Live()
        let ended = ProbeCounter()
        let (afterEnds, afterOneTaken) = await withTaskGroup(of: Live.Held.self) { group in
            for _ in 0..<Self.children {
                group.addTask {
                    let held = live.make()
                    ended.add()
                    return held
                }
            }
            _ = await Poll.until(seconds: 60) { ended.count == Self.children }
            // Every child has ended (or is returning what it made): none of it is gone.
            let afterEnds = live.count
            _ = await group.next()
            return (afterEnds, live.count)
        }
        #expect(afterEnds == Self.children)
        #expect(afterOneTaken == Self.children - 1)
        // The group, ended, let go of the results nobody took.
        #expect(live.count == 0)
    }

    @Test("A throwing discarding group: a child's error cancels the other children, and the group rethrows it, though the body awaits nothing")
    func throwingDiscardingCancelsSiblings() async {
        let sawCancel = ProbeFlag()
        do {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask {
                    // Runs until the group cancels it, or gives up.
                    _ = await Poll.until(seconds: 60) { Task.isCancelled }
                    if Task.isCancelled { sawCancel.set() }
                }
                group.addTask { throw Probe.failed }
                // No `next()`: a discarding group has none.
            }
            Issue.record("the group returned without the child's error")
        } catch {
            #expect(error as? Probe == .failed)
        }
        #expect(sawCancel.isSet)
    }
}

/// Errors the probes' children throw.
enum Probe: Error, Equatable {
    case failed
    case second
}

/// Counts objects made and not yet freed.
final class Live: Sendable {
    final class Held: Sendable {
        let live: Live
        init(_ live: Live) {
            self.live = live
            live.count_.wrappingAdd(1, ordering: .sequentiallyConsistent)
        }
        func touch() {}
        deinit { live.count_.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
    }

    fileprivate let count_ = Atomic<Int>(0)
    var count: Int { count_.load(ordering: .sequentiallyConsistent) }
    func make() -> Held { Held(self) }
}

/// A count that children add to from any thread.
final class ProbeCounter: Sendable {
    private let value = Atomic<Int>(0)
    var count: Int { value.load(ordering: .sequentiallyConsistent) }
    func add() { value.wrappingAdd(1, ordering: .sequentiallyConsistent) }
}

/// Set once, by any thread.
final class ProbeFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
}
