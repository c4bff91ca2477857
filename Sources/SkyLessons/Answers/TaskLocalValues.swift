import SkyCore
/// The lesson on task-local values: the run binds its label (`RunLabel`) in the strategy's task;
/// a task group's children and `Task {}` inherit it, and `Task.detached` does not. Each scan read
/// the label on its first line, and its terminal event says whether it found it.
enum TaskLocalValues {
    static func answer(_ records: [PartRecord]) -> [String] {
        records.map(part)
    }

    private static func part(_ record: PartRecord) -> String {
        let configuration = record.configuration
        let readings = record.facts.ends.filter { $0.slot != nil }.map { $0.span?.child.sawRunLabel }
        let found = readings.filter { $0 == true }.count
        let missing = readings.filter { $0 == false }.count
        let how =
            switch configuration.strategy {
            case .unstructured where configuration.detached: "each in a Task.detached {}"
            case .unstructured: "each in a Task {}"
            case .serial: "inline in the loop's own task"
            case .asyncLet: "as async let bindings"
            case .actorQueue, .actorReentrant: "as jobs sent from tasks of their own"
            default: "as children of the task group"
            }
        var text = "\(record.name): \(Say.count(readings.count, "scan")) ran, \(how), and \(found) of them found the run's label"
        text += " (\"\(RunLabel.of(configuration))\", bound with RunLabel.$current.withValue in the loop's task)"
        text += missing > 0 ? "; \(missing) found none." : "."
        let unread = readings.count - found - missing
        if unread > 0 { text += " \(Say.count(unread, "scan")) left no reading." }
        if found == readings.count, found > 0 {
            text += " Each inherited it from the task that created it, as a task-local value is inherited."
        } else if missing == readings.count, missing > 0 {
            text += " A detached task inherits no task-local value: it read nil."
        }
        return text
    }
}
