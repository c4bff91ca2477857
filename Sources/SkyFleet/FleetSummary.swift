import Foundation
public import SkyFormat
public import SkyReport

/// One host's soak, as `sky fleet` reads it from the JSON summary that `sky soak --format json`
/// printed there: only the figures the fleet's table needs. Fields it does not know are ignored and
/// the newer ones are optional, so summaries of older and newer sky merge alike.
public struct FleetSummary: Equatable, Sendable {
    /// The host's verdict: `pass`, `fail` or `untrustworthy` (its metrics may not be trusted).
    public enum Result: String, Codable, Sendable, CaseIterable {
        case pass
        case fail
        case untrustworthy

        public var word: String { rawValue.uppercased() }
    }

    /// The summary's `host`, or else the name of the file it came from, without its extension.
    public var host: String
    /// Whether `host` is the file's name because the summary names no host (older sky).
    public var hostFromFile: Bool
    /// The file the summary was read from, as it was named on the command line.
    public var file: String
    /// The cores the run could use; `nil` for older sky, whose summary does not say.
    public var cores: Int?
    public var elapsedSeconds: Double
    /// Scans that finished: completed, failed, and failed verification.
    public var scans: Int
    public var scansPerSecond: Double
    /// Results that differed from their recomputation: possible hardware faults.
    public var mismatches: Int
    /// The summary's `throttle_counts`: the times the CPU's cores and its package were throttled.
    public var throttleCounts: JSONSummary.ThrottleCountsEntry?
    /// How far the rate fell below the first minute's (`throttling.drop`), if sky saw it fall.
    public var throttlingDrop: Double?
    public var result: Result
    public var reasons: [String]
    /// The sky that ran the soak (`sky_version`); `nil` for older sky, whose summary does not say.
    public var version: String?
    /// The host's kernel release and CPU model; `nil` where the summary does not say.
    public var kernel: String?
    public var cpuModel: String?
    /// When the run started and ended (`started_at`, `ended_at`); `nil` for older sky.
    public var started: UTCTime?
    public var ended: UTCTime?

    /// Scans a second on each core the run could use; `nil` when the cores are unknown.
    public var ratePerCore: Double? {
        guard let cores, cores > 0 else { return nil }
        return scansPerSecond / Double(cores)
    }

    /// Why a JSON object is not a summary `sky fleet` can merge, in a few words.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The summary in one JSON object; `file` names where it came from.
    public init(json: String, file: String) throws(Problem) {
        try self.init(json: Array(json.utf8)[...], file: file)
    }

    /// The summary in one JSON object's bytes; `file` names where it came from.
    public init(json: ArraySlice<UInt8>, file: String) throws(Problem) {
        if let key = DuplicateKeys.first(in: json) {
            throw Problem(description: "\"\(key)\" appears twice in one object, which JSON readers take differently")
        }
        let decoded: Decoded
        do {
            decoded = try JSONDecoder().decode(Decoded.self, from: Data(json))
        } catch let error as DecodingError {
            throw Problem(description: Self.describe(error))
        } catch {
            throw Problem(description: "not JSON")
        }
        try decoded.checkRanges()
        let stem = Self.stem(of: file)
        host = decoded.host ?? stem
        hostFromFile = decoded.host == nil
        self.file = file
        cores = decoded.cores
        elapsedSeconds = decoded.elapsedSeconds
        scans = decoded.completed + decoded.failed + decoded.verificationFailures
        scansPerSecond = decoded.scansPerSecond
        mismatches = decoded.verificationFailures
        throttleCounts = decoded.throttleCounts
        throttlingDrop = decoded.throttling?.drop
        version = decoded.skyVersion
        kernel = decoded.kernel
        cpuModel = decoded.cpuModel
        (started, ended) = try decoded.times()
        switch decoded.verdict {
        case .judged(let result, let reasons):
            self.result = result
            self.reasons = reasons
        case .word(let word):
            // Older sky: "PASS" or "FAIL", and one reason beside it.
            guard let result = Result(rawValue: word.lowercased()) else {
                throw Problem(description: "\"verdict\" is \"\(word)\", not PASS, FAIL or UNTRUSTWORTHY")
            }
            self.result = result
            reasons = decoded.verdictReason.map { [$0] } ?? []
        }
    }

    /// The file's name without its folder and its `.json`, `.jsonl` or `.log`.
    static func stem(of file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        for suffix in FleetInput.suffixes where name.hasSuffix(suffix) && name.count > suffix.count {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    private static func describe(_ error: DecodingError) -> String {
        func key(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let missing, let context):
            let inside = key(context.codingPath)
            return "no \"\(missing.stringValue)\"" + (inside.isEmpty ? "" : " in \"\(inside)\"")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\"\(key(context.codingPath))\" is not \(context.debugDescription.hasPrefix("Expected to decode Int") ? "a whole number" : "what a sky summary holds there")"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "\"\(key(context.codingPath))\" is not what a sky summary holds there"
        @unknown default:
            return "not a sky summary"
        }
    }

    /// The fields read, with the summary's own keys.
    private struct Decoded: Decodable {
        var host: String?
        var cores: Int?
        var elapsedSeconds: Double
        var completed: Int
        var failed: Int
        var verificationFailures: Int
        var scansPerSecond: Double
        var throttleCounts: JSONSummary.ThrottleCountsEntry?
        var throttling: Throttling?
        var verdict: Verdict
        var verdictReason: String?
        var skyVersion: String?
        var kernel: String?
        var cpuModel: String?
        var startedAt: String?
        var endedAt: String?

        /// `started_at` and `ended_at` as times; one that is not a UTC time as sky writes it, or
        /// an end before the start, is a file that is not a summary.
        func times() throws(Problem) -> (UTCTime?, UTCTime?) {
            var times: [UTCTime?] = []
            for (key, text) in [("started_at", startedAt), ("ended_at", endedAt)] {
                guard let text else {
                    times.append(nil)
                    continue
                }
                guard let time = UTCTime(iso8601: text) else {
                    throw Problem(description: "\"\(key)\" is \"\(ShownText.escaped(text))\", not a UTC time such as 2026-11-28T01:21:41Z")
                }
                times.append(time)
            }
            if let started = times[0], let ended = times[1], ended < started {
                throw Problem(description: "\"ended_at\" is before \"started_at\"")
            }
            return (times[0], times[1])
        }

        struct Throttling: Decodable {
            var drop: Double?
        }

        /// Counts no run could reach, or times and rates no clock could give, are a file that
        /// is not a summary; refused here, they could not overflow a sum or a conversion later.
        func checkRanges() throws(Problem) {
            let counts = [("completed", completed), ("failed", failed), ("verification_failures", verificationFailures), ("cores", cores ?? 1)]
                + [("throttle_counts.core", throttleCounts?.core ?? 0), ("throttle_counts.package", throttleCounts?.package ?? 0)]
            for (key, count) in counts where !(0...Self.countLimit).contains(count) {
                throw Problem(description: "\"\(key)\" is \(count), not a count from 0 to \(Self.countLimit)")
            }
            for (key, value, limit) in [("elapsed_seconds", elapsedSeconds, Self.secondsLimit), ("scans_per_second", scansPerSecond, Self.rateLimit)]
            where !(value.isFinite && (0...limit).contains(value)) {
                throw Problem(description: "\"\(key)\" is \(value), not a figure from 0 to \(limit)")
            }
            if let drop = throttling?.drop, !(drop.isFinite && (0...1).contains(drop)) {
                throw Problem(description: "\"throttling.drop\" is \(drop), not a share from 0 to 1")
            }
        }

        /// A million scans a second for thirty years.
        static let countLimit = 1_000_000_000_000_000
        /// Thirty years.
        static let secondsLimit = 1e9
        static let rateLimit = 1e12

        enum CodingKeys: String, CodingKey {
            case host, cores, completed, failed, throttling, verdict
            case elapsedSeconds = "elapsed_seconds"
            case verificationFailures = "verification_failures"
            case scansPerSecond = "scans_per_second"
            case throttleCounts = "throttle_counts"
            case verdictReason = "verdict_reason"
            case kernel
            case skyVersion = "sky_version"
            case cpuModel = "cpu_model"
            case startedAt = "started_at"
            case endedAt = "ended_at"
        }
    }

    /// `{"result": "fail", "reasons": […]}`, or older sky's `"FAIL"`.
    private enum Verdict: Decodable {
        case judged(Result, [String])
        case word(String)

        enum CodingKeys: String, CodingKey {
            case result, reasons
        }

        init(from decoder: any Decoder) throws {
            if let word = try? decoder.singleValueContainer().decode(String.self) {
                self = .word(word)
                return
            }
            let object = try decoder.container(keyedBy: CodingKeys.self)
            self = .judged(try object.decode(Result.self, forKey: .result), try object.decodeIfPresent([String].self, forKey: .reasons) ?? [])
        }
    }
}
