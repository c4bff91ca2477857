/// The controls a run takes while it goes on: keys, signals, `cancel()`.
extension RunBook {
    /// Applies `control`, returning the change it made; a control that changes nothing (a pause
    /// while paused, any control once the run is stopping) writes nothing.
    mutating func apply(_ control: ScanControl, at now: Duration) -> [RunEvent] {
        guard ending == nil else { return [] }
        let change: RunChange.Kind
        switch control {
        case .pause where progress.phase == .running:
            progress.phase = .paused
            pendingSteps = 0
            change = .paused
        case .resume where progress.phase == .paused:
            progress.phase = .running
            pendingSteps = 0
            change = .resumed
        case .step where progress.phase == .paused:
            pendingSteps += 1
            change = .step
        case .setBatch(let asked) where configuration.strategy.usesBatch:
            let batch = min(max(asked, RunConfiguration.batchRange.lowerBound), RunConfiguration.batchRange.upperBound)
            guard batch != progress.batch else { return [] }
            progress.batch = batch
            // Growing adds free slots; shrinking keeps the busy ones until their scans end.
            slots.resize(to: batch)
            change = .batch(batch)
        case .cancel:
            return stop(.cancelled, at: now)
        case .pause, .resume, .step, .setBatch:
            return []
        }
        return [.change(RunChange(change, at: now))]
    }
}
