import SkyCore
import SkyFormat
/// The lesson on `Task.checkCancellation()` against `Task.isCancelled`: a sweep that checks with
/// `try Task.checkCancellation()` throws `CancellationError` at the cancel, and the lines it swept
/// go with the frame that held them; one that reads `Task.isCancelled` stops there too, and may
/// hand back what it swept (`--cancel-check partial`).
enum PartialSweeps {
    static func answer(_ records: [PartRecord]) -> [String] {
        CancelledPart.answers(records, otherwise: "no sweep was cut short", stopped)
    }

    private static func stopped(_ part: CancelledPart) -> String {
        let record = part.record, facts = part.facts
        var text = part.opening
        let cut = facts.endsAfterStop.filter { $0.kind == .cancelled }
        guard !cut.isEmpty else { return text + "; none was cut short." }
        let within = facts.stoppedIn.map { " within \(Say.milliseconds($0))" } ?? ""
        let ran = cut.map { $0.span?.ran ?? .zero }
        let shortest = ran.min() ?? .zero, longest = ran.max() ?? .zero
        let each = Say.seconds(shortest) == Say.seconds(longest) ? Say.seconds(longest) : "\(Say.seconds(shortest)) to \(Say.seconds(longest))"
        let sweptFor = "each had been sweeping for \(each), by its child's own clock"
        switch record.configuration.cancelCheck {
        case .throw:
            text += ". At its next check each called try Task.checkCancellation(), which threw CancellationError:"
            text += " \(Say.count(cut.count, "scan")) stopped\(within), and \(sweptFor); the throw took every line of it, and none handed back a line."
        case .partial:
            let kept = cut.compactMap(\.partial)
            let lines = kept.reduce(0) { $0 + $1.lines }
            let signals = kept.reduce(0) { $0 + $1.signals }
            let work = record.configuration.work * cut.count
            text += ". At its next check each read Task.isCancelled and returned:"
            text += " \(Say.count(cut.count, "scan")) stopped\(within), and \(sweptFor)."
            text += " \(kept.count) of them handed back what they had swept: \(lines) lines of the \(work) they were to sweep"
            text += " (\(percent(lines, of: work))), with \(signals) signals in them."
            let perScan = cut.map { "scan \($0.scan) \($0.partial?.lines ?? 0)" }
            text += " By scan: \(Say.list(perScan)) lines."
        case .handler:
            text += ". At its next check each read the stop flag its cancellation handler had raised, and returned nothing:"
            text += " \(Say.count(cut.count, "scan")) stopped\(within), and \(sweptFor), none of it kept."
        case .flag:
            text += ". At its next check each read Task.isCancelled and returned nothing:"
            text += " \(Say.count(cut.count, "scan")) stopped\(within), and \(sweptFor), none of it kept."
        }
        let finished = facts.endsAfterStop.filter(\.isFinished).count
        if finished > 0 { text += " \(Say.count(finished, "scan")) finished before \(finished == 1 ? "its" : "their") next check." }
        return text
    }

    /// `31.2%`
    private static func percent(_ part: Int, of whole: Int) -> String {
        whole > 0 ? FixedPoint.fixed(Double(part) * 100 / Double(whole), places: 1) + "%" : "—"
    }
}
