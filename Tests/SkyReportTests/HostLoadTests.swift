import Foundation
import SkyCore
import SkyHost
import Testing
@testable import SkySoak
@testable import SkyReport

/// A busy machine is said beside the figures it slows: read from `/proc/stat` (here a fake one)
/// less Sky's own CPU time.
@Suite("A busy machine")
struct HostLoadTests {
    /// A fake root whose `/proc/stat` says `line`.
    static func root(_ line: String) throws -> HostRoot {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sky-load-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: folder + "/proc", withIntermediateDirectories: true)
        try (line + "\ncpu0 0 0 0 0 0 0 0 0\n").write(toFile: folder + "/proc/stat", atomically: true, encoding: .utf8)
        return HostRoot(folder)
    }

    /// `cpu user nice system idle iowait irq softirq steal`, in ticks. This process's own time is
    /// set to none: the other tests running beside this one spend it, and it is not the host's.
    static func reading(user: Int, idle: Int, steal: Int = 0) throws -> HostLoad.Reading? {
        let root = try Self.root("cpu  \(user) 0 0 \(idle) 0 0 0 \(steal) 0 0")
        defer { try? FileManager.default.removeItem(atPath: root.path) }
        var reading = HostLoad.read(root: root)
        reading?.own = 0
        return reading
    }

    @Test("Others' share is the host's busy time less Sky's own; past a tenth of it the machine is busy")
    func othersShare() throws {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        // Two seconds of the host's CPU time pass, of which 0.7 s busy, none of it Sky's.
        let earlier = try Self.reading(user: 100_000, idle: 100_000)
        let later = try Self.reading(user: 100_000 + Int(0.7 * ticks), idle: 100_000 + Int(1.3 * ticks))
        let load = try #require(HostLoad(from: earlier, to: later))
        #expect(abs(load.others - 0.35) < 0.01, "\(load)")
        #expect(load.isBusy)
        #expect(load.brief == "others 35%", "\(load.brief)")
        #expect(load.description.hasPrefix("other processes used "))
        // Of those 0.7 s, 0.2 s were Sky's own: a quarter of the host's time was others'.
        var withSky = later
        withSky?.own = 0.2
        #expect(abs(try #require(HostLoad(from: earlier, to: withSky)).others - 0.25) < 0.01)
        let quiet = try #require(HostLoad(from: earlier, to: try Self.reading(user: 100_000 + Int(0.1 * ticks), idle: 100_000 + Int(1.9 * ticks))))
        #expect(!quiet.isBusy)
    }

    @Test("Steal counts on its own; too short a span, or no /proc/stat, weighs nothing")
    func stealAndUnknown() throws {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let earlier = try Self.reading(user: 100_000, idle: 100_000, steal: 0)
        let stolen = try #require(HostLoad(from: earlier, to: try Self.reading(user: 100_000, idle: 100_000 + Int(1.8 * ticks), steal: Int(0.2 * ticks))))
        #expect(stolen.isBusy && stolen.others < 0.02)
        #expect(stolen.brief.hasSuffix("steal 10%"), "\(stolen.brief)")
        #expect(HostLoad(from: earlier, to: try Self.reading(user: 100_000, idle: 100_000 + Int(0.2 * ticks))) == nil)
        #expect(HostLoad.read(root: HostRoot("/nonexistent-sky-root")) == nil)
        #expect(HostLoad(from: nil, to: earlier) == nil)
    }

    @Test("The summary says a busy machine beside the rates, and nothing on a quiet one")
    func summaryLine() async throws {
        let summary = await ScanModel(configuration: RunConfiguration(total: 3, batch: 1, seed: 1, work: 0)).run()
        var observations = RunObservations()
        observations.hostLoad = HostLoad(others: 0.42, steal: 0)
        let lines = TextSummary.format(summary, replay: "sky", observations: observations).split(separator: "\n")
        let at = try #require(lines.firstIndex { $0.hasPrefix("  busy machine: other processes used 42% of the machine's CPU time") }, "\(lines)")
        #expect(lines[at - 1].hasPrefix("  throughput "), "beside the rates")
        observations.hostLoad = HostLoad(others: 0.04, steal: 0)
        #expect(!TextSummary.format(summary, replay: "sky", observations: observations).contains("busy machine"))
    }
}
