import Testing

/// What a plain run's or a lesson's summary says, against a burn-in's: a teaching run speaks of
/// what its scans did, and the figures it gives are ones the run measured.
@Suite("A teaching run's summary")
struct TeachingSummaryTests {
    static let run = ["--total", "6", "--batch", "2", "--work", "1000", "--seed", "4", "--failure-rate", "0", "--no-tui"]

    @Test("A plain run's summary has no verdict and no verification note; --verify and sky soak have both, and the same exit status")
    func noVerdictUnlessVerified() throws {
        let plain = try SkyBinary.run(Self.run)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("sky: finished 6 scans"), "\(plain.stdout)")
        #expect(!plain.stdout.contains("verdict"), "\(plain.stdout)")
        #expect(!plain.stdout.contains("verification"), "\(plain.stdout)")
        let verified = try SkyBinary.run(Self.run + ["--verify"])
        #expect(verified.status == 0)
        #expect(verified.stdout.contains("\nverdict: PASS: "), "\(verified.stdout)")
        #expect(verified.stdout.contains("  verification: 6 results checked"), "\(verified.stdout)")
        let soak = try SkyBinary.run(["soak", "--duration", "0.3s", "--batch", "2", "--work", "1000", "--no-verify", "--no-tui"])
        #expect(soak.stdout.contains("\nverdict: "), "\(soak.stdout)")
        #expect(soak.stdout.contains("verification off"), "\(soak.stdout)")
    }

    @Test("A plain timed run's dashboard, running and done, shows no verdict, and leaves on q with status 0; with --verify, it does")
    func timedRunOnTheDashboard() throws {
        let run = "\(SkyBinary.url.path) --duration 2s --batch 2 --work 1000 --seed 5 --failure-rate 0"
        for verify in [false, true] {
            let terminal = try TmuxTerminal(run + (verify ? " --verify" : ""))
            // A running frame changes every tick: drawn whole once its footer and the Errors rule,
            // below the header, are there.
            let running = try terminal.waitForScreen { $0.contains("remaining 0:0") && $0.contains("Errors") && $0.contains("q quit") }
            // Done, in the title bar and the footer.
            let done = try terminal.waitForSteadyScreen { $0.components(separatedBy: "DONE: TIME UP").count == 3 }
            let headers = [running, done].map { $0.split(separator: "\n").prefix(3).joined(separator: "\n") }
            #expect(headers[0].contains("RUNNING"), "\(headers[0])")
            for header in headers {
                #expect(header.contains("duration 0:02"), "\(header)")
                #expect(header.contains("verdict PASS") == verify, "verify \(verify):\n\(header)")
            }
            try terminal.send("q")
            #expect(try terminal.exitStatus() == 0)
            let summary = try terminal.screen()
            #expect(summary.contains("sky: ran scans for 2.0 s (--duration)"), "\(summary)")
            #expect(summary.contains("verdict: PASS") == verify, "verify \(verify):\n\(summary)")
        }
    }

    @Test("With no scan run to its end, the run time is none, not 0.0 ms; in the JSON summary, null")
    func noRunTimeWithoutAnEnd() throws {
        // Scans of minutes, cancelled within the first second: each stops mid-sweep.
        let run = ["--total", "4", "--batch", "2", "--work", "50000000", "--cancel-after", "0.2s", "--no-tui"]
        let outcome = try SkyBinary.run(run)
        #expect(outcome.stdout.contains("completed 0  failed 0  cancelled 4"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("  run time  ms  none: no scan ran to its end"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("  wait time ms  p50 "), "two scans started: \(outcome.stdout)")
        let json = try SkyBinary.run(run + ["--format", "json"])
        #expect(json.stdout.contains(#""completed":0,"#), "\(json.stdout)")
        #expect(json.stdout.contains(#""latency_ms":{"p50":null,"p95":null,"p99":null}"#), "\(json.stdout)")
        #expect(json.stdout.contains(#""wait_ms":{"p50":"#) && !json.stdout.contains(#""wait_ms":{"p50":null"#), "two scans started: \(json.stdout)")
        #expect(json.status == outcome.status, "the same cancelled run, the same status")
    }

    @Test("--cancel-after starved of a thread: the summary says when the cancel reached the run, and how late")
    func lateCancelTimer() throws {
        // A scan a core that never yields holds every thread of the pool: the cancel's timer, a
        // task of the run, gets one only when a scan ends, seconds after it was due.
        let outcome = try SkyBinary.run([
            "--total", "24", "--batch", "auto", "--work", "200000", "--no-yield", "--failure-rate", "0", "--cancel-after", "0.3s", "--no-tui",
        ])
        let line = try #require(outcome.stdout.split(separator: "\n").first { $0.hasPrefix("  --cancel-after 0.30 s: the cancel reached the run at ") },
                                "\(outcome.stdout)")
        #expect(line.contains(" s late: its timer is a task like the scans, and waited for a thread they held"), "\(line)")
        #expect(outcome.stdout.contains("\nsky: cancelled after "), "\(outcome.stdout)")
    }
}
