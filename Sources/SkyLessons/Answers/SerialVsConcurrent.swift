import SkyCore
/// Lesson 2: the same scans one at a time, then in a task group; the time changes, the answer
/// does not.
enum SerialVsConcurrent {
    static func answer(_ records: [PartRecord]) -> [String] {
        var paragraphs = records.map(Story.overview)
        guard records.count >= 2, let serial = records[0].facts.finish, let batched = records[1].facts.finish else { return paragraphs }
        let (first, second) = (records[0].facts, records[1].facts)
        paragraphs.append(
            "Serial took \(Say.seconds(serial.time)) and batched \(Say.seconds(batched.time)), with \(Say.count(records[1].cores, "core")) "
                + "to run on: a speed-up of \(Say.ratio(serial.time, batched.time)) times.")
        let sameOrder = first.finished.map(\.scan) == second.finished.map(\.scan)
        let checksums = "Checksums: \(Say.checksum(first.checksum)) and \(Say.checksum(second.checksum))"
        if first.completed.count != second.completed.count {
            paragraphs.append("\(checksums): the parts completed \(first.completed.count) and \(second.completed.count) scans, so they cannot agree.")
        } else if first.checksum == second.checksum {
            paragraphs.append(
                "\(checksums): the same, "
                    + (sameOrder ? "and the scans finished in the same order." : "although the scans finished in another order."))
        } else {
            paragraphs.append("\(checksums): they differ, for the same scans. That is a fault: run with --verify.")
        }
        return paragraphs
    }
}
