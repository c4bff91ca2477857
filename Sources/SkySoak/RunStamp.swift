public import SkyHost
public import SkyFormat

/// Which run a report is of, as an operator tells tonight's soak from last week's: Sky's version,
/// the host (its name, kernel and CPU model), and when the run started and ended, in UTC. The
/// front end fills it; the summaries and `sky fleet` read it.
public struct RunStamp: Equatable, Sendable {
    /// `SkyVersion.current` of the sky that ran.
    public var version: String
    public var host: HostDescription
    public var started: UTCTime
    public var ended: UTCTime

    public init(version: String = SkyVersion.current, host: HostDescription, started: UTCTime, ended: UTCTime) {
        self.version = version
        self.host = host
        self.started = started
        self.ended = ended
    }

    /// `sky 0.1.0 on node-3 (kernel 6.1.0-28-amd64, AMD EPYC 7B13), 2026-11-28T01:21:41Z to 2026-11-28T09:21:44Z`.
    public var line: String {
        let machine = [host.kernel.map { "kernel \($0)" }, host.cpuModel].compactMap { $0 }
        return "sky \(version) on \(host.name.map(ShownText.escaped) ?? "an unnamed host")"
            + (machine.isEmpty ? "" : " (" + machine.map(ShownText.escaped).joined(separator: ", ") + ")")
            + ", \(started) to \(ended)"
    }
}
