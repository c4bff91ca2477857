import SkyCore

extension RunConfiguration {
    /// The command that repeats this run exactly, with `sky`'s own defaults (whichever command ran
    /// it), so an option at its default is left out.
    var replayCommand: String {
        var words = ["sky"]
        if let total { words += ["--total", "\(total)"] }
        if let duration { words += ["--duration", "\(Int((duration / .milliseconds(1)).rounded()))ms"] }
        words += ["--batch", "\(batch)", "--seed", "\(seed)"]
        if work != RunConfiguration.defaultWork { words += ["--work", "\(work)"] }
        if failureRate != 0.1 { words += ["--failure-rate", "\(failureRate)"] }
        if priorityMix != .standard { words += ["--priorities", "\(priorityMix)"] }
        if failFast { words.append("--fail-fast") }
        if strategy != .batched { words += ["--strategy", strategy.rawValue] }
        if errors != .result { words += ["--errors", errors.rawValue] }
        if speed != 1 { words += ["--speed", "\(speed)"] }
        if !yields { words.append("--no-yield") }
        if spacing > .zero { words += ["--spacing", "\(Int((spacing / .milliseconds(1)).rounded()))ms"] }
        if verify { words.append("--verify") }
        if corruptionRate > 0 { words += ["--inject-corruption", "\(corruptionRate)"] }
        return words.joined(separator: " ")
    }
}
