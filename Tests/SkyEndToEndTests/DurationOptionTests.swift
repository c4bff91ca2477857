import Foundation
import Testing

/// Times as the options take them (`--duration`, `--spacing`, `--cancel-after`, `--report-every`):
/// one parser, with units from days to microseconds, alone or several from the largest down.
@Suite("Times in options")
struct DurationOptionTests {
    @Test("A time is a number and a unit, or several units from the largest down", arguments: [
        ("1m30s", 90.0), ("1h30m", 5400), ("2d", 172_800), ("1.5m", 90), ("500ms", 0.5), ("90", 90), ("1h0m30s", 3630),
        ("1s500ms", 1.5), ("250000us", 0.25), ("1H30M", 5400), ("1d12h", 129_600),
    ])
    func accepted(text: String, seconds: Double) throws {
        let outcome = try SkyBinary.run(["--duration", text, "--total", "1", "--work", "0", "--failure-rate", "0", "--format", "json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(summary["duration_seconds"] as? Double == seconds)
    }

    @Test("The summary's replay line writes a time as one would type it, from hours down")
    func replayLine() throws {
        let outcome = try SkyBinary.run(["--duration", "1h30m", "--total", "1", "--work", "0", "--failure-rate", "0", "--no-tui"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("replay: sky --total 1 --duration 1h30m "), "\(outcome.stdout)")
    }

    @Test("sky soak takes a compound time too")
    func soak() throws {
        let outcome = try SkyBinary.run(["soak", "--duration", "1m30s", "--total", "1", "--batch", "1", "--work", "0", "--format", "json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(summary["duration_seconds"] as? Double == 90)
    }

    @Test("A time out of order, repeated, without a unit after the first, or out of range is bad input naming the forms", arguments: [
        "30m1h", "1h1h", "1h30", "5x", "h", "1.2.3s", "-1s", "", "1m-30s", "8d", "1ms500us500us",
    ])
    func refused(text: String) throws {
        let outcome = try SkyBinary.run(["--duration", text, "--total", "1", "--work", "0"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("'--duration <time>': must be a time from 1ms to 168h: a number and a unit (d, h, m, s, ms or us), or several from the largest down as 1m30s; e.g. 500ms"), "\(outcome.stderr)")
    }

    @Test("Microseconds are a time below a millisecond where the option takes one")
    func microseconds() throws {
        let spaced = try SkyBinary.run(["--strategy", "serial", "--spacing", "500us", "--total", "2", "--work", "0", "--no-tui"])
        #expect(spaced.status == 0, "\(spaced.stderr)")
        // --cancel-after starts at 1 ms: 500 µs is below it, and named so.
        let early = try SkyBinary.run(["--cancel-after", "500us", "--total", "2", "--work", "0", "--no-tui"])
        #expect(early.status == 64)
        #expect(early.stderr.contains("from 1ms"), "\(early.stderr)")
    }
}
