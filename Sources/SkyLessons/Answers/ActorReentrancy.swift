import SkyCore
/// The actor-reentrancy lesson: an actor that reads its count, awaits, and writes it back loses updates to the calls
/// that ran on it during the await; one that counts before the await loses none.
enum ActorReentrancy {
    static func answer(_ records: [PartRecord]) -> [String] {
        records.map { record in
            guard let tally = record.facts.catalogue?.tally else { return Story.overview(record) + " No catalogue counted its results." }
            var text = "\(record.name): the catalogue (\(tally.mode.rawValue)) was handed \(Say.count(tally.expected, "result")) and counted \(tally.counted)."
            if tally.counted < tally.expected {
                text += " It lost \(Say.count(tally.expected - tally.counted, "update")): \(Say.count(tally.staleWrites, "write")) came back across "
                text += "the await with a stale count, each writing over a count that other calls had changed while it waited."
            } else if tally.mode == .racy {
                text += " This time nothing was lost: no write came back across its await to a count that another call had changed meanwhile. "
                text += "The count is still read before the await and written after it; another run, or another machine, may interleave the calls there."
            } else {
                text += " Every update was kept: each call counted before its await, so none carried a copy of the count across it."
            }
            return text
        }
    }
}
