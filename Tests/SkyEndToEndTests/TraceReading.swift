import Foundation
import Testing

/// A trace file (`--trace`) read back as Perfetto reads it: one JSON document whose
/// `traceEvents` are spans (`X`), counters (`C`), instants (`i`) and metadata (`M`).
struct TraceReading {
    let events: [[String: Any]]

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "the trace is not one JSON object")
        events = try #require(document["traceEvents"] as? [[String: Any]], "no traceEvents array")
    }

    /// The events of one phase (`X`, `C`, `i`, `M`).
    func phase(_ ph: String) -> [[String: Any]] { events.filter { $0["ph"] as? String == ph } }

    var spans: [[String: Any]] { phase("X") }
    var instants: [String] { phase("i").compactMap { $0["name"] as? String } }

    /// Each slot's name, by slot, from the `thread_name` metadata of the slots' tracks (`tid`
    /// 1000 and up).
    var trackNames: [Int: String] {
        var names: [Int: String] = [:]
        for event in phase("M") where event["name"] as? String == "thread_name" {
            if let tid = event["tid"] as? Int, tid >= 1000 { names[tid - 1000] = (event["args"] as? [String: Any])?["name"] as? String }
        }
        return names
    }

    /// A span's figures, with the slot its track is for.
    static func figures(_ span: [String: Any]) -> (scan: Int, slot: Int, start: Int, end: Int, args: [String: Any])? {
        guard let ts = span["ts"] as? Int, let dur = span["dur"] as? Int, let tid = span["tid"] as? Int, tid >= 1000,
              let args = span["args"] as? [String: Any], let scan = args["scan"] as? Int else { return nil }
        return (scan, tid - 1000, ts, ts + dur, args)
    }

    /// The whole trace against the events file of the same run: on each track, spans never
    /// overlap and the track is named for its slot; there is one span per started scan, with its
    /// outcome, and its start and end are the `started` and terminal events' times within 1 ms.
    func expectAgrees(withEvents lines: [[String: Any]], sourceLocation: SourceLocation = #_sourceLocation) throws {
        var started: [Int: (time: Double, slot: Int)] = [:]
        var ended: [Int: (time: Double, outcome: String)] = [:]
        for line in lines {
            guard let scan = line["scan"] as? Int, let name = line["event"] as? String, let time = line["time"] as? Double,
                  line["slot"] != nil else { continue }
            if name == "started" { started[scan] = (time, line["slot"] as? Int ?? -1) } else { ended[scan] = (time, name) }
        }
        let spans = try spans.map { try #require(Self.figures($0), "a span without its figures: \($0)", sourceLocation: sourceLocation) }
        #expect(spans.count == started.count, "\(spans.count) spans, \(started.count) started scans", sourceLocation: sourceLocation)
        #expect(Set(spans.map(\.scan)) == Set(started.keys), sourceLocation: sourceLocation)
        let names = trackNames
        for (slot, track) in Dictionary(grouping: spans, by: \.slot) {
            #expect(names[slot] == "slot \(slot)", "track \(slot) is named \(names[slot] ?? "nothing")", sourceLocation: sourceLocation)
            let ordered = track.sorted { $0.start < $1.start }
            for (before, after) in zip(ordered, ordered.dropFirst()) {
                #expect(before.end <= after.start, "scans \(before.scan) and \(after.scan) overlap in slot \(slot)", sourceLocation: sourceLocation)
            }
        }
        for span in spans {
            let start = try #require(started[span.scan], sourceLocation: sourceLocation)
            let end = try #require(ended[span.scan], "scan \(span.scan) has a span and no end", sourceLocation: sourceLocation)
            #expect(span.slot == start.slot, sourceLocation: sourceLocation)
            #expect(abs(Double(span.start) / 1e6 - start.time) < 0.001, "scan \(span.scan) starts at \(span.start) µs, not \(start.time) s", sourceLocation: sourceLocation)
            #expect(abs(Double(span.end) / 1e6 - end.time) < 0.001, "scan \(span.scan) ends at \(span.end) µs, not \(end.time) s", sourceLocation: sourceLocation)
            #expect(span.args["outcome"] as? String == end.outcome, sourceLocation: sourceLocation)
        }
    }

    /// Spans by outcome (`completed`, `failed`, `cancelled`, `verification_failed`).
    func spanCount(_ outcome: String) -> Int {
        spans.filter { ($0["args"] as? [String: Any])?["outcome"] as? String == outcome }.count
    }
}
