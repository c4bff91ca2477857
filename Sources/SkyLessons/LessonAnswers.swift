import SkyCore
/// The answers a lesson gives after its runs: sentences computed from each part's events, never
/// written in advance, so they say what this run did on this machine.
///
/// Each lesson's answer is code of its own, under Answers/, keyed here by its file's name without
/// the number (Assets/lessons/9-cancellation.md is `cancellation`), so the lessons can be put in
/// another order by renaming their files. A lesson stopped before its last part answers for the
/// parts that ran.
public enum LessonAnswers {
    /// Each lesson's answer, by the lesson's slug: paragraphs from the records of the parts that ran.
    static let byLesson: [String: @Sendable ([PartRecord]) -> [String]] = [
        "serial-vs-concurrent": SerialVsConcurrent.answer,
        "unbounded-vs-batched": UnboundedVsBatched.answer,
        "errors-result-vs-throw": ResultVsThrow.answer,
        "priorities": PrioritiesAndStarvation.answer,
        "cancellation": Cancellation.answer,
        "stream-termination": StreamTermination.answer,
        "unchecked-cancellation": UncheckedCancellation.answer,
        "body-returns-early": BodyReturnsEarly.answer,
        "async-let": AsyncLetBesideAGroup.answer,
        "unstructured-tasks": UnstructuredTasks.answer,
        "queue-inside-an-actor": QueueInsideAnActor.answer,
        "actor-reentrancy": ActorReentrancy.answer,
        "throwing-loses-results": ThrowingLosesResults.answer,
        "discarding-group": DiscardingTaskGroup.answer,
        "reduce-and-wait-for-all": GroupAsASequence.answer,
        "check-cancellation-or-is-cancelled": PartialSweeps.answer,
        "task-local-values": TaskLocalValues.answer,
        "cancellation-handler": CancellationHandler.answer,
        "priority-escalation": PriorityEscalation.answer,
        "add-unless-cancelled": AddUnlessCancelled.answer,
    ]

    /// Whether the lesson `slug` has an answer of its own (a test holds every lesson to it).
    public static func answers(_ slug: String) -> Bool { byLesson[slug] != nil }

    /// The answer to the lesson `slug`, from `records`, the parts that ran, in order; what each
    /// part did, for a lesson without an answer of its own.
    public static func answer(lesson slug: String, records: [PartRecord]) -> [String] {
        guard !records.isEmpty else { return ["No part ran, so there is nothing to answer from."] }
        var paragraphs = byLesson[slug].map { $0(records) } ?? records.map(Story.overview)
        for record in records {
            guard let load = record.hostLoad, load.isBusy else { continue }
            paragraphs.append(
                "The machine was busy while part \(record.part.number) (\(record.part.name)) ran: \(load.description). Its times are longer "
                    + "than this machine gives alone, so a speed-up, or one part against another, may not hold: run the lesson again when the machine is quiet.")
        }
        for record in records where record.dropped > 0 {
            paragraphs.append("\(record.name) lost \(Say.count(record.dropped, "event")) from its record: its figures may be short.")
        }
        return paragraphs
    }
}
