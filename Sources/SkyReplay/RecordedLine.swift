import Foundation
public import SkyCore

/// One line of an events file, read back: the inverse of `EventLine`.
public enum RecordedLine: Equatable, Sendable {
    /// The first line: the run's configuration, and the cores it had.
    case run(RunConfiguration, cores: Int)
    case event(RunEvent)
    /// Scans a reading saw executing on a pool thread, and the most any reading has seen so far.
    case threads(ThreadReading, mostSeen: Int, time: Duration)
    /// Scans of the total cancelled before they were scheduled.
    case notStarted(count: Int, firstScan: Int)
    /// Events the file could not keep up with and left out.
    case dropped(count: Int)

    /// Why a line cannot be read.
    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Reads one line (without its newline).
    public static func parse(_ text: Substring) throws(Unreadable) -> RecordedLine {
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                throw Unreadable("not a JSON object")
            }
            object = parsed
        } catch let error as Unreadable {
            throw error
        } catch {
            throw Unreadable("not JSON")
        }
        return try Fields(object).line()
    }
}

/// A line's fields, each read with a message that names it when it is missing or wrong.
private struct Fields {
    let object: [String: Any]
    init(_ object: [String: Any]) { self.object = object }

    func line() throws(RecordedLine.Unreadable) -> RecordedLine {
        let name = try string("event")
        switch name {
        case "run":
            let cores = try int("cores")
            guard cores > 0 else { throw RecordedLine.Unreadable("\"cores\" \(cores) is out of range") }
            return .run(try configuration(), cores: cores)
        case "threads": return try threads()
        case "not_started": return .notStarted(count: try int("count"), firstScan: try int("first_scan"))
        case "dropped": return .dropped(count: try int("count"))
        case "batch": return change(.batch(try int("batch")), try time())
        case "paused": return change(.paused, try time())
        case "resumed": return change(.resumed, try time())
        case "step": return change(.step, try time())
        case "time_up": return change(.timeUp, try time())
        case "discarded": return change(.discarded(try int("count")), try time())
        case "gap": return change(.gap(until: try seconds("until")), try time())
        case "gap_ended": return change(.gapEnded, try time())
        case "terminated": return change(.terminated, try time())
        case "orphaned": return change(.orphaned(try int("count")), try time())
        case "bag_cancelled": return change(.bagCancelled(try int("count")), try time())
        case "catalogue":
            let mode = try string("mode")
            guard let catalogue = CatalogueMode(rawValue: mode) else { throw RecordedLine.Unreadable("unknown catalogue \"\(mode)\"") }
            let tally = CatalogueTally(
                mode: catalogue, expected: try int("expected"), counted: try int("counted"), staleWrites: try int("stale_writes"))
            return change(.catalogued(tally), try time())
        case "folded":
            let fold = GroupFold(outcomes: try int("outcomes"), completed: try int("completed"), signals: try int("signals"))
            return change(.folded(fold), try time())
        case "stopping": return change(.stopping(try ending()), try time())
        case "finished": return change(.finished(try ending()), try time())
        case "scheduled", "arrived", "started", "delivered", "completed", "failed", "verification_failed", "cancelled":
            return .event(.scan(try scanEvent(name)))
        default:
            throw RecordedLine.Unreadable("unknown event \"\(name)\"")
        }
    }

    /// A reading of the scans on a thread. Recordings from before the readings name the most seen
    /// "peak" and have no "exact"; a line has one name or the other, never both.
    private func threads() throws(RecordedLine.Unreadable) -> RecordedLine {
        let older = object["peak"] != nil
        if older && (object["most_seen"] != nil || object["exact"] != nil) {
            throw RecordedLine.Unreadable("\"peak\" is the older name of \"most_seen\", and comes without \"exact\"")
        }
        let executing = try int("executing")
        let mostSeen = try int(older ? "peak" : "most_seen")
        guard 0 <= executing, executing <= mostSeen else {
            throw RecordedLine.Unreadable("\"executing\" \(executing) is not between 0 and the most seen, \(mostSeen)")
        }
        let isExact = object["exact"] == nil ? true : try bool("exact")
        return .threads(ThreadReading(onThread: executing, isExact: isExact), mostSeen: mostSeen, time: try time())
    }

    private func change(_ kind: RunChange.Kind, _ time: Duration) -> RecordedLine {
        .event(.change(RunChange(kind, at: time)))
    }

    private func scanEvent(_ name: String) throws(RecordedLine.Unreadable) -> ScanEvent {
        let kind: ScanEvent.Kind
        switch name {
        case "scheduled": kind = .scheduled
        case "arrived": kind = .arrived
        case "started": kind = .started
        case "delivered": kind = .delivered
        case "completed": kind = .completed(try result("signals", "checksum"))
        case "failed":
            let error = try string("error")
            guard let failure = ScanFailure(rawValue: error) else {
                throw RecordedLine.Unreadable("unknown error \"\(error)\" (one of: \(ScanFailure.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            kind = .failed(failure)
        case "verification_failed":
            kind = .verificationFailed(VerificationFailure(
                found: try result("signals", "checksum"), expected: try result("expected_signals", "expected_checksum"),
                core: try int("core"), thread: try int("thread")))
        default: kind = .cancelled
        }
        let slot = object["slot"] == nil ? nil : try int("slot")
        if slot == nil && ["started", "delivered", "completed", "failed", "verification_failed"].contains(name) {
            throw RecordedLine.Unreadable("\"\(name)\" has no \"slot\"")
        }
        var event = ScanEvent(kind: kind, scan: try int("scan"), priority: try priority("priority"), slot: slot, time: try time())
        event.ignoresCancellation = object["checks_cancellation"] == nil ? false : !(try bool("checks_cancellation"))
        if kind == .cancelled, object["swept_lines"] != nil {
            event.partial = PartialSweep(lines: try int("swept_lines"), signals: try int("swept_signals"))
        }
        if event.isTerminal, slot != nil, object["ran"] != nil {
            // The child's own figures; the run book fills in the rest of the span.
            let base = object["priority_base"] == nil ? nil : try taskPriority("priority_base")
            let current = object["priority_current"] == nil ? nil : try taskPriority("priority_current")
            let saw = object["saw_run_label"] == nil ? nil : try bool("saw_run_label")
            let handled = object["handler_ran"] == nil ? nil : try seconds("handler_ran")
            event.span = ScanSpan(
                startedAt: .zero, wait: .zero, ran: try seconds("ran"), child: ChildView(base: base, current: current, sawRunLabel: saw),
                handlerRan: handled)
        }
        return event
    }

    private func configuration() throws(RecordedLine.Unreadable) -> RunConfiguration {
        let strategyName = try string("strategy")
        guard let strategy = ScanStrategy(rawValue: strategyName) else {
            // A package's own strategy is known only to the front end that package started.
            throw RecordedLine.Unreadable(
                "unknown strategy \"\(strategyName)\": this build has \(RunConfiguration.list(ScanStrategy.allCases.map(\.rawValue))); a package's own strategy replays with that package's program")
        }
        let errorsName = try string("errors")
        guard let errors = ErrorMode(rawValue: errorsName) else { throw RecordedLine.Unreadable("unknown error mode \"\(errorsName)\"") }
        let mixText = try string("priorities")
        guard let mix = PriorityMix(parsing: mixText) else { throw RecordedLine.Unreadable("\"priorities\" \"\(mixText)\" is not high:medium:low") }
        let total = object["total"] is NSNull ? nil : try int("total")
        let duration = object["duration"] is NSNull ? nil : try seconds("duration")
        // Absent from files written before `--cancel-after` was.
        let cancelAfter = object["cancel_after"] == nil || object["cancel_after"] is NSNull ? nil : try seconds("cancel_after")
        let seed = try seed()
        let c = (
            batch: try int("batch"), work: try int("work"), failureRate: try double("failure_rate"), speed: try double("speed"),
            spacing: try seconds("spacing"), corruption: try double("corruption_rate"))
        // Absent from files written before `--task-bag` existed.
        let taskBag = object["task_bag"] == nil ? false : try bool("task_bag")
        // Absent from files written before `--catalogue` existed.
        let catalogueName = object["catalogue"] == nil || object["catalogue"] is NSNull ? nil : try string("catalogue")
        let catalogue = try catalogueName.map { name throws(RecordedLine.Unreadable) in
            guard let mode = CatalogueMode(rawValue: name) else { throw RecordedLine.Unreadable("\"catalogue\" \"\(name)\" is not racy or safe") }
            return mode
        }
        // Absent from files written before `--ignore-cancellation` and `--take` existed.
        let ignoreRate = object["ignore_cancellation"] == nil ? 0 : try double("ignore_cancellation")
        let take = object["take"] == nil || object["take"] is NSNull ? nil : try int("take")
        // Absent from files written before `--detached` existed.
        let detached = object["detached"] == nil ? false : try bool("detached")
        // Absent from files written before `--cancel-check` existed.
        let checkName = object["cancel_check"] == nil ? CancelCheck.flag.rawValue : try string("cancel_check")
        guard let cancelCheck = CancelCheck(rawValue: checkName) else {
            throw RecordedLine.Unreadable("\"cancel_check\" \"\(checkName)\" is not \(RunConfiguration.list(CancelCheck.allCases.map(\.rawValue)))")
        }
        let configuration = RunConfiguration(
            total: total, duration: duration, batch: c.batch, seed: seed, failureRate: c.failureRate, priorityMix: mix,
            work: c.work, failFast: try bool("fail_fast"), strategy: strategy, errors: errors, speed: c.speed, spacing: c.spacing,
            yields: try bool("yields"), verify: try bool("verify"), corruptionRate: c.corruption, cancelAfter: cancelAfter,
            ignoreCancellationRate: ignoreRate, take: take, taskBag: taskBag, catalogue: catalogue, cancelCheck: cancelCheck, detached: detached)
        // The file may say anything; the engine runs only what `problem` lets through.
        if let problem = configuration.problem { throw RecordedLine.Unreadable("the run it records could not have run: \(problem)") }
        return configuration
    }

    private func ending() throws(RecordedLine.Unreadable) -> RunEnding {
        let reason = try string("reason")
        let scan = object["scan"] == nil ? nil : try int("scan")
        guard let ending = RunEnding(name: reason, scan: scan) else { throw RecordedLine.Unreadable("unknown reason \"\(reason)\"") }
        return ending
    }

    private func result(_ signals: String, _ checksum: String) throws(RecordedLine.Unreadable) -> ScanResult {
        let hex = try string(checksum)
        guard hex.count == 16, let value = UInt64(hex, radix: 16) else { throw RecordedLine.Unreadable("\"\(checksum)\" is not 16 hex digits") }
        return ScanResult(signals: try int(signals), checksum: value)
    }

    private func priority(_ key: String) throws(RecordedLine.Unreadable) -> ScanPriority {
        let name = try string(key)
        guard let priority = ScanPriority.allCases.first(where: { $0.description == name }) else {
            throw RecordedLine.Unreadable("\"\(key)\" is \"\(name)\", not high, medium or low")
        }
        return priority
    }

    /// A priority by its name, or the runtime's raw value for one Sky does not name.
    private func taskPriority(_ key: String) throws(RecordedLine.Unreadable) -> TaskPriority {
        let name = try string(key)
        if let priority = ScanPriority.allCases.first(where: { $0.description == name }) { return priority.taskPriority }
        guard let raw = UInt8(name) else { throw RecordedLine.Unreadable("\"\(key)\" is \"\(name)\", not a priority") }
        return TaskPriority(rawValue: raw)
    }

    private func time() throws(RecordedLine.Unreadable) -> Duration { try seconds("time") }

    private func seconds(_ key: String) throws(RecordedLine.Unreadable) -> Duration {
        let value = try double(key)
        guard value >= 0, value < 1e9 else { throw RecordedLine.Unreadable("\"\(key)\" \(value) is not a time in seconds") }
        return .microseconds(Int64((value * 1e6).rounded()))
    }

    private func seed() throws(RecordedLine.Unreadable) -> UInt64 {
        guard let number = object["seed"] as? NSNumber, number.doubleValue >= 0, number.doubleValue.rounded() == number.doubleValue else {
            throw missing("seed", "a whole number from 0")
        }
        return number.uint64Value
    }

    private func string(_ key: String) throws(RecordedLine.Unreadable) -> String {
        guard let value = object[key] as? String else { throw missing(key, "a string") }
        return value
    }

    private func int(_ key: String) throws(RecordedLine.Unreadable) -> Int {
        guard let number = object[key] as? NSNumber, Double(number.intValue) == number.doubleValue else {
            throw missing(key, "a whole number")
        }
        return number.intValue
    }

    private func double(_ key: String) throws(RecordedLine.Unreadable) -> Double {
        guard let number = object[key] as? NSNumber else { throw missing(key, "a number") }
        return number.doubleValue
    }

    private func bool(_ key: String) throws(RecordedLine.Unreadable) -> Bool {
        guard let value = object[key] as? Bool else { throw missing(key, "true or false") }
        return value
    }

    private func missing(_ key: String, _ kind: String) -> RecordedLine.Unreadable {
        object[key] == nil ? RecordedLine.Unreadable("no \"\(key)\"") : RecordedLine.Unreadable("\"\(key)\" is not \(kind)")
    }
}
