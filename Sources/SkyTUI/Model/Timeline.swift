public import SkyCore

/// The run over time, for the timeline panel: when each slot was busy and at which priority, how
/// each scan ended, and what the frames saw of the threads and the ready queue.
///
/// It follows the events: a `started` opens a span in its slot's lane, the scan's terminal event
/// closes it and marks the column where it ended. Between events, each frame extends the open
/// spans to the frame's time. Nothing is kept per scan: busy time goes straight into the columns
/// of two fixed rings (`TimelineRing`), one that always holds the whole run and one that holds
/// the newest stretch at a readable scale, for the live view of a long run. Lanes are grouped
/// into at most `bandLimit` bands, ranges of slots, so a run of thousands of slots costs what one
/// of sixty-four does. An event costs O(1); a frame costs O(bands).
public struct Timeline: Sendable {
    /// The narrowest column: a scan of the default work spans several.
    public static let firstColumnWidth: Duration = .milliseconds(50)
    /// The widest column of the live view; past it, the live view scrolls.
    public static let liveColumnLimit: Duration = .milliseconds(400)
    /// Bands of lanes kept at most; beyond it, each band stands for more slots.
    public static let bandLimit = 64

    /// Always the whole run, its columns doubling as it grows.
    private(set) var whole: TimelineRing
    /// The newest stretch: doubles up to `liveColumnLimit`, then drops its oldest columns.
    private(set) var recent: TimelineRing
    /// Slots each band stands for.
    public private(set) var slotsPerBand: Int
    /// The most slots the run has had: its lanes.
    public private(set) var lanes: Int
    /// The latest time the timeline reaches, from a frame or an event, in microseconds.
    public private(set) var now: Int64 = 0
    /// The latest time sampled.
    private var sampledAt: Int64 = -1
    /// The scan each slot holds as the events tell it, -1 when free, and its priority.
    private var occupant: [Int]
    private var occupantPriority: [ScanPriority]
    /// Slots busy in each band at each priority (`band * 3 + priority`).
    private var open: [Int]
    /// How far each band's busy time has been counted, in microseconds.
    private var counted: [Int64]

    /// A timeline for a run that starts with `lanes` slots.
    public init(lanes: Int) {
        let lanes = max(1, lanes)
        self.lanes = lanes
        slotsPerBand = (lanes + Self.bandLimit - 1) / Self.bandLimit
        let bands = (lanes + slotsPerBand - 1) / slotsPerBand
        let width = Self.microseconds(Self.firstColumnWidth)
        whole = TimelineRing(growth: .doubles, width: width, bands: bands)
        recent = TimelineRing(growth: .scrolls(limit: Self.microseconds(Self.liveColumnLimit)), width: width, bands: bands)
        occupant = Array(repeating: -1, count: lanes)
        occupantPriority = Array(repeating: .medium, count: lanes)
        open = Array(repeating: 0, count: 3 * bands)
        counted = Array(repeating: 0, count: bands)
    }

    /// Bands that hold lanes.
    public var bands: Int { (lanes + slotsPerBand - 1) / slotsPerBand }

    /// Takes one event, in the order the engine emitted them.
    public mutating func record(_ event: RunEvent) {
        guard case .scan(let scan) = event, let slot = scan.slot else { return }
        let time = Self.microseconds(scan.time)
        holdLanes(slot + 1)
        reach(time)
        let band = slot / slotsPerBand
        count(band, to: time)
        if scan.kind == .started {
            // A slot still held means its scan's end was lost (the events buffer keeps the
            // newest only): the scan starting now is the proof it had ended.
            if occupant[slot] >= 0 { vacate(slot, band: band, at: time) }
            occupant[slot] = scan.scan
            occupantPriority[slot] = scan.priority
            change(band, scan.priority, by: 1, from: time)
        } else if let ends = TimelineEnds(scan.kind) {
            if occupant[slot] == scan.scan { vacate(slot, band: band, at: time) }
            whole.mark(band: band, at: time, ends)
            recent.mark(band: band, at: time, ends)
        }
    }

    /// A frame at the run's live elapsed time: open spans grow to it, and the run has `lanes` slots.
    public mutating func advance(to elapsed: Duration, lanes: Int) {
        let time = Self.microseconds(elapsed)
        holdLanes(lanes)
        reach(time)
        for band in 0..<bands { count(band, to: time) }
    }

    /// What a frame at `elapsed` saw: `threads` scans executing on a thread, `queue` waiting in the
    /// ready queue. A frame at a time already sampled (a finished run's frames repeat its last
    /// time) adds nothing.
    public mutating func sample(at elapsed: Duration, threads: Int, queue: Int) {
        let time = Self.microseconds(elapsed)
        guard time > sampledAt else { return }
        reach(time)
        whole.sample(at: time, threads: threads, queue: queue)
        recent.sample(at: time, threads: threads, queue: queue)
        sampledAt = time
    }

    /// A frame's snapshot at the run's live elapsed time: open spans grow to it, and the threads
    /// and the queue are sampled once the run has started (before, nothing runs or waits yet, and
    /// a sample would read as an idle start).
    public mutating func follow(_ snapshot: ScanSnapshot, at elapsed: Duration) {
        advance(to: elapsed, lanes: snapshot.slots.count)
        if snapshot.phase != .ready {
            sample(at: elapsed, threads: snapshot.onThread, queue: snapshot.counters.waiting)
        }
    }

    /// The narrowest column, in microseconds, at which the whole run fits in `columns` columns: a
    /// power-of-two multiple of `firstColumnWidth`.
    func wholeRunColumnWidth(fitting columns: Int) -> Int64 {
        let fits = Int64(max(1, min(columns, TimelineRing.capacity)))
        let newest = whole.end - 1
        var factor: Int64 = 1
        while newest / factor + 1 > fits { factor *= 2 }
        return whole.width * factor
    }

    /// The whole run at `columnWidth` microseconds a column, which must be at least this run's
    /// `wholeRunColumnWidth`: runs drawn one above another share a scale this way.
    func window(columnWidth: Int64) -> TimelineWindow {
        let factor = max(1, columnWidth / whole.width)
        return TimelineWindow(ring: whole, factor: factor, columns: 0..<((whole.end - 1) / factor + 1), now: now)
    }

    /// The columns to draw, `columns` at most: the whole run scaled to fit when `wholeRun` is set
    /// or the fitting scale is within `liveColumnLimit`; otherwise the newest stretch at that
    /// limit, which scrolls.
    func window(columns: Int, wholeRun: Bool) -> TimelineWindow {
        let width = wholeRunColumnWidth(fitting: columns)
        if wholeRun || width <= Self.microseconds(Self.liveColumnLimit) {
            return window(columnWidth: width)
        }
        let fits = Int64(max(1, min(columns, TimelineRing.capacity)))
        let liveFactor = max(1, Self.microseconds(Self.liveColumnLimit) / recent.width)
        let last = (recent.end - 1) / liveFactor
        let oldest = max(recent.first / liveFactor, last - fits + 1)
        return TimelineWindow(ring: recent, factor: liveFactor, columns: oldest..<(last + 1), now: now)
    }

    // MARK: - Parts

    /// Opens or closes `slots` spans at `priority` in `band` from `time`, counting the time
    /// already counted past it.
    private mutating func change(_ band: Int, _ priority: ScanPriority, by slots: Int, from time: Int64) {
        open[band * 3 + priority.rawValue] += slots
        guard time < counted[band] else { return }
        whole.credit(band: band, priority: priority, slots: Float(slots), from: time, to: counted[band])
        recent.credit(band: band, priority: priority, slots: Float(slots), from: time, to: counted[band])
    }

    private mutating func vacate(_ slot: Int, band: Int, at time: Int64) {
        change(band, occupantPriority[slot], by: -1, from: time)
        occupant[slot] = -1
    }

    /// Counts `band`'s busy slots up to `time`.
    private mutating func count(_ band: Int, to time: Int64) {
        let from = counted[band]
        guard time > from else { return }
        for priority in ScanPriority.allCases {
            let slots = open[band * 3 + priority.rawValue]
            guard slots != 0 else { continue }
            whole.credit(band: band, priority: priority, slots: Float(slots), from: from, to: time)
            recent.credit(band: band, priority: priority, slots: Float(slots), from: from, to: time)
        }
        counted[band] = time
    }

    private mutating func reach(_ time: Int64) {
        whole.reach(time)
        recent.reach(time)
        now = max(now, time)
    }

    /// Makes room for `count` lanes: more bands while under the limit, then bands of twice the
    /// slots.
    private mutating func holdLanes(_ count: Int) {
        guard count > lanes else { return }
        if count > occupant.count {
            occupant += Array(repeating: -1, count: count - occupant.count)
            occupantPriority += Array(repeating: .medium, count: count - occupantPriority.count)
        }
        lanes = count
        let needed = (count + slotsPerBand - 1) / slotsPerBand
        if needed > whole.bands && whole.bands < Self.bandLimit {
            let bands = min(Self.bandLimit, max(needed, 2 * whole.bands))
            whole.widen(to: bands)
            recent.widen(to: bands)
            open += Array(repeating: 0, count: 3 * bands - open.count)
            counted += Array(repeating: counted.max() ?? 0, count: bands - counted.count)
        }
        while (count + slotsPerBand - 1) / slotsPerBand > whole.bands { pairBands() }
    }

    /// Each band stands for twice the slots: every band is counted to the same time, then pairs merge.
    private mutating func pairBands() {
        let time = counted.max() ?? 0
        for band in 0..<counted.count { count(band, to: time) }
        whole.pairBands()
        recent.pairBands()
        for band in 0..<counted.count {
            for priority in 0..<3 {
                let low = 2 * band < counted.count ? open[2 * band * 3 + priority] : 0
                let high = 2 * band + 1 < counted.count ? open[(2 * band + 1) * 3 + priority] : 0
                open[band * 3 + priority] = low + high
            }
        }
        slotsPerBand *= 2
    }

    static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}
