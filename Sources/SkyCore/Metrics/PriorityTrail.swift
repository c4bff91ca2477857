/// The priorities of the last `capacity` scans to finish, in order, packed two bits each into one
/// word: the snapshot stays a plain value with no array to copy or reference-count.
public struct PriorityTrail: Equatable, Sendable {
    public static let capacity = 32
    private var bits: UInt64 = 0
    public private(set) var count = 0

    public init() {}

    public mutating func append(_ priority: ScanPriority) {
        bits = (bits << 2) | UInt64(priority.rawValue)
        count = min(count + 1, Self.capacity)
    }

    /// Oldest first.
    public var priorities: [ScanPriority] {
        (0..<count).reversed().map { age in ScanPriority(rawValue: Int((bits >> UInt64(2 * age)) & 3))! }
    }
}
