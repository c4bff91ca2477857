import Foundation
public import SkyCore
import SkyFormat
public import SkySoak

/// The final summary of a run as one JSON object, for machines: what the run was given and what it
/// did, side by side.
public struct JSONSummary: Equatable, Sendable {
    /// `--catalogue`: `expected` results handed to it, `counted` by it.
    public struct Catalogue: Codable, Equatable, Sendable {
        public var mode: String
        public var expected: Int
        public var counted: Int
        public var staleWrites: Int
    }

    /// Milliseconds at the 50th, 95th and 99th percentiles; each `null` when nothing was measured
    /// (no scan ran to its end, none started), since a 0 would be a figure.
    public struct Percentiles: Codable, Equatable, Sendable {
        public var p50: Double?
        public var p95: Double?
        public var p99: Double?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            // Every key is there, as null when unmeasured, so a reader finds the same shape.
            try container.encode(p50, forKey: .p50)
            try container.encode(p95, forKey: .p95)
            try container.encode(p99, forKey: .p99)
        }
    }

    public struct Counts: Codable, Equatable, Sendable {
        public var scheduled: Int
        public var completed: Int
        public var failed: Int
        public var cancelled: Int
        public var verificationFailures: Int
    }

    /// What the started scans read of their priorities (`PriorityReadings`): how many ran in a task
    /// of their own, how many of those tasks kept the scan's priority as their base, and how many
    /// scans ran at each priority (`high`, `medium`, `low`, `other`).
    public struct RuntimePriority: Codable, Equatable, Sendable {
        public var scans: Int
        public var ownTasks: Int
        public var baseAsAsked: Int
        public var ranAt: [String: Int]

        init(_ readings: PriorityReadings) {
            scans = readings.scans
            ownTasks = readings.ownTasks
            baseAsAsked = readings.baseAsAsked
            ranAt = Dictionary(uniqueKeysWithValues: ScanPriority.allCases.map { ($0.description, readings.ranAt[$0]) })
            ranAt["other"] = readings.otherRanAt
        }
    }

    public struct ErrorEntry: Codable, Equatable, Sendable {
        public var scan: Int
        public var priority: String
        public var error: String
        public var time: Double
    }

    /// A result that differed from its recomputation, and where it was computed.
    public struct VerificationEntry: Codable, Equatable, Sendable {
        public var scan: Int
        public var priority: String
        public var time: Double
        public var core: Int
        public var thread: Int
        public var checksum: String
        public var signals: Int
        public var expectedChecksum: String
        public var expectedSignals: Int
    }

    /// One reporting interval's throughput.
    public struct IntervalEntry: Codable, Equatable, Sendable {
        public var start: Double
        public var end: Double
        public var scans: Int
        public var scansPerSecond: Double
    }

    /// `pass`, `fail` or `untrustworthy`, and every reason that applies, the deciding one first: the
    /// summary's `verdict`, and each host's in `sky fleet`'s JSON.
    public struct VerdictObject: Codable, Equatable, Sendable {
        public var result: String
        public var reasons: [String]

        package init(result: String, reasons: [String]) {
            (self.result, self.reasons) = (result, reasons)
        }
    }

    public struct Throttling: Codable, Equatable, Sendable {
        public var baselineScansPerSecond: Double
        public var lowestScansPerSecond: Double
        public var lowestAt: Double
        public var firstAt: Double
        public var drop: Double
    }

    /// What a run was given, as the summary writes it at its top level and the comparison in its
    /// `shared` object.
    public struct Settings: Codable, Equatable, Sendable {
        /// Absent when the run is bounded by `duration` alone.
        public var total: Int?
        /// `--duration` in seconds; absent without one.
        public var durationSeconds: Double?
        public var batch: Int
        public var seed: UInt64
        public var work: Int
        public var failureRate: Double
        public var priorities: String
        public var failFast: Bool
        /// `ScanStrategy.rawValue`, the strategy's name as `--strategy` takes it (a package's own
        /// strategy's too); absent from a comparison of strategies, where each run gives its own.
        public var strategy: String?
        /// `ErrorMode.rawValue`: `result`, `throw` or `collect`; absent from a comparison of error modes.
        public var errorMode: String?
        public var verify: Bool
        public var corruptionRate: Double
        /// `--ignore-cancellation`: the fraction of scans whose child never checks for cancellation.
        public var ignoreCancellation: Double
        /// `--take`: the results the consumer took before it stopped; absent without it.
        public var take: Int?
        /// `--speed`, `--spacing` and `--yields`: written by the comparison only.
        public var speed: Double?
        public var spacingSeconds: Double?
        public var yields: Bool?

        /// The settings of `configuration`, with the batch the run ended with (the dashboard
        /// changes it).
        init(_ configuration: RunConfiguration, batch: Int) {
            let c = configuration
            total = c.total
            durationSeconds = c.duration.map(OneLineJSON.seconds)
            self.batch = batch
            seed = c.seed
            work = c.work
            failureRate = c.failureRate
            priorities = c.priorityMix.description
            failFast = c.failFast
            strategy = c.strategy.rawValue
            errorMode = c.errors.rawValue
            verify = c.verify
            corruptionRate = c.corruptionRate
            ignoreCancellation = c.ignoreCancellationRate
            take = c.take
        }
    }

    /// What the run did, and what its loop saw beside the engine.
    public struct Run: Codable, Equatable, Sendable {
        public var verificationFailures: Int
        /// The most recent 1000 verification failures.
        public var verificationErrors: [VerificationEntry]
        public var verdict: VerdictObject
        /// The host's name (`SKY_HOST`, else `gethostname`), absent if unknown.
        public var host: String?
        /// `SkyVersion.current` of the sky that ran; absent from older sky's summaries.
        public var skyVersion: String?
        /// The kernel's release (`/proc/sys/kernel/osrelease`) and the CPU's model (`/proc/cpuinfo`),
        /// each absent if unknown.
        public var kernel: String?
        public var cpuModel: String?
        /// When the run started and ended, in UTC: `2026-11-28T01:21:41Z`.
        public var startedAt: String?
        public var endedAt: String?
        /// Cores the run may use; absent if unknown.
        public var cores: Int?
        public var intervals: [IntervalEntry]
        public var throttling: Throttling?
        /// The host's CPUs over the run, one entry per CPU (`CoreEntry`); absent where no sample was taken.
        public var perCore: [CoreEntry]?
        /// Why some per-core figures are null (`no thermal sensors: virtual machine`).
        public var sensorsMissing: [String]?
        /// How many times the cores and packages were throttled during the run; absent where the host
        /// has no thermal_throttle counts.
        public var throttleCounts: ThrottleCountsEntry?
        /// The share of the host's CPU time stolen by the hypervisor over the run; absent if unknown.
        public var hostSteal: Double?
        public var eventsDropped: Int
        /// Present only with `--trace`.
        public var traceDropped: Int?
        /// `RunEnding.name`: `drained`, `cancelled`, `fail_fast`, `thrown`, `time_up` or `taken`.
        public var ending: String
        public var exitStatus: Int32
        public var scheduled: Int
        public var completed: Int
        public var failed: Int
        public var cancelled: Int
        /// Cancelled scans that were never scheduled, so have no events.
        public var notStarted: Int
        public var elapsedSeconds: Double
        public var scansPerSecond: Double
        public var recentScansPerSecond: Double
        public var maxRunning: Int
        /// The most scans a reading saw executing on pool threads together (running scans can wait
        /// for one; `RunProgress.mostSeenOnThread`).
        public var mostSeenOnThread: Int
        /// `--errors throw`: results finished by children but discarded when the group threw.
        public var discarded: Int
        /// After a cancellation: milliseconds until the last running scan had stopped.
        public var stoppedInMs: Double?
        /// `--catalogue`: the catalogue's mode, the results it was handed and the ones it counted.
        public var catalogue: Catalogue?
        /// With `--ignore-cancellation`: the same for the scans that check for cancellation.
        public var checkingStoppedInMs: Double?
        /// Run time of completed and failed scans, as each scan's child measured its own sweep (the
        /// events' `ran`): no wait for the actor is in it.
        public var latencyMs: Percentiles
        /// Wait time (scheduled to started, both moments in the actor's book).
        public var waitMs: Percentiles
        public var byPriority: [String: Counts]
        public var runtimePriority: RuntimePriority
        public var checksum: String
        public var errorsTotal: Int
        public var errors: [ErrorEntry]
        /// Frame timing of a dashboard run; absent from headless runs.
        public var dashboard: FrameFigures?

        init(_ summary: RunSummary, exitStatus: Int32, dashboard: FrameFigures?, observations: RunObservations) {
            self.dashboard = dashboard
            let s = summary.snapshot
            verificationFailures = s.counters.verificationFailures
            verificationErrors = summary.verificationFailures.map {
                VerificationEntry(
                    scan: $0.scan, priority: $0.priority.description, time: Self.microseconds($0.time), core: $0.failure.core,
                    thread: $0.failure.thread, checksum: Hex.format($0.failure.found.checksum), signals: $0.failure.found.signals,
                    expectedChecksum: Hex.format($0.failure.expected.checksum), expectedSignals: $0.failure.expected.signals)
            }
            let verdict = Verdict(summary, observations: observations)
            self.verdict = VerdictObject(result: verdict.result.rawValue, reasons: verdict.reasons)
            let stamp = observations.stamp
            host = stamp?.host.name
            skyVersion = stamp?.version
            kernel = stamp?.host.kernel
            cpuModel = stamp?.host.cpuModel
            startedAt = stamp?.started.description
            endedAt = stamp?.ended.description
            cores = observations.cores
            intervals = observations.intervals.map {
                IntervalEntry(start: Self.microseconds($0.start), end: Self.microseconds($0.end), scans: $0.scans, scansPerSecond: $0.scansPerSecond)
            }
            throttling = observations.throttle.map {
                Throttling(
                    baselineScansPerSecond: $0.baseline, lowestScansPerSecond: $0.lowestRate, lowestAt: Self.microseconds($0.lowestAt),
                    firstAt: Self.microseconds($0.firstAt), drop: $0.drop)
            }
            perCore = observations.host.map(JSONSummary.perCore)
            sensorsMissing = observations.host?.missing
            throttleCounts = observations.host?.throttle.map { ThrottleCountsEntry(core: $0.core, package: $0.package) }
            hostSteal = observations.hostSteal.map { ($0 * 1e4).rounded() / 1e4 }
            eventsDropped = observations.events.dropped
            traceDropped = observations.trace?.dropped
            catalogue = s.catalogue.map {
                Catalogue(mode: $0.mode.rawValue, expected: $0.expected, counted: $0.counted, staleWrites: $0.staleWrites)
            }
            ending = summary.ending.name
            self.exitStatus = exitStatus
            scheduled = s.counters.scheduled
            completed = s.counters.completed
            failed = s.counters.failed
            cancelled = s.counters.cancelled
            notStarted = summary.notStarted
            elapsedSeconds = Self.microseconds(s.elapsed)
            scansPerSecond = s.meanRate
            recentScansPerSecond = s.recentRate
            maxRunning = s.maxRunning
            mostSeenOnThread = s.mostSeenOnThread
            discarded = s.discarded
            stoppedInMs = s.stoppedIn.map(Self.milliseconds)
            checkingStoppedInMs = s.checkingStoppedIn.map(Self.milliseconds)
            latencyMs = Percentiles(s.runLatency)
            waitMs = Percentiles(s.waitLatency)
            byPriority = Dictionary(uniqueKeysWithValues: ScanPriority.allCases.map { p in
                let c = s.byPriority[p]
                return (p.description, Counts(
                    scheduled: c.scheduled, completed: c.completed, failed: c.failed, cancelled: c.cancelled,
                    verificationFailures: c.verificationFailures))
            })
            runtimePriority = RuntimePriority(s.priorityReadings)
            checksum = Hex.format(s.checksum)
            errorsTotal = summary.errorCount
            errors = summary.errors.map {
                ErrorEntry(scan: $0.scan, priority: $0.priority.description, error: $0.failure.description, time: Self.microseconds($0.time))
            }
        }

        /// Seconds rounded to the microsecond (`OneLineJSON.seconds`).
        private static func microseconds(_ duration: Duration) -> Double {
            OneLineJSON.seconds(duration)
        }

        /// Milliseconds rounded to the microsecond.
        private static func milliseconds(_ duration: Duration) -> Double {
            (duration.seconds * 1e6).rounded() / 1e3
        }
    }

    public var settings: Settings
    public var run: Run

    public init(
        _ summary: RunSummary, exitStatus: Int32, dashboard: FrameFigures? = nil, observations: RunObservations = RunObservations()
    ) {
        settings = Settings(summary.configuration, batch: summary.snapshot.batch)
        run = Run(summary, exitStatus: exitStatus, dashboard: dashboard, observations: observations)
    }

    /// The object as one line of JSON, every key in snake case (`scansPerSecond` is `scans_per_second`).
    public func encoded() -> String {
        OneLineJSON.encode(self, keys: .convertToSnakeCase)
    }
}

extension JSONSummary: Encodable {
    /// One object: the settings' keys beside the run's.
    public func encode(to encoder: any Encoder) throws {
        try settings.encode(to: encoder)
        try run.encode(to: encoder)
    }
}

extension JSONSummary.Percentiles {
    init(_ p: LatencyPercentiles) {
        guard p.count > 0 else {
            self.init(p50: nil, p95: nil, p99: nil)
            return
        }
        self.init(p50: p.p50, p95: p.p95, p99: p.p99)
    }
}
