import Foundation
@testable import SkyFormat
@testable import SkyFleet
import Testing

/// `sky fleet`'s reading, merging, outliers, table and JSON, from summaries written by hand in
/// the shape `sky soak --format json` prints.
@Suite("sky fleet: reading summaries, merging, outliers, table and JSON")
struct FleetTests {
    /// A summary line as a newer sky prints it: host, cores and a verdict object.
    static func summary(
        host: String, cores: Int = 8, ratePerCore: Double, seconds: Double = 600, mismatches: Int = 0,
        result: String = "pass", reasons: [String] = ["all verified"], extra: String = ""
    ) -> String {
        let rate = ratePerCore * Double(cores)
        let completed = Int(rate * seconds) - mismatches
        let reasons = reasons.map { "\"\($0)\"" }.joined(separator: ",")
        return """
            {"cancelled":1,"completed":\(completed),"cores":\(cores),"elapsed_seconds":\(seconds),"exit_status":0,"failed":0,\
            "host":"\(host)",\(extra)"scans_per_second":\(rate),"verdict":{"reasons":[\(reasons)],"result":"\(result)"},\
            "verification_errors":[],"verification_failures":\(mismatches)}
            """
    }

    /// A summary as today's sky prints it: no host, no cores, the verdict a word and a reason.
    static let oldStyle = """
        {"completed":117,"elapsed_seconds":60.2,"exit_status":3,"failed":2,"scans_per_second":2.0,"verdict":"FAIL",\
        "verdict_reason":"1 verification failure: possible hardware fault (first: scan 4 on core 0, thread 6547)","verification_failures":1}
        """

    /// A folder of its own, removed by the caller.
    static func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sky-fleet-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8) }
        return folder
    }

    static func fleet(_ summaries: [String]) throws -> Fleet {
        Fleet(FleetInput.Read(summaries: try summaries.enumerated().map { try FleetSummary(json: $1, file: "pod-\($0).json") }))
    }

    @Test("Counts and figures no run could give are refused with a line, not summed into an overflow", arguments: [
        ("\"failed\":0", "\"failed\":9223372036854775807", "\"failed\" is 9223372036854775807, not a count"),
        ("\"elapsed_seconds\":600.0", "\"elapsed_seconds\":1e19", "\"elapsed_seconds\" is 1e+19, not a figure"),
        ("\"cores\":8", "\"cores\":-3", "\"cores\" is -3, not a count"),
    ])
    func outOfRange(field: String, replacement: String, problem: String) throws {
        let text = Self.summary(host: "h", ratePerCore: 1).replacingOccurrences(of: field, with: replacement)
        #expect(text.contains(replacement))
        #expect {
            _ = try FleetSummary(json: text, file: "h.json")
        } throws: { ($0 as? FleetSummary.Problem)?.description.hasPrefix(problem) ?? false }
    }

    @Test("A summary with a key written twice is refused, not read as one reader would: jq takes the last verdict, Foundation the first")
    func duplicateKey() throws {
        let passing = Self.summary(host: "h", ratePerCore: 1)
        let twice = passing.replacingOccurrences(of: "\"verdict\":{", with: "\"verdict\":{\"result\":\"fail\",")
        #expect(twice.contains("\"result\":\"fail\""))
        #expect {
            _ = try FleetSummary(json: twice, file: "h.json")
        } throws: { ($0 as? FleetSummary.Problem)?.description == "\"result\" appears twice in one object, which JSON readers take differently" }
        let verdictTwice = String(passing.dropLast()) + #","verdict":"FAIL"}"#
        #expect(throws: FleetSummary.Problem.self) { _ = try FleetSummary(json: verdictTwice, file: "h.json") }
        // The same key in two objects, escaped quotes and brackets inside strings are not duplicates.
        let fine = passing.replacingOccurrences(of: "\"host\":\"h\",", with: #""host":"h \"{[,\"verdict\"","error_mode":{"result":1},"#)
        #expect(try FleetSummary(json: fine, file: "h.json").host == #"h "{[,"verdict""#)
        #expect(DuplicateKeys.first(in: Array(#"[{"a":1},{"a":2}]"#.utf8)[...]) == nil)
        #expect(DuplicateKeys.first(in: Array(#"{"a":[1,{"a":2}],"b":{"a":3},"a":4}"#.utf8)[...]) == "a")
    }

    @Test("A host's name and reasons from a file are shown escaped: no control character reaches the terminal or splits a row")
    func controlCharactersEscaped() throws {
        let fleet = try Self.fleet([
            Self.summary(host: "evil\\u001b[2J\\nrow", ratePerCore: 1, result: "fail", reasons: ["bad\\u0007bell"]),
            Self.summary(host: "fine", ratePerCore: 1),
        ])
        let table = FleetTable.format(fleet)
        #expect(!table.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(table)")
        #expect(table.contains("evil\\u{1B}[2J\\u{A}row"), "\(table)")
        #expect(table.contains("bad\\u{7}bell"), "\(table)")
        #expect(table.split(separator: "\n").filter { !$0.hasPrefix("fleet: ") && ($0.contains("PASS") || $0.contains("FAIL")) }.count == 2)
    }

    @Test("Five hosts merge into rows sorted by host; the planted slow host is flagged, and only it")
    func plantedOutlier() throws {
        let fleet = try Self.fleet([
            Self.summary(host: "node-c", ratePerCore: 2.02),
            Self.summary(host: "node-a", ratePerCore: 2.00),
            Self.summary(host: "node-e", ratePerCore: 1.00),
            Self.summary(host: "node-b", ratePerCore: 2.05),
            // 7% below the median: slower, but within the 10% the rule allows.
            Self.summary(host: "node-d", ratePerCore: 1.87),
        ])
        #expect(fleet.hosts.map(\.summary.host) == ["node-a", "node-b", "node-c", "node-d", "node-e"])
        #expect(fleet.hosts.filter(\.outlier).map(\.summary.host) == ["node-e"])
        #expect(fleet.outliers.median == 2.00)
        #expect(fleet.standing == .passed)
        let text = FleetTable.format(fleet)
        let rows = text.split(separator: "\n")
        #expect(rows.count { $0.contains(FleetTable.outlierMark) } == 1)
        #expect(rows.first { $0.hasPrefix("node-e") }?.contains("1.00/s \(FleetTable.outlierMark)") == true)
        #expect(text.contains("outliers: rate per core below 1.78/s, the median 2.00/s less the larger of 3 × 1.4826 × MAD"))
        #expect(text.contains("and 10% of the median: node-e"))
        #expect(text.hasSuffix("\nfleet: PASS: 5 of 5 hosts passed, 5 of unknown version (node-a, node-b, node-c, node-d, node-e); median rate per core 2.00/s"))
    }

    @Test("A fleet spread wider than 10% flags by its MAD: 3 × 1.4826 × MAD below the median")
    func madRule() throws {
        // Median 98; deviations 2, 2, 2, 6, 6, 10, 13, 48: MAD 6, so the line is 98 − 26.7 = 71.3.
        // 85 is 13% below the median, yet within the fleet's own spread.
        let outliers = FleetOutliers(rates: [100, 104, 96, 108, 92, 100, 85, 50])
        #expect(outliers.median == 98)
        #expect(outliers.mad == 6)
        let threshold = try #require(outliers.threshold)
        #expect(abs(threshold - (98 - 3 * 1.4826 * 6)) < 1e-9)
        #expect(outliers.flagged == [7])
    }

    @Test("Identical hosts (MAD 0) flag only a host more than 10% below the median")
    func madZero() {
        let outliers = FleetOutliers(rates: [2, 2, 2, 1.85, 1.79, nil])
        #expect(outliers.mad == 0)
        #expect(outliers.judged == 5)
        #expect(outliers.flagged == [4])
    }

    @Test("Fewer than three hosts with a rate per core: none flagged, and the output says why")
    func tooFew() throws {
        let fleet = try Self.fleet([Self.summary(host: "a", ratePerCore: 2), Self.summary(host: "b", ratePerCore: 0.1)])
        #expect(fleet.hosts.allSatisfy { !$0.outlier })
        #expect(FleetTable.format(fleet).contains("outliers: none flagged, as that needs 3 hosts with a rate per core and 2 have one"))
    }

    @Test("An older summary: a word for the verdict, its reason beside it, the host from the file's name, no rate per core")
    func oldStyleVerdict() throws {
        let summary = try FleetSummary(json: Self.oldStyle, file: "logs/sky-soak-0-x7k2p.log")
        #expect(summary.host == "sky-soak-0-x7k2p")
        #expect(summary.hostFromFile)
        #expect(summary.result == .fail)
        #expect(summary.reasons == ["1 verification failure: possible hardware fault (first: scan 4 on core 0, thread 6547)"])
        #expect(summary.scans == 120)
        #expect(summary.mismatches == 1)
        #expect(summary.cores == nil && summary.ratePerCore == nil)
        let fleet = Fleet(FleetInput.Read(summaries: [summary]))
        #expect(fleet.standing == .hostFailed)
        let row = FleetTable.row(fleet.hosts[0])
        #expect(row[1] == FleetTable.unknown && row[4] == FleetTable.unknown)
        #expect(row.last?.hasPrefix("FAIL: 1 verification failure: possible hardware fault") == true)
    }

    @Test("Throttle counts where the summary has them, else the fall in rate, else a dash")
    func throttling() throws {
        let counted = try FleetSummary(json: Self.summary(host: "a", ratePerCore: 1, extra: #""throttle_counts":{"core":3,"package":1},"#), file: "a")
        let fell = try FleetSummary(
            json: Self.summary(host: "b", ratePerCore: 1, extra: #""throttling":{"baseline_scans_per_second":10,"drop":0.153,"first_at":95,"lowest_at":300,"lowest_scans_per_second":8.47},"#),
            file: "b")
        let neither = try FleetSummary(json: Self.summary(host: "c", ratePerCore: 1), file: "c")
        #expect(FleetTable.throttling(counted) == "core 3, package 1")
        #expect(FleetTable.throttling(fell) == "rate fell 15%")
        #expect(FleetTable.throttling(neither) == FleetTable.unknown)
    }

    @Test("A kubectl logs capture: stderr's lines and the interval lines, then the summary; with --prefix, one host a pod")
    func kubectlLogs() throws {
        let interval = #"{"interval":1,"start":0.000000,"end":60.000000,"scans":41,"scans_per_second":0.6833,"total_scans":41,"throttled":false}"#
        let one = ["sky: warning: the rate fell", interval, interval, Self.summary(host: "node-a", ratePerCore: 2)].joined(separator: "\n") + "\n"
        let prefixed = [
            "[pod/sky-soak-0-abcde/sky] " + interval, "[pod/sky-soak-1-fghij/sky] " + interval,
            "[pod/sky-soak-0-abcde/sky] " + Self.summary(host: "node-b", ratePerCore: 2),
            "[pod/sky-soak-1-fghij/sky] " + Self.summary(host: "node-c", ratePerCore: 2, mismatches: 2, result: "fail", reasons: ["2 verification failures"]),
        ].joined(separator: "\n")
        let folder = try Self.folder(["a.log": one, "job.log": prefixed])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let read = FleetInput.read([folder])
        #expect(read.skipped == [])
        #expect(read.summaries.map(\.host) == ["node-a", "node-b", "node-c"])
        #expect(read.summaries.map(\.file) == [folder + "/a.log", folder + "/job.log", folder + "/job.log"])
        #expect(Fleet(read).standing == .hostFailed)
    }

    @Test("A line too long to be a summary is passed over, and the summary after it still read")
    func overlongLine() throws {
        let long = "\"verdict\"" + String(repeating: "x", count: SummaryLines.lineLimit + 1)
        let folder = try Self.folder(["a.log": long + "\n" + Self.summary(host: "node-a", ratePerCore: 2) + "\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let read = FleetInput.read([folder])
        #expect(read.skipped == [])
        #expect(read.summaries.map(\.host) == ["node-a"])
    }

    @Test("A pretty-printed summary, as jq prints it, is read whole")
    func prettyPrinted() throws {
        let object = try JSONSerialization.jsonObject(with: Data(Self.summary(host: "node-p", ratePerCore: 3).utf8))
        let pretty = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted]), as: UTF8.self)
        let folder = try Self.folder(["p.json": pretty])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let read = FleetInput.read([folder + "/p.json"])
        #expect(read.skipped == [])
        #expect(read.summaries.map(\.host) == ["node-p"])
    }

    @Test("Bad files are each named with their problem, and the others still merge")
    func badFiles() throws {
        let good = Self.summary(host: "node-a", ratePerCore: 2)
        let cut = String(Self.summary(host: "node-x", ratePerCore: 2).prefix(40))
        let folder = try Self.folder([
            "a.json": good,
            "b.json": #"{"interval":1,"scans":4}"#,
            "c.log": "",
            "d.jsonl": "{\"interval\":1}\n" + cut,
            "e.json": #"{"verdict":"PASS","completed":3,"failed":0,"verification_failures":0,"scans_per_second":1}"#,
            "f.json": Self.summary(host: "node-f", ratePerCore: 2).replacingOccurrences(of: #""cores":8"#, with: #""cores":"eight""#),
            "notes.txt": "not read: not a summary's name",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/g.json", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: folder + "/h.json", withIntermediateDirectories: false)
        let empty = try Self.folder([:])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let read = FleetInput.read([folder, folder + "/missing.json", empty, "/dev/null"])
        #expect(read.summaries.map(\.host) == ["node-a"])
        let problems = Dictionary(uniqueKeysWithValues: read.skipped.map { ($0.file.replacingOccurrences(of: folder, with: "F"), $0.problem) })
        #expect(problems == [
            "F/b.json": "not a sky summary (no line holds a \"verdict\")",
            "F/c.log": "empty: no summary",
            "F/d.jsonl": "no summary: its last line is cut short (was it read before sky soak had ended?)",
            "F/e.json": "line 1: not a sky summary: no \"elapsed_seconds\"",
            "F/f.json": "line 1: not a sky summary: \"cores\" is not a whole number",
            "F/g.json": "a FIFO, not a regular file or a folder",
            "F/h.json": "a folder inside a folder: sky fleet does not read subfolders",
            "F/missing.json": "no such file or directory",
            empty: "no summaries: a folder with no *.json, *.jsonl or *.log files",
            "/dev/null": "a character device, not a regular file or a folder",
        ])
        let fleet = Fleet(read)
        #expect(fleet.standing == .incomplete)
        #expect(FleetTable.format(fleet).contains("skipped: \(folder)/b.json: not a sky summary"))
    }

    @Test("How the fleet stands: a failed host outranks a skipped file, which outranks an untrustworthy host")
    func standing() throws {
        let pass = try FleetSummary(json: Self.summary(host: "a", ratePerCore: 2), file: "a")
        let fail = try FleetSummary(json: Self.summary(host: "b", ratePerCore: 2, result: "fail"), file: "b")
        let doubtful = try FleetSummary(json: Self.summary(host: "c", ratePerCore: 2, result: "untrustworthy", reasons: ["steal 20%"]), file: "c")
        let skipped = [FleetInput.Skipped(file: "x", problem: "empty: no summary")]
        #expect(Fleet(FleetInput.Read()).standing == .nothingMerged)
        #expect(Fleet(FleetInput.Read(summaries: [pass])).standing == .passed)
        #expect(Fleet(FleetInput.Read(summaries: [pass, doubtful])).standing == .untrustworthy)
        #expect(Fleet(FleetInput.Read(summaries: [pass, doubtful], skipped: skipped)).standing == .incomplete)
        #expect(Fleet(FleetInput.Read(summaries: [pass, doubtful, fail], skipped: skipped)).standing == .hostFailed)
        #expect(FleetTable.row(Fleet(FleetInput.Read(summaries: [doubtful])).hosts[0]).last == "UNTRUSTWORTHY: steal 20%")
    }

    @Test("Two summaries with one host name are both kept, and marked")
    func duplicates() throws {
        let fleet = try Self.fleet([
            Self.summary(host: "node-a", ratePerCore: 2), Self.summary(host: "node-b", ratePerCore: 2), Self.summary(host: "node-a", ratePerCore: 2.1),
        ])
        #expect(fleet.hosts.map(\.duplicate) == [true, true, false])
        let text = FleetTable.format(fleet)
        #expect(text.contains("\n* node-a: 2 summaries (pod-0.json, pod-2.json): one host soaked twice, or two hosts with one name"))
        #expect(text.split(separator: "\n").count { $0.hasPrefix("node-a*") } == 2)
    }

    @Test("The JSON document parses, and its figures are the table's")
    func jsonMatchesTable() throws {
        let fleet = try Self.fleet([
            Self.summary(host: "node-a", ratePerCore: 2.0), Self.summary(host: "node-b", cores: 4, ratePerCore: 2.1, mismatches: 2, result: "fail", reasons: ["2 verification failures"]),
            Self.summary(host: "node-c", ratePerCore: 0.5, seconds: 28_800), Self.oldStyle,
        ])
        let document = FleetJSON(fleet, exitStatus: 2).encoded()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
        #expect(object["exit_status"] as? Int == 2)
        let hosts = try #require(object["hosts"] as? [[String: Any]])
        let rows = FleetTable.format(fleet).split(separator: "\n").dropFirst().prefix(fleet.hosts.count)
            .map { $0.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(hosts.count == 4 && rows.count == 4)
        for (host, row) in zip(hosts, rows) {
            #expect(host["host"] as? String == row[0])
            #expect((host["cores"] as? Int).map(String.init) ?? FleetTable.unknown == row[1])
            #expect(FleetTable.duration(try #require(host["duration_seconds"] as? Double)) == row[2])
            #expect("\(try #require(host["scans"] as? Int))" == row[3])
            let rate = (host["rate_per_core"] as? Double).map(FleetTable.rate) ?? FleetTable.unknown
            #expect(row[4] == rate + (host["outlier"] as? Bool == true ? " " + FleetTable.outlierMark : ""))
            #expect("\(try #require(host["mismatches"] as? Int))" == row[5])
            let verdict = try #require(host["verdict"] as? [String: Any])
            #expect(row.last?.hasPrefix((verdict["result"] as? String ?? "?").uppercased()) == true)
        }
        let summary = try #require(object["fleet"] as? [String: Any])
        #expect(summary["hosts"] as? Int == 4 && summary["passed"] as? Int == 2 && summary["failed"] as? Int == 2)
        #expect(summary["outliers"] as? [String] == ["node-c"])
        #expect(summary["median_rate_per_core"] as? Double == 2.0)
        #expect(FleetTable.format(fleet).contains(try #require(summary["outlier_rule"] as? String)))
    }

    /// A summary of this sky: its version, the machine, and when it ran.
    static func stamped(
        host: String, version: String? = "0.1.0", started: String, ended: String, seconds: Double = 28_800, result: String = "pass"
    ) -> String {
        let version = version.map { #""sky_version":"\#($0)","# } ?? ""
        return summary(
            host: host, ratePerCore: 2, seconds: seconds, result: result,
            extra: version + #""kernel":"6.1.0-28-amd64","cpu_model":"AMD EPYC 7B13","started_at":"\#(started)","ended_at":"\#(ended)","#)
    }

    @Test("The last line names every host that failed, is untrustworthy or is missing, and how many of how many")
    func rollUpNames() throws {
        let summaries = [
            Self.summary(host: "node-1", ratePerCore: 2), Self.summary(host: "node-2", ratePerCore: 2, result: "untrustworthy", reasons: ["SIGTERM"]),
            Self.summary(host: "node-3", ratePerCore: 2, mismatches: 1, result: "fail"), Self.summary(host: "node-7", ratePerCore: 2, result: "fail"),
        ]
        let read = FleetInput.Read(
            summaries: try summaries.map { try FleetSummary(json: $0, file: "x.json") },
            skipped: [FleetInput.Skipped(file: "logs/node-5.log", problem: "empty: no summary")])
        let fleet = Fleet(read, expecting: .count(6))
        #expect(fleet.missing == ["node-5"] && fleet.missingCount == 2)
        #expect(fleet.standing == .hostFailed)
        let last = try #require(FleetTable.format(fleet).split(separator: "\n").last)
        #expect(last.hasPrefix("fleet: FAIL: 2 of 6 hosts failed (node-3, node-7), 1 untrustworthy (node-2), 2 missing (node-5 and 1 unnamed), "), "\(last)")
        #expect(last.contains("1 file skipped, 1 passed"), "\(last)")
        // No host failed: the missing ones keep the fleet from passing.
        let passing = Fleet(FleetInput.Read(summaries: [try FleetSummary(json: summaries[0], file: "a.json")]), expecting: .count(2))
        #expect(passing.standing == .incomplete)
        #expect(FleetTable.rollUp(passing).hasPrefix("fleet: INCOMPLETE: 1 of 2 hosts passed, 1 missing (unnamed)"))
        let all = Fleet(FleetInput.Read(summaries: [try FleetSummary(json: summaries[0], file: "a.json")]), expecting: .count(1))
        #expect(all.standing == .passed)
    }

    @Test("Past ten names of a kind, the last line says how many more")
    func rollUpShortened() throws {
        let fleet = try Self.fleet((1...13).map { Self.summary(host: "node-\($0 < 10 ? "0" : "")\($0)", ratePerCore: 2, result: "fail") })
        let line = FleetTable.rollUp(fleet)
        #expect(line.hasPrefix("fleet: FAIL: 13 of 13 hosts failed (node-01, node-02, node-03, node-04, node-05, node-06, node-07, node-08, node-09, node-10 and 3 more), "), "\(line)")
    }

    @Test("--expect-hosts names the hosts that did not report, and those not on the list")
    func expectedByName() throws {
        let fleet = try Fleet(
            FleetInput.Read(summaries: ["node-1", "node-2", "node-9"].map { try FleetSummary(json: Self.summary(host: $0, ratePerCore: 2), file: $0) }),
            expecting: .hosts(["node-1", "node-2", "node-3", "node-4"]))
        #expect(fleet.missing == ["node-3", "node-4"] && fleet.missingCount == 2)
        #expect(fleet.unexpected == ["node-9"])
        #expect(fleet.standing == .incomplete)
        let text = FleetTable.format(fleet)
        #expect(text.contains("\nnot on the --expect-hosts list: node-9\n"))
        #expect(text.hasSuffix("fleet: INCOMPLETE: 3 of 5 hosts passed, 2 missing (node-3, node-4), 3 of unknown version (node-1, node-2, node-9); median rate per core 2.00/s"), "\(text)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(FleetJSON(fleet, exitStatus: 65).encoded().utf8)) as? [String: Any])
        let summary = try #require(json["fleet"] as? [String: Any])
        #expect(summary["missing"] as? [String] == ["node-3", "node-4"] && summary["expected"] as? Int == 4 && summary["unexpected"] as? [String] == ["node-9"])
    }

    @Test("A report whose run ended more than the longest run before the newest started is stale; an earlier wave is not")
    func staleReports() throws {
        let fleet = try Self.fleet([
            Self.stamped(host: "node-a", started: "2026-11-28T01:05:00Z", ended: "2026-11-28T09:05:00Z"),
            Self.stamped(host: "node-b", version: "0.0.9", started: "2026-11-28T01:00:00Z", ended: "2026-11-28T09:00:00Z"),
            // Last week's file, left on the volume.
            Self.stamped(host: "node-c", started: "2026-11-20T01:00:00Z", ended: "2026-11-20T09:00:00Z"),
            // The wave before, which ended minutes before the newest began.
            Self.stamped(host: "node-d", started: "2026-11-27T17:00:00Z", ended: "2026-11-28T00:59:00Z"),
            Self.summary(host: "node-e", ratePerCore: 2),
        ])
        #expect(fleet.version == "0.1.0")
        #expect(fleet.staleAfter == 28_800)
        #expect(fleet.hosts.map(\.stale) == [false, false, true, false, false])
        #expect(fleet.hosts.map(\.otherVersion) == [false, true, false, false, false])
        #expect(fleet.hosts.map(\.unknownVersion) == [false, false, false, false, true])
        #expect(fleet.standing == .incomplete)
        let text = FleetTable.format(fleet)
        let rows = text.split(separator: "\n")
        #expect(rows[3].contains("2026-11-20 01:00 \(FleetTable.staleMark)") && rows[2].contains("0.0.9 (other)") && rows[5].contains("unknown"))
        #expect(text.contains("\ncpu: AMD EPYC 7B13 on 4 hosts, unknown on 1\nkernel: 6.1.0-28-amd64 on 4 hosts, unknown on 1\n"), "\(text)")
        #expect(rows.last == "fleet: INCOMPLETE: 5 of 5 hosts passed, 1 stale (node-c), 1 from another sky than 0.1.0 (node-b), 1 of unknown version (node-e); median rate per core 2.00/s")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(FleetJSON(fleet, exitStatus: 65).encoded().utf8)) as? [String: Any])
        let hosts = try #require(json["hosts"] as? [[String: Any]])
        #expect(hosts[0]["started_at"] as? String == "2026-11-28T01:05:00Z" && hosts[0]["cpu_model"] as? String == "AMD EPYC 7B13")
        #expect(hosts[2]["stale"] as? Bool == true && hosts[1]["other_version"] as? Bool == true && hosts[4]["sky_version"] == nil)
    }

    @Test("A start or end that is not a UTC time as sky writes it, or an end before the start, is no summary", arguments: [
        ("2026-11-28T01:21:41+01:00", "2026-11-28T09:00:00Z", "\"started_at\" is \"2026-11-28T01:21:41+01:00\", not a UTC time"),
        ("2026-02-31T01:00:00Z", "2026-11-28T09:00:00Z", "\"started_at\" is \"2026-02-31T01:00:00Z\", not a UTC time"),
        ("2026-11-28T09:00:00Z", "2026-11-28T01:00:00Z", "\"ended_at\" is before \"started_at\""),
    ])
    func badTimes(started: String, ended: String, problem: String) {
        #expect {
            _ = try FleetSummary(json: Self.stamped(host: "h", started: started, ended: ended), file: "h.json")
        } throws: { ($0 as? FleetSummary.Problem)?.description.hasPrefix(problem) ?? false }
    }

    @Test("UTC times are written and read back as ISO 8601, to the second")
    func utcTimes() throws {
        let time = try #require(UTCTime(iso8601: "2026-11-28T01:21:41Z"))
        #expect(time.secondsSinceEpoch == 1_795_828_901)
        #expect(time.description == "2026-11-28T01:21:41Z")
        #expect(UTCTime(secondsSinceEpoch: 0).description == "1970-01-01T00:00:00Z")
        #expect(UTCTime(iso8601: "2026-11-28 01:21:41Z") == nil && UTCTime(iso8601: "2026-11-28T25:00:00Z") == nil)
    }
}
