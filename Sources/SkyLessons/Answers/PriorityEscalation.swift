import SkyCore
/// The lesson on priority escalation: a loop that awaits a detached task's value raises that task
/// to the loop's priority; the same tasks, waited for through a stream instead, run at their own.
/// Each scan's end event carries the priority its task kept as its base and the one it ran at.
enum PriorityEscalation {
    static func answer(_ records: [PartRecord]) -> [String] {
        records.map(part)
    }

    private static func part(_ record: PartRecord) -> String {
        let configuration = record.configuration
        let views = record.facts.ends.filter { $0.slot != nil }.compactMap { $0.span?.child }
        // `TaskPriority`s, which order by urgency; `ScanPriority` names them.
        let read = views.compactMap { view in view.base.flatMap { base in view.current.map { (base: base, current: $0) } } }
        let raisedScans = read.filter { $0.current > $0.base }
        let how =
            switch configuration.strategy {
            case .awaited: "each in a Task.detached {} whose value the loop awaited"
            case .unstructured where configuration.detached: "each in a Task.detached {} whose outcome came back through a stream"
            case .unstructured: "each in a Task {} whose outcome came back through a stream"
            default: "in its strategy's tasks"
            }
        var text = "\(record.name): \(Say.count(read.count, "scan")) ran, \(how)."
        let raised = Dictionary(grouping: raisedScans) { "\(name($0.base)) to \(name($0.current))" }
        let kept = read.count - raisedScans.count
        if raised.isEmpty {
            text += " None ran above the priority it kept as its base: \(kept) of \(read.count) ran at their own."
        } else {
            let counts = raised.keys.sorted().map { "\(raised[$0]!.count) from \($0)" }
            text += " \(raisedScans.count) of them ran above the priority they kept as their base (Task.basePriority against "
                + "Task.currentPriority): \(Say.list(counts)); \(kept == 0 ? "none" : "\(kept)") ran at their own."
            if configuration.strategy.awaitsItsTasks { text += " The loop that awaited them lent them its priority." }
        }
        let missing = views.count - read.count
        if missing > 0 { text += " \(Say.count(missing, "scan")) left no reading." }
        return text
    }

    private static func name(_ priority: TaskPriority) -> String {
        ScanPriority(priority).map { "\($0)" } ?? "\(priority.rawValue)"
    }
}
