import SkyCore

extension RunConfiguration {
    /// The command that repeats this run exactly, with `sky`'s own defaults (whichever command ran
    /// it): an option at its default is left out.
    var replayCommand: String {
        var words = ["sky"]
        if let total { words += ["--total", "\(total)"] }
        if let duration { words += ["--duration", ArgumentValue.text(duration)] }
        // A strategy that sets its own width (serial: one; async-let: a pair; unbounded: all) takes no --batch.
        if strategy.usesBatch { words += ["--batch", "\(batch)"] }
        words += ["--seed", "\(seed)"]
        if work != RunDefaults.work { words += ["--work", "\(work)"] }
        if failureRate != RunDefaults.sky.failureRate { words += ["--failure-rate", "\(failureRate)"] }
        if priorityMix != RunDefaults.priorities { words += ["--priorities", "\(priorityMix)"] }
        if failFast { words.append("--fail-fast") }
        if strategy != RunDefaults.strategy { words += ["--strategy", strategy.rawValue] }
        if errors != RunDefaults.errors { words += ["--errors", errors.rawValue] }
        if speed != RunDefaults.speed { words += ["--speed", "\(speed)"] }
        if !yields { words.append("--no-yield") }
        if spacing != RunDefaults.spacing { words += ["--spacing", ArgumentValue.text(spacing)] }
        if verify != RunDefaults.sky.verify { words.append(verify ? "--verify" : "--no-verify") }
        if corruptionRate != RunDefaults.corruptionRate { words += ["--inject-corruption", "\(corruptionRate)"] }
        if let cancelAfter { words += ["--cancel-after", ArgumentValue.text(cancelAfter)] }
        if ignoreCancellationRate != RunDefaults.ignoreCancellationRate { words += ["--ignore-cancellation", "\(ignoreCancellationRate)"] }
        if let take { words += ["--take", "\(take)"] }
        if taskBag { words.append("--task-bag") }
        if detached { words.append("--detached") }
        if let catalogue { words += ["--catalogue", catalogue.rawValue] }
        if cancelCheck != RunDefaults.cancelCheck { words += ["--cancel-check", cancelCheck.rawValue] }
        return words.joined(separator: " ")
    }
}
