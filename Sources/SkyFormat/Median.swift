/// The middle of some figures, the mean of the two middle ones for an even count: the bench's
/// spreads and comparisons and the fleet's outlier rule all mean this by "median".
public enum Median {
    /// The median of `sorted`, which must be in ascending order and not empty.
    public static func of(sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty, "a median needs at least one figure")
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
