import SkyHost
import SkyHostFixtures
import Testing

@Suite("Per-core rows")
struct CoreRowsTests {
    /// Two samples of `cores` CPUs ten ticks of busy-or-idle apart: CPU i busy `busy(i)` of 10.
    static func samples(_ host: FakeHost, busy: (Int) -> UInt64) -> (HostSample, HostSample) {
        let probe = HostProbe(root: HostRoot(host.root))
        let first = probe.sample()
        host.setTimes(busy: (0..<host.cores).map(busy), idle: (0..<host.cores).map { 10 - busy($0) })
        return (first, probe.sample())
    }

    @Test("one row per CPU with its utilisation, MHz, temperature and counts")
    func rowPerCPU() {
        let host = FakeHost(cores: 2)
        defer { host.remove() }
        host.setCelsius([55, 71])
        let (a, b) = Self.samples(host) { $0 == 0 ? 10 : 7 }
        let rows = CoreRows.rows(from: a, to: b, verified: [12, 9], mismatches: [0, 1])
        #expect(rows.map(\.label) == ["0", "1"])
        #expect(rows.map(\.utilisation) == [1.0, 0.7])
        #expect(rows.map(\.celsius) == [55, 71])
        #expect(rows.map(\.megahertz) == [2400, 2400])
        #expect(rows.map(\.verified) == [12, 9])
        #expect(rows.map(\.mismatches) == [0, 1])
    }

    @Test("without the engine's counts the rows say so (nil), and a CPU past the counts has 0")
    func counts() {
        let host = FakeHost(cores: 2)
        defer { host.remove() }
        let (a, b) = Self.samples(host) { _ in 5 }
        #expect(CoreRows.rows(from: a, to: b, verified: [], mismatches: []).map(\.verified) == [nil, nil])
        #expect(CoreRows.rows(from: a, to: b, verified: [4], mismatches: []).map(\.verified) == [4, 0])
        // The first sample has no earlier one: no utilisation yet.
        #expect(CoreRows.rows(from: nil, to: a, verified: [], mismatches: []).map(\.utilisation) == [nil, nil])
    }

    @Test("256 CPUs in 8 rows: ranges of 32, each naming its worst CPU (mismatches, then hottest, then least busy)")
    func rangesNameTheWorst() {
        let host = FakeHost(cores: 256, packages: 2)
        defer { host.remove() }
        var celsius = Array(repeating: 60.0, count: 256)
        celsius[40] = 90     // the hottest of rows 32-63
        celsius[100] = 95    // hotter, but row 96-127 has a mismatch on 120
        host.setCelsius(celsius)
        // Row 0-31: all as hot and as busy but CPU 17, the least busy.
        let (a, b) = Self.samples(host) { $0 == 17 ? 3 : 10 }
        var mismatches = Array(repeating: 0, count: 256)
        mismatches[120] = 2
        let rows = CoreRows.grouped(
            CoreRows.rows(from: a, to: b, verified: Array(repeating: 5, count: 256), mismatches: mismatches), maxRows: 8)
        #expect(rows.map(\.label) == ["0-31", "32-63", "64-95", "96-127", "128-159", "160-191", "192-223", "224-255"])
        #expect(rows.map(\.worst) == [17, 40, 64, 120, 128, 160, 192, 224])
        #expect(rows[0].utilisation == 1 - 7.0 / 10)
        #expect(rows[1].celsius == 90)
        #expect(rows[3].celsius == 60)
        #expect(rows[3].mismatches == 2)
        #expect(rows.allSatisfy { $0.verified == 160 && $0.count == 32 })
        #expect(CoreRows.hottest(rows)?.worst == 40)
    }

    @Test("64 CPUs in 10 rows: ranges of 7, the last shorter; fewer CPUs than rows stay one a row")
    func uneven() {
        let host = FakeHost(cores: 64)
        defer { host.remove() }
        let (a, b) = Self.samples(host) { _ in 10 }
        let rows = CoreRows.rows(from: a, to: b, verified: [], mismatches: [])
        let grouped = CoreRows.grouped(rows, maxRows: 10)
        #expect(grouped.count == 10)
        #expect(grouped.first?.label == "0-6")
        #expect(grouped.last?.label == "63")
        #expect(grouped.reduce(0) { $0 + $1.count } == 64)
        #expect(CoreRows.grouped(rows, maxRows: 64) == rows)
    }
}
