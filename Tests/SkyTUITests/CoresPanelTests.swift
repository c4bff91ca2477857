import SkyCore
@testable import SkyHost
@testable import SkySoak
import SkyTUI
import Testing

/// A soak's cores panel: a row per CPU, ranges naming their worst CPU when there are more CPUs
/// than rows, `n/a` and the reason once where the host has no sensor.
@Suite("Dashboard view: the cores of a soak")
struct CoresPanelTests {
    /// A virtual machine's two CPUs: no temperature, no throttle counts, MHz from /proc/cpuinfo.
    static let virtualMachine = HostFigures(
        rows: [
            CoreRow(cpu: 0, utilisation: 1, megahertz: 2596.098, celsius: nil, verified: 41, mismatches: 0),
            CoreRow(cpu: 1, utilisation: 0.97, megahertz: 2596.098, celsius: nil, verified: 40, mismatches: 0),
        ],
        missing: ["no cpufreq: MHz from /proc/cpuinfo", "no thermal sensors: virtual machine", "no thermal_throttle counts: virtual machine"],
        throttle: nil)

    /// 256 CPUs with sensors: CPU 77 hottest, CPU 200 with a mismatch, CPU 130 the least busy.
    static let bigHost = HostFigures(
        rows: (0..<256).map { cpu in
            CoreRow(
                cpu: cpu, utilisation: cpu == 130 ? 0.62 : 0.99, megahertz: cpu == 77 ? 1800 : 3000, celsius: cpu == 77 ? 94 : 60 + Double(cpu % 5),
                verified: 12, mismatches: cpu == 200 ? 1 : 0)
        },
        missing: [], throttle: ThrottleCounts(core: 0, package: 312))

    static func state(_ host: HostFigures?, size: TerminalSize, verify: Bool = true, replay: String? = nil) -> DashboardState {
        var snapshot = SoakHeaderTests.soak
        snapshot.progress.configuration.verify = verify
        // The counts come from the engine's snapshot at each frame; the rows above name them.
        if let rows = host?.rows, rows.allSatisfy({ $0.verified != nil }) {
            snapshot.coreCounts = CoreCounts(verified: rows.map { $0.verified! }, mismatches: rows.map { $0.mismatches ?? 0 })
        }
        var state = DashboardState(snapshot: snapshot, size: size, info: RunInfo(cores: 2, replay: replay))
        _ = state.update(.frame(snapshot, elapsed: .seconds(20)))
        if let host { _ = state.update(.host(host)) }
        return state
    }

    static func lines(_ state: DashboardState) -> [Substring] {
        DashboardView.render(state).text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test("golden frames: a virtual machine's two CPUs, and 256 CPUs in ranges", arguments: ["soak-cores-vm", "soak-cores-256"], GoldenFrameTests.runSizes)
    func golden(name: String, size: TerminalSize) throws {
        let host = name == "soak-cores-vm" ? Self.virtualMachine : Self.bigHost
        try GoldenFrameTests().compare(Self.state(host, size: size), named: "\(name)-\(size.width)x\(size.height).txt")
    }

    @Test("the virtual machine's rows say n/a for the temperature, and why, once")
    func missingSensors() {
        let lines = Self.lines(Self.state(Self.virtualMachine, size: TerminalSize(width: 100, height: 30)))
        #expect(lines.contains { $0.hasPrefix("── Cores  2 CPUs, busy over the last second ─") })
        #expect(lines.contains { $0 == " 0     100%   2596    n/a        41           0" })
        #expect(lines.contains { $0 == " 1      97%   2596    n/a        40           0" })
        let text = lines.joined(separator: "\n")
        #expect(text.components(separatedBy: "virtual machine").count - 1 == 2)
    }

    @Test("256 CPUs in ranges: each names its worst, a mismatch before heat, heat before idleness")
    func ranges() {
        let lines = Self.lines(Self.state(Self.bigHost, size: TerminalSize(width: 120, height: 40)))
        // At 120 columns the rows go in two columns of 60.
        let cells = lines.flatMap { [String($0.prefix(60)), String($0.dropFirst(60))] }
        let rows = cells.filter { $0.range(of: #"^ \d+-\d+ \(\d+\)"#, options: .regularExpression) != nil }
        #expect(rows.count == 14)
        // The range holding 77 names it at 94 °C; the one holding 200 names it for its mismatch.
        #expect(rows.contains { $0.contains("(77)") && $0.contains("1800") && $0.contains("94°C") })
        #expect(rows.contains { $0.contains("(200)") && $0.hasSuffix("1") && $0.contains("60°C") })
        #expect(lines.contains { $0.contains("throttled 312 times (package 312, cores 0)") })
    }

    @Test("the counts are the engine's at this frame, not at the host's last reading a second ago, so they agree with the counters")
    func liveCounts() {
        var state = Self.state(Self.virtualMachine, size: TerminalSize(width: 100, height: 30))
        var snapshot = state.snapshot
        snapshot.coreCounts = CoreCounts(verified: [45, 44], mismatches: [0, 1])
        _ = state.update(.frame(snapshot, elapsed: .seconds(21)))
        let lines = Self.lines(state)
        #expect(lines.contains { $0 == " 0     100%   2596    n/a        45           0" })
        #expect(lines.contains { $0 == " 1      97%   2596    n/a        44           1" })
    }

    @Test("without the engine's counts the columns show a dash, not 0")
    func noCounts() {
        var host = Self.virtualMachine
        host.rows = host.rows.map { row in
            var row = row
            row.verified = nil
            row.mismatches = nil
            return row
        }
        let lines = Self.lines(Self.state(host, size: TerminalSize(width: 100, height: 30)))
        #expect(lines.contains { $0 == " 0     100%   2596    n/a         –           –" })
    }

    @Test("no panel for a run that is not a soak, for a replay, or in a window too small; the rest still draws", arguments: [
        (true, nil as String?, 60, 18), (false, nil, 100, 30), (true, "run.jsonl", 100, 30), (true, nil, 50, 15),
    ])
    func hidden(verify: Bool, replay: String?, width: Int, height: Int) {
        let state = Self.state(Self.bigHost, size: TerminalSize(width: width, height: height), verify: verify, replay: replay)
        let lines = Self.lines(state)
        #expect(!lines.contains { $0.contains("── Cores") })
        #expect(lines.count == height)
    }

    @Test("once the rate has fallen, the throttle warning with its cause stands beneath the rows, as the summary gives it, and the reasons too")
    func throttleWarning() {
        var state = Self.state(Self.virtualMachine, size: TerminalSize(width: 100, height: 40))
        let warning = ThrottleWarning(baseline: 3.65, lowestRate: 3.1, lowestAt: .seconds(252), firstAt: .seconds(92), active: true)
        let cause = ThrottleCause.counted(ThrottleCounts(core: 0, package: 312), over: .seconds(60))
        let observed = RunObservations(throttle: warning, throttleCause: cause)
        _ = state.update(.observed(observed))
        let text = Self.lines(state).joined(separator: "\n")
        #expect(text.contains(" warning: the rate fell to 3.10 scans/s at 4:12.0, 15% below the first minute's 3.65 (first seen at\n 1:32.0): thermal throttling: package throttled 312 times in the last minute"), "\(text)")
        // The panel grew by the warning's two lines; the rows and the reasons are all still there.
        #expect(text.contains(" 1      97%   2596    n/a        40           0"))
        #expect(text.contains("no thermal sensors: virtual machine"))
    }

    @Test("before the first reading, the panel says one comes after a second")
    func beforeTheFirstReading() {
        let lines = Self.lines(Self.state(nil, size: TerminalSize(width: 100, height: 30)))
        #expect(lines.contains { $0.hasPrefix("── Cores  the first reading comes after a second ") })
    }
}
