public import SkyCore
public import SkySoak

/// One part of a lesson as it ran: its run's configuration, the cores it had, and every event the
/// run wrote, in order. A lesson's answer reads nothing else.
public struct PartRecord: Sendable {
    public let part: Lesson.Part
    public let configuration: RunConfiguration
    public let cores: Int
    public let facts: RunFacts
    /// Events the record could not keep (a lesson's runs are small; this stays 0).
    public let dropped: Int
    /// How busy the rest of the machine was while the part ran; `nil` if unknown.
    public let hostLoad: HostLoad?

    public init(part: Lesson.Part, configuration: RunConfiguration, cores: Int, events: [RunEvent], dropped: Int = 0, hostLoad: HostLoad? = nil) {
        self.part = part
        self.configuration = configuration
        self.cores = cores
        facts = RunFacts(events)
        self.dropped = dropped
        self.hostLoad = hostLoad
    }

    /// `Part 2 (the serial queue)`, as the answers name it.
    public var name: String { "Part \(part.number) (\(part.name))" }
}
