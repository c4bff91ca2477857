/// A stretch of the timeline as the panel draws it: display columns of `factor` ring columns each,
/// and bands summed into rows. Summing is all it does, so drawing costs O(rows × columns) of the
/// ring, whatever the run's length.
struct TimelineWindow {
    let ring: TimelineRing
    /// Ring columns per display column.
    let factor: Int64
    /// The display columns shown, as absolute indexes (start time over `columnWidth`).
    let columns: Range<Int64>
    /// The time the run has reached, in microseconds.
    let now: Int64

    /// Microseconds per display column.
    var columnWidth: Int64 { ring.width * factor }

    /// Display column `column` summed over `bands`.
    func cell(column: Int64, bands: Range<Int>) -> TimelineCell {
        var sum = TimelineCell()
        for ringColumn in (column * factor)..<((column + 1) * factor) {
            for band in bands { sum.add(ring.cell(column: ringColumn, band: band)) }
        }
        return sum
    }

    func sample(column: Int64) -> TimelineSample {
        var sum = TimelineSample()
        for ringColumn in (column * factor)..<((column + 1) * factor) { sum.add(ring.sample(column: ringColumn)) }
        return sum
    }

    /// How much of display column `column` the ring covers, in seconds: all of it, except the
    /// newest (the run has not reached its end) and one whose oldest part has scrolled away.
    func seconds(column: Int64) -> Float {
        let start = max(column * columnWidth, ring.first * ring.width)
        let end = min((column + 1) * columnWidth, max(now, start))
        return Float(max(0, end - start)) / 1e6
    }
}
