import Foundation
import Testing

/// The events file, the trace and the metrics file of one run, in a scratch folder of their own,
/// read back as an operator's harness reads them.
struct RunFiles: ~Copyable {
    let folder: String
    var events: String { folder + "/events.jsonl" }
    var metrics: String { folder + "/sky.prom" }
    var trace: String { folder + "/trace.json" }

    init() throws {
        folder = SkyBinary.temporaryPath("files")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// `--events … --metrics-file … --trace …`, for a command line.
    var flags: [String] { ["--events", events, "--metrics-file", metrics, "--trace", trace] }

    /// Every line of the events file parsed as JSON, in order.
    func eventLines() throws -> [[String: Any]] {
        try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "not JSON: \($0)")
        }
    }

    /// Checks that the events file is complete: every line parses, and every scheduled scan has
    /// exactly one terminal event. Returns how many scans were scheduled.
    @discardableResult
    func expectCompleteEvents(sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        var scheduled = Set<Int>()
        var ended: [Int: Int] = [:]
        for event in try eventLines() {
            let name = event["event"] as? String ?? ""
            guard let scan = event["scan"] as? Int else { continue }
            if name == "scheduled" { scheduled.insert(scan) }
            if ["completed", "failed", "cancelled", "verification_failed"].contains(name) { ended[scan, default: 0] += 1 }
        }
        #expect(!scheduled.isEmpty, "no scan was scheduled", sourceLocation: sourceLocation)
        #expect(Set(ended.keys) == scheduled, "\(scheduled.count) scheduled, \(ended.count) ended", sourceLocation: sourceLocation)
        #expect(ended.values.allSatisfy { $0 == 1 }, "a scan ended twice", sourceLocation: sourceLocation)
        return scheduled.count
    }

    /// Checks that the trace is whole and agrees with the events file (`TraceReading.expectAgrees`);
    /// returns it.
    @discardableResult
    func expectCompleteTrace(sourceLocation: SourceLocation = #_sourceLocation) throws -> TraceReading {
        let trace = try TraceReading(path: trace)
        try trace.expectAgrees(withEvents: eventLines(), sourceLocation: sourceLocation)
        return trace
    }

    /// Every sample of the metrics file, as name-with-labels to value.
    func samples() throws -> [String: Double] {
        try Self.samples(at: metrics)
    }

    /// Every sample of the Prometheus text file at `path`, as name-with-labels to value. The value
    /// follows the last space (sky writes no timestamps); label values may hold spaces.
    static func samples(at path: String) throws -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let space = try #require(line.lastIndex(of: " "), "not a sample: \(line)")
            let value = Double(line[line.index(after: space)...])
            #expect(value != nil, "not a sample: \(line)")
            samples[String(line[..<space])] = value
        }
        return samples
    }

    /// The one state of the `sky_verdict` state set that is 1 (`pass`, `fail`, `untrustworthy`);
    /// `nil` unless exactly one is.
    static func verdict(in samples: [String: Double]) -> String? {
        let states = ["pass", "fail", "untrustworthy"].filter { samples["sky_verdict{verdict=\"\($0)\"}"] == 1 }
        return states.count == 1 ? states[0] : nil
    }

    /// Checks that the metrics file tells a run that has ended with `status`.
    func expectFinalMetrics(status: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let samples = try samples()
        #expect(samples["sky_running"] == 0, sourceLocation: sourceLocation)
        #expect(samples["sky_exit_status"] == Double(status), sourceLocation: sourceLocation)
    }
}
