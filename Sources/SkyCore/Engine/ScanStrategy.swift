/// How a run puts its scans on the cooperative pool (`--strategy`). Each one is a different
/// structured-concurrency shape, with the same scans, bookkeeping and events, so a student can
/// switch between them and compare what the counters and lanes show. A package may add strategies
/// of its own (`OwnStrategy`), which `--strategy` then names beside these.
public enum ScanStrategy: Hashable, Sendable, CaseIterable, RawRepresentable {
    /// One scan after another, awaited in a plain loop: no child task per scan, never two at once.
    case serial
    /// Every scan added to the task group at once; the pool, not the program, decides how many
    /// really run.
    case unbounded
    /// A sliding window: `batch` child tasks, and each finished one makes room for the next.
    case batched
    /// A discarding task group: no result comes back to its body, and each child is freed as it
    /// ends; the next scan waits for a free slot (`Scans.nextWhenFree()`), which bounds the group.
    case discarding
    /// Every scan added to the group at once, then `group.reduce(into:)`: the body takes every
    /// result, one at a time as the children end, and folds them into one value.
    case reduce
    /// Every scan added to a throwing group at once, then `waitForAll()`: no result is taken. The
    /// first failure thrown comes out only once every child has ended; it cancels none of them.
    case waitForAll
    /// The same window, exposed as an `AsyncStream` of results that the run consumes; when the
    /// consumer stops, the stream's `onTermination` cancels the producer task.
    case stream
    /// Two at a time, as two `async let` bindings: when the first of a pair fails, the loop leaves
    /// the pair's scope without awaiting the second, which Swift then cancels and awaits.
    case asyncLet
    /// The sliding window, with each scan in an unstructured `Task {}`: a cancel stops the loop
    /// that started them, not the tasks, unless a task bag that cancels them on teardown holds them.
    case unstructured
    /// Each scan a job sent from a task of its own to one actor, which runs the jobs one at a time
    /// in the order they arrived, with `--spacing` between them: a serial queue inside an actor.
    case actorQueue
    /// The same jobs sent to the same actor with no queue: the actor takes the next call while
    /// each job awaits its scan, so the jobs run at once, interleaved across its `await`s.
    case actorReentrant
    /// One scan at a time, each in a `Task.detached {}` at its own priority that the loop awaits
    /// through `.value`: the await raises a lower-priority task to the loop's priority.
    case awaited
    /// The sliding window, each child added with `addTaskUnlessCancelled`: once its group is
    /// cancelled (`--errors cancel`), the loop adds nothing more and takes no more scans.
    case unlessCancelled
    /// A strategy a package added to Sky's front end (`OwnStrategy`), by its name.
    case own(String)

    /// Sky's own strategies, in the order `--strategy` lists them.
    public static let builtIn: [ScanStrategy] = [.serial, .unbounded, .batched, .discarding, .reduce, .waitForAll, .stream, .asyncLet, .unstructured, .actorQueue, .actorReentrant, .awaited, .unlessCancelled]

    /// Sky's strategies, then the ones this process added (`OwnStrategy.add`).
    public static var allCases: [ScanStrategy] { builtIn + OwnStrategy.added.map { .own($0.name) } }

    /// The name `--strategy` takes.
    public var rawValue: String {
        switch self {
        case .serial: "serial"
        case .unbounded: "unbounded"
        case .batched: "batched"
        case .discarding: "discarding"
        case .reduce: "reduce"
        case .waitForAll: "wait-for-all"
        case .stream: "stream"
        case .asyncLet: "async-let"
        case .unstructured: "unstructured"
        case .actorQueue: "actor-queue"
        case .actorReentrant: "actor-reentrant"
        case .awaited: "awaited"
        case .unlessCancelled: "unless-cancelled"
        case .own(let name): name
        }
    }

    /// The strategy `--strategy` names `rawValue`, Sky's own or one this process added.
    public init?(rawValue: String) {
        guard let strategy = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = strategy
    }

    /// The strategy a package added, if this is one and it was added in this process.
    public var added: OwnStrategy? {
        guard case .own(let name) = self else { return nil }
        return OwnStrategy.added.first { $0.name == name }
    }

    /// A few words for headers and listings.
    public var summary: String {
        switch self {
        case .own: added?.summary ?? "a strategy this build of Sky does not have"
        case .serial: "one at a time, a plain loop"
        case .unbounded: "all in the group at once"
        case .batched: "sliding window"
        case .discarding: "discarding group, waiting for a slot"
        case .reduce: "all at once, folded by reduce"
        case .waitForAll: "all at once, then waitForAll"
        case .stream: "window into an AsyncStream"
        case .asyncLet: "pairs of async let"
        case .unstructured: "window of unstructured tasks"
        case .actorQueue: "jobs queued in an actor"
        case .actorReentrant: "jobs in a reentrant actor"
        case .awaited: "one detached task at a time, awaited"
        case .unlessCancelled: "sliding window, addTaskUnlessCancelled"
        }
    }

    /// Where a scan is from taking its slot to its end, in the words the screen, the summary and
    /// the lessons share: `in the group`, its child on a thread or waiting for one. Only `on a
    /// thread` means running on a core; `scheduled` is before, `ended` after.
    public var holder: String {
        switch self {
        case .serial: "in the loop"
        case .unbounded, .batched, .discarding, .reduce, .waitForAll, .stream, .unlessCancelled: "in the group"
        case .asyncLet: "in the scope"
        case .unstructured, .awaited: "in tasks"
        case .actorQueue, .actorReentrant: "at the actor"
        case .own: "in the window"
        }
    }

    /// `holder` as a row's label: `in group`.
    public var holderLabel: String { holder.split(separator: " ").filter { $0 != "the" }.joined(separator: " ") }

    /// Whether `--batch` bounds the run (serial is always one; unbounded has no bound).
    /// A strategy of a package's own takes its window from `scans.batch`.
    public var usesBatch: Bool {
        switch self {
        case .batched, .discarding, .stream, .unstructured, .unlessCancelled, .own: true
        case .serial, .unbounded, .reduce, .waitForAll, .asyncLet, .actorQueue, .actorReentrant, .awaited: false
        }
    }

    /// Whether every scan is added to the group at once (`unbounded`, `reduce`, `wait-for-all`):
    /// the window is the whole total, which must be given and stay small enough to hold.
    public var addsEveryScanAtOnce: Bool { self == .unbounded || self == .reduce || self == .waitForAll }

    /// Whether scans go as jobs to one actor (`ActorStation.swift`), from `batch` tasks at a time,
    /// and start in the order they arrive there. The batch is set once: it is how many tasks send.
    public var sendsToAnActor: Bool { self == .actorQueue || self == .actorReentrant }

    /// Whether the loop awaits each scan's task after creating it (`awaited`): the await may
    /// escalate the task after the scan has read its priority on its first line, so the scan
    /// reads it again at its end, and its end event records the priority it ran at by then.
    public var awaitsItsTasks: Bool { self == .awaited }

    /// The options this strategy takes of those only some do; `RunConfiguration.problem`
    /// refuses the others.
    public var takes: Set<StrategyOption> {
        switch self {
        case .serial: [.spacing, .errorsThrow, .take]
        case .unbounded: [.errorsThrow, .catalogue, .take]
        case .batched: [.errorsThrow, .errorsCollect, .errorsCancel, .catalogue, .take]
        case .discarding: [.catalogue]
        case .reduce: []
        case .waitForAll: [.errorsThrow]
        case .stream: [.catalogue, .take]
        case .asyncLet: [.errorsThrow, .take]
        case .unstructured: [.taskBag, .take, .detached]
        case .actorQueue: [.spacing, .take]
        case .actorReentrant: [.take]
        case .awaited: [.take]
        case .unlessCancelled: [.errorsCancel]
        case .own: added?.takes ?? []
        }
    }

    /// Whether `--spacing` puts a gap between one scan's end and the next one's start: where scans
    /// run one at a time.
    public var takesSpacing: Bool { takes.contains(.spacing) }

    /// Whether failures can be thrown (`--errors throw`): there must be a group, a scope or a loop
    /// to throw out of (`throwsOutOf`).
    public var canThrow: Bool { takes.contains(.errorsThrow) }

    /// Whether results are taken in a task group's own body, which `--take` makes return early:
    /// the group then waits for the children still running, and drops what they return.
    public var takesInGroupBody: Bool { self == .batched || self == .unbounded }

    /// Whether the strategy counts the results it takes for `--take` (`Scans.hasEnough`): a
    /// group's body and a stream's consumer. The others take each result as its scan ends, and
    /// the book counts for them.
    var countsItsResults: Bool { takesInGroupBody || self == .stream }

    /// With `--errors throw`, what a failure is thrown out of: in `serial`, the loop, which runs
    /// each scan on the loop's own task, so no scan starts after it; in `unbounded` and
    /// `batched`, the task group, which cancels every other child; in `async-let`, the pair's
    /// scope, which cancels and awaits the binding it did not await; in `wait-for-all`,
    /// `waitForAll()`, which first waits for every other child and cancels none. `nil` for `stream`, whose
    /// results come through an `AsyncStream`, which does not throw, for `unstructured`, whose
    /// tasks have no parent to throw to, and for the actor's jobs, each handed back as a `Result`.
    public var throwsOutOf: String? {
        switch self {
        case .serial: "the serial loop"
        case .unbounded, .batched: "the task group"
        case .asyncLet: "the async let pair's scope"
        case .waitForAll: "waitForAll()"
        case .discarding, .reduce, .stream, .unstructured, .actorQueue, .actorReentrant, .awaited, .unlessCancelled, .own: nil
        }
    }

    /// Why `--errors throw` has nothing to throw out of; `nil` where it has (`throwsOutOf`).
    public var whyItCannotThrow: String? {
        switch self {
        case .stream: "its results come through an AsyncStream, which does not throw"
        case .discarding: "the children of withDiscardingTaskGroup cannot throw"
        case .reduce: "reduce folds each child's Result, failures included"
        case .unstructured: "its tasks have no parent to throw to"
        case .actorQueue, .actorReentrant: "the actor hands each job's Result back to the task that sent it"
        case .own: "scan.run() hands every failure back as a Result"
        case .awaited: "each task's value is its scan's Result, failures included"
        case .unlessCancelled: "its children return each failure as a Result, which --errors cancel makes cancel the group"
        case .serial, .unbounded, .batched, .waitForAll, .asyncLet: nil
        }
    }
}

/// What a failed scan does to its run (`--errors`).
public enum ErrorMode: String, CaseIterable, Sendable {
    /// Each outcome is a `Result`: a failure is recorded and the group goes on.
    case result
    /// The first failure is thrown (`ScanStrategy.throwsOutOf`): out of a task group, it cancels
    /// every other scan and discards the results that finished but were not yet taken from the
    /// group; out of the serial loop, no scan starts after it.
    case `throw`
    /// A throwing task group whose body collects each result in an array and returns the array
    /// when the group ends, as `for try await result in group { results.append(result) }` does:
    /// the first failure thrown loses every result collected so far.
    case collect
    /// The group's body, when it takes a failure, cancels the group with `group.cancelAll()` and
    /// goes on: the group's cancel, not the run's, so `next()` goes on handing out scans, and what
    /// becomes of them is the loop's to show (`CancellingWindow.swift`, `UnlessCancelledWindow.swift`).
    case cancel

    /// Whether a failure is thrown out of the group (or the serial loop).
    public var throwsFailures: Bool { self == .throw || self == .collect }
}
