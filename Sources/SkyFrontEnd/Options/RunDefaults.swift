import SkyCore
import SkyTUI

/// What a run uses for an option left out: `sky`'s defaults or `sky soak`'s, where the two differ,
/// and the ones they share. Each is written once, here or, where the engine needs it too, in
/// `RunConfiguration`; the options, their help and the replay command read it from here.
struct RunDefaults {
    /// What bounds a run given neither `--total` nor `--duration`.
    var bound: Bound
    var batch: BatchSize
    var failureRate: Double
    var verify: Bool

    static let sky = RunDefaults(bound: .scans(20), batch: .count(4), failureRate: RunConfiguration.defaultFailureRate, verify: RunConfiguration.defaultVerify)
    /// Every core busy for a while, every result checked, no simulated failures to hide a real one.
    static let soak = RunDefaults(bound: .time(.seconds(600)), batch: .auto, failureRate: 0, verify: true)

    // The same for both commands, the engine's own where it has one.
    static let priorities = RunConfiguration.defaultPriorityMix
    static let work = RunConfiguration.defaultWork
    static let strategy = RunConfiguration.defaultStrategy
    static let errors = RunConfiguration.defaultErrors
    static let speed = RunConfiguration.defaultSpeed
    static let spacing = RunConfiguration.defaultSpacing
    static let corruptionRate = RunConfiguration.defaultCorruptionRate
    static let ignoreCancellationRate = RunConfiguration.defaultIgnoreCancellationRate
    static let cancelCheck = RunConfiguration.defaultCancelCheck
    static let counters = CounterSource.viaActor
    static let format = OutputFormat.text
    /// `sky replay --speed`: the recorded pace.
    static let replaySpeed = 1.0

    /// A number of scans, or a time during which scans keep starting.
    enum Bound: CustomStringConvertible {
        case scans(Int)
        case time(Duration)

        /// As `--total` or `--duration` takes it.
        var description: String {
            switch self {
            case .scans(let count): "\(count)"
            case .time(let duration): ArgumentValue.text(duration)
            }
        }
    }
}
