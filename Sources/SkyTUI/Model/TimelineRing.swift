import SkyCore

/// The timeline's memory: a fixed ring of columns, each the same stretch of time, holding a cell
/// per band of lanes and the frames' samples. Times are microseconds since the run started.
///
/// Its size never changes with the number of scans: when time outgrows the ring, its columns
/// double in width (pairs merge) or, for a ring that scrolls, the oldest columns are dropped.
struct TimelineRing: Sendable {
    /// What the ring does when time goes past its newest column and every column is in use.
    enum Growth: Equatable, Sendable {
        /// Columns double in width, so the ring always holds the whole run.
        case doubles
        /// Columns double up to `limit` microseconds wide, then the oldest are dropped.
        case scrolls(limit: Int64)
    }

    /// Columns held; wider than any terminal the panel is drawn on.
    static let capacity = 256

    let growth: Growth
    /// Cells per column; bands can be added (`widen`) and paired (`pairBands`).
    private(set) var bands: Int
    /// Microseconds per column.
    private(set) var width: Int64
    /// The oldest column kept, as an absolute index (its start time over `width`).
    private(set) var first: Int64 = 0
    /// One past the newest column: the column holding time zero exists from the start.
    private(set) var end: Int64 = 1
    /// Column `a` keeps its cells at `slot(a) * bands`.
    private var cells: [TimelineCell]
    private var samples: [TimelineSample]

    init(growth: Growth, width: Int64, bands: Int) {
        self.growth = growth
        self.width = width
        self.bands = bands
        cells = Array(repeating: TimelineCell(), count: Self.capacity * bands)
        samples = Array(repeating: TimelineSample(), count: Self.capacity)
    }

    /// The cell of column `column` (absolute) for `band`; empty outside the columns kept.
    func cell(column: Int64, band: Int) -> TimelineCell {
        guard column >= first, column < end, band < bands else { return TimelineCell() }
        return cells[slot(column) * bands + band]
    }

    func sample(column: Int64) -> TimelineSample {
        guard column >= first, column < end else { return TimelineSample() }
        return samples[slot(column)]
    }

    /// Makes room for the column holding `time`: new columns start empty; a ring that is full
    /// doubles its width or drops its oldest columns.
    mutating func reach(_ time: Int64) {
        guard time / width >= end else { return }
        while time / width - first >= Int64(Self.capacity) {
            switch growth {
            case .scrolls(let limit) where width >= limit:
                first = time / width - Int64(Self.capacity) + 1
            case .doubles, .scrolls:
                double()
            }
        }
        let newest = time / width
        for column in max(end, first)...newest {
            let at = slot(column)
            for band in 0..<bands { cells[at * bands + band] = TimelineCell() }
            samples[at] = TimelineSample()
        }
        end = newest + 1
    }

    /// Adds `slots` busy slots at `priority` to `band` over `from..<to`; negative takes them back
    /// (a late event saying a scan ended earlier than it was counted to). Columns not kept are
    /// skipped.
    mutating func credit(band: Int, priority: ScanPriority, slots: Float, from: Int64, to: Int64) {
        let low = max(from, first * width)
        let high = min(to, end * width)
        guard high > low else { return }
        var column = low / width
        while column * width < high {
            let seconds = Float(min(high, (column + 1) * width) - max(low, column * width)) / 1e6
            cells[slot(column) * bands + band].add(seconds * slots, at: priority)
            column += 1
        }
    }

    /// Notes a scan of `band` ending at `time`.
    mutating func mark(band: Int, at time: Int64, _ ends: TimelineEnds) {
        let column = time / width
        guard column >= first, column < end else { return }
        cells[slot(column) * bands + band].note(ends)
    }

    /// Adds what one frame saw at `time`.
    mutating func sample(at time: Int64, threads: Int, queue: Int) {
        let column = time / width
        guard column >= first, column < end else { return }
        samples[slot(column)].add(threads: threads, queue: queue)
    }

    /// More cells per column, for lanes beyond the bands held; the new bands start empty.
    mutating func widen(to count: Int) {
        guard count > bands else { return }
        var wider = Array(repeating: TimelineCell(), count: Self.capacity * count)
        for at in 0..<Self.capacity {
            for band in 0..<bands { wider[at * count + band] = cells[at * bands + band] }
        }
        cells = wider
        bands = count
    }

    /// Merges bands pairwise (0 and 1 into 0, 2 and 3 into 1 …) when each band is to stand for
    /// twice the slots; the upper half of the bands is left empty.
    mutating func pairBands() {
        for at in 0..<Self.capacity {
            let base = at * bands
            for band in 0..<bands {
                var merged = TimelineCell()
                if 2 * band < bands { merged.add(cells[base + 2 * band]) }
                if 2 * band + 1 < bands { merged.add(cells[base + 2 * band + 1]) }
                cells[base + band] = merged
            }
        }
    }

    /// Twice the width: columns `2n` and `2n + 1` become column `n`.
    private mutating func double() {
        var merged = Array(repeating: TimelineCell(), count: Self.capacity * bands)
        var mergedSamples = Array(repeating: TimelineSample(), count: Self.capacity)
        for column in first..<end {
            let from = slot(column)
            let to = Int((column / 2) % Int64(Self.capacity))
            for band in 0..<bands { merged[to * bands + band].add(cells[from * bands + band]) }
            mergedSamples[to].add(samples[from])
        }
        cells = merged
        samples = mergedSamples
        first /= 2
        end = (end - 1) / 2 + 1
        width *= 2
    }

    private func slot(_ column: Int64) -> Int {
        Int(column % Int64(Self.capacity))
    }
}
