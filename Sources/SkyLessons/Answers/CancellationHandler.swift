import SkyCore
/// The lesson on `withTaskCancellationHandler`: the handler runs the moment the task is cancelled,
/// whatever the operation is doing; the operation goes on until it next looks at what the handler
/// did, or, if it never looks, to its end.
enum CancellationHandler {
    static func answer(_ records: [PartRecord]) -> [String] {
        CancelledPart.answers(records, otherwise: "no handler ran", handlers)
    }

    private static func handlers(_ part: CancelledPart) -> String {
        let facts = part.facts, stop = part.stop
        var text = part.opening + "."
        // When each handler ran on the run's clock: the scan's end, less how long before its end
        // the handler ran, both measured by the scan's child.
        let handled = facts.endsAfterStop.compactMap { end -> (end: ScanEvent, at: Duration)? in
            guard let span = end.span, let ran = span.handlerRan else { return nil }
            return (end, end.time - (span.ran - ran))
        }
        guard let first = handled.map(\.at).min(), let last = handled.map(\.at).max() else {
            return text + " No scan's handler ran while it ran."
        }
        let when = Say.seconds(first) == Say.seconds(last) ? "at \(Say.seconds(first))" : "between \(Say.seconds(first)) and \(Say.seconds(last))"
        text += " \(handled.count) cancellation \(handled.count == 1 ? "handler" : "handlers") ran \(when),"
        text += " within \(Say.milliseconds(max(.zero, last - stop))) of the cancel."
        let stopped = handled.filter { $0.end.kind == .cancelled }
        if let slowest = stopped.map({ $0.end.time - $0.at }).max() {
            text += " \(Say.count(stopped.count, "sweep")) then stopped at \(stopped.count == 1 ? "its" : "their") next look at the flag, the last \(Say.milliseconds(slowest)) after its handler."
        }
        let ranOn = handled.filter { $0.end.kind != .cancelled }
        if let last = ranOn.max(by: { $0.end.time < $1.end.time }) {
            text += " \(Say.count(ranOn.count, "sweep")) never \(ranOn.count == 1 ? "reads" : "read") the flag: \(ranOn.count == 1 ? "its handler" : "their handlers") ran all the same,"
            text += " and \(ranOn.count == 1 ? "it" : "they") swept on to \(ranOn.count == 1 ? "its end" : "their ends"), the last \(Say.seconds(last.end.time - last.at)) after its handler."
        }
        return text
    }
}
