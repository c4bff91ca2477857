import SkyCore
/// The answers a lesson gives after its runs: sentences computed from each part's events, never
/// written in advance, so they say what this run did on this machine.
///
/// Each lesson's answer is code of its own, under Answers/, keyed here by the number its file's
/// name begins with (Assets/lessons/5-cancellation.md is 5). A lesson stopped before its last
/// part answers for the parts that ran.
public enum LessonAnswers {
    /// Each lesson's answer, by lesson number: paragraphs from the records of the parts that ran.
    static let byLesson: [Int: @Sendable ([PartRecord]) -> [String]] = [
        1: SerialVsConcurrent.answer,
        2: UnboundedVsBatched.answer,
        3: ResultVsThrow.answer,
        4: PrioritiesAndStarvation.answer,
        5: Cancellation.answer,
        6: StreamTermination.answer,
        7: UncheckedCancellation.answer,
        8: BodyReturnsEarly.answer,
        9: AsyncLetBesideAGroup.answer,
        10: UnstructuredTasks.answer,
        11: QueueInsideAnActor.answer,
        12: ActorReentrancy.answer,
        13: ThrowingLosesResults.answer,
        17: PartialSweeps.answer,
        18: TaskLocalValues.answer,
        19: CancellationHandler.answer,
    ]

    /// Whether lesson `number` has an answer of its own (a test holds every lesson to it).
    public static func answers(_ number: Int) -> Bool { byLesson[number] != nil }

    /// The answer to lesson `number`, from `records`, the parts that ran, in order; what each part
    /// did, for a lesson without an answer of its own.
    public static func answer(lesson number: Int, records: [PartRecord]) -> [String] {
        guard !records.isEmpty else { return ["No part ran, so there is nothing to answer from."] }
        var paragraphs = byLesson[number].map { $0(records) } ?? records.map(Story.overview)
        for record in records where record.dropped > 0 {
            paragraphs.append("\(record.name) lost \(Say.count(record.dropped, "event")) from its record: its figures may be short.")
        }
        return paragraphs
    }
}
