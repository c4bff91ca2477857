/// `--spacing`: the serial loop's sleep between one scan's end and the next one's start. The book
/// holds when the sleep ends, so a reader can count the gap down, and a cancel in the gap is
/// measured to the moment the sleep ends, as a cancel of a running scan is measured to its stop.
extension RunBook {
    /// The loop goes to sleep until `until`.
    mutating func beginGap(until: Duration, at now: Duration) -> [RunEvent] {
        progress.gapEnds = until
        return [.change(RunChange(.gap(until: until), at: now))]
    }

    /// The loop has woken: at the gap's end, or early, by a cancel or the end of `--duration`.
    mutating func endGap(at now: Duration) -> [RunEvent] {
        guard progress.gapEnds != nil else { return [] }
        progress.gapEnds = nil
        noteStopped(at: now)
        return [.change(RunChange(.gapEnded, at: now))]
    }
}
