import Testing
@testable import SkyCore

/// Task-local values: a value bound with `withValue` is inherited by a task group's children and by
/// `Task {}`, and not by `Task.detached`. The first probe pins what the runtime does (measured on
/// Swift 6.3.1, Linux; texts: `RunLabel`, Sources/SkyCore/Strategies/UnstructuredTasks.swift, the
/// lesson Assets/lessons/17-task-local-values.md, docs/cli.md); the others hold the scans' events
/// to it.
@Suite("Task-local values: inherited by children and Task {}, not by Task.detached")
struct TaskLocalTests {
    enum Probe {
        @TaskLocal static var label: String?
    }

    @Test("A bound task-local is read by a group child and a Task {}, and is nil in a Task.detached, even awaited from inside the binding")
    func inheritance() async {
        let (child, unstructured, detached, afterwards) = await Probe.$label.withValue("run") {
            let child = await withTaskGroup(of: String?.self) { group in
                group.addTask { Probe.label }
                return await group.next() ?? nil
            }
            let unstructured = await Task { Probe.label }.value
            let detached = await Task.detached { Probe.label }.value
            return (child, unstructured, detached, Probe.label)
        }
        #expect(child == "run")
        #expect(unstructured == "run")
        #expect(detached == nil)
        #expect(afterwards == "run")
        #expect(Probe.label == nil, "the binding ends with withValue's closure")
    }

    @Test("A Task {} made inside the binding keeps the value after withValue's closure has returned: it was copied as the task was made")
    func copiedAtCreation() async {
        let go = AsyncStream<Void>.makeStream()
        let task = Probe.$label.withValue("run") {
            Task { () -> String? in
                for await _ in go.stream { break }
                return Probe.label
            }
        }
        #expect(Probe.label == nil)
        go.continuation.yield()
        #expect(await task.value == "run")
    }

    /// Every started scan's terminal event in a run of `configuration`.
    static func ends(_ configuration: RunConfiguration) async -> [ScanEvent] {
        let (_, events) = await CausalOrderTests.run(configuration)
        #expect(CausalOrderTests.violations(of: events, configuration: configuration) == [])
        return events.compactMap(\.scanEvent).filter { $0.isTerminal && $0.slot != nil }
    }

    @Test("Every scan finds the run's label: as a group's child, as a Task {}, in the serial loop's own task, in an async let",
          arguments: [ScanStrategy.batched, .unstructured, .serial, .asyncLet, .stream])
    func inheritedLabel(strategy: ScanStrategy) async {
        let ends = await Self.ends(RunConfiguration(total: 6, batch: 2, seed: 5, failureRate: 0, work: 300, strategy: strategy))
        #expect(ends.count == 6)
        #expect(ends.allSatisfy { $0.span?.child.sawRunLabel == true }, "\(ends.map { $0.span?.child.sawRunLabel as Any })")
    }

    @Test("With --detached, no scan finds the run's label")
    func detachedScansMissIt() async {
        let ends = await Self.ends(RunConfiguration(total: 6, batch: 2, seed: 5, failureRate: 0, work: 300, strategy: .unstructured, detached: true))
        #expect(ends.count == 6)
        #expect(ends.allSatisfy { $0.span?.child.sawRunLabel == false })
    }

    @Test("A child view keeps the label's reading beside its priorities, through the ledger's packing too", arguments: [true, false, nil])
    func childViewKeepsTheReading(saw: Bool?) {
        let view = ChildView(taskName: "scan 3", scan: 3, base: .low, current: .medium, sawRunLabel: saw)
        #expect(view.sawRunLabel == saw && view.base == .low && view.current == .medium && view.taskName(scan: 3) == "scan 3")
        let packed = ChildView(packedPriorities: view.packedPriorities)
        #expect(packed.sawRunLabel == saw && packed.base == .low && packed.current == .medium)
    }
}
