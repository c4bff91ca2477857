import SkyCore
import SkyReport
import Testing

/// The headless status line speaks the dashboard's words: scheduled, in the group, on a thread,
/// and the ends; never "running" or "waiting", which the screen does not say.
@Suite("The status line's words")
struct StatusLineTests {
    static func line(_ configuration: RunConfiguration, soak: Bool = false) -> String {
        var snapshot = ScanSnapshot(configuration: configuration)
        snapshot.progress.onThread = 2
        snapshot.progress.onThreadIsExact = false
        return StatusLine.format(snapshot, at: .now, soak: soak)
    }

    @Test("A run's line: scheduled, in the group out of the batch, on a thread, completed, failed, cancelled")
    func teaching() {
        let line = Self.line(RunConfiguration(total: 20, batch: 4, seed: 1))
        #expect(line.contains("scheduled 0/20  in the group 0/4  on a thread at least 2  completed 0  failed 0  cancelled 0  "), "\(line)")
        #expect(!line.contains("running") && !line.contains("waiting"), "\(line)")
        let serial = Self.line(RunConfiguration(total: 20, batch: 1, seed: 1, strategy: .serial))
        #expect(serial.contains("in the loop 0/1"), "\(serial)")
    }

    @Test("The soak's line says in the group too")
    func soak() {
        let line = Self.line(RunConfiguration(total: 20, batch: 4, seed: 1, failureRate: 0, verify: true), soak: true)
        #expect(line.contains("verified 0  mismatches 0  in the group 0/4  "), "\(line)")
        #expect(!line.contains("running"), "\(line)")
    }
}
