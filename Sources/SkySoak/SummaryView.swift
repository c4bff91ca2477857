public import SkyCore

/// Whom a run's text summary is written for.
public enum SummaryView: Equatable, Sendable {
    /// A plain `sky` or a lesson: what the scans did. No verdict: these runs are cancelled and
    /// thrown on purpose.
    case teaching
    /// `sky --verify`: the teaching summary, with what a burn-in reads beside it: the
    /// verification, the dashboard's frame figures and the verdict.
    case verified
    /// `sky soak`: only what a burn-in reads (`SoakSummary`), nothing that only a lesson needs.
    case soak

    /// The summary a run gets unless its command chooses one: `verified` if it checks its results.
    public static func of(_ configuration: RunConfiguration) -> SummaryView {
        configuration.verify ? .verified : .teaching
    }

    /// Whether the summary ends with a verdict.
    public var judges: Bool { self != .teaching }
}
