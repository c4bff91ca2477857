/// How urgent a scan is. When a slot frees, the highest-priority waiting scan starts next.
public enum ScanPriority: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    case high
    case medium
    case low

    /// The priority the scan's child task is created with: `.high`, `.medium` or `.low`.
    public var taskPriority: TaskPriority { TaskPriority(rawValue: taskPriorityRaw) }

    /// Its raw value: the runtime's QoS classes, which its ABI fixes (`TaskPriority.high` is 25,
    /// `.medium` 21, `.low` 17; a test holds them to it). The engine counts every scan's priorities
    /// by raw value: `TaskPriority` comes from a resilient library, so each of its values and
    /// comparisons is a call into it.
    var taskPriorityRaw: UInt8 {
        switch self {
        case .high: 25
        case .medium: 21
        case .low: 17
        }
    }

    /// The scan priority a task priority stands for, if it is one of the three Sky asks for.
    public init?(_ taskPriority: TaskPriority) {
        self.init(taskPriorityRaw: taskPriority.rawValue)
    }

    /// The same from the task priority's raw value.
    init?(taskPriorityRaw raw: UInt8) {
        switch raw {
        case 25: self = .high
        case 21: self = .medium
        case 17: self = .low
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .high: "high"
        case .medium: "medium"
        case .low: "low"
        }
    }

    /// Higher urgency sorts first.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A value for each priority; cheaper to copy than a dictionary, and never missing a key.
public struct PerPriority<Value: Sendable>: Sendable {
    public var high: Value
    public var medium: Value
    public var low: Value

    public init(high: Value, medium: Value, low: Value) {
        self.high = high
        self.medium = medium
        self.low = low
    }

    public init(repeating value: Value) {
        self.init(high: value, medium: value, low: value)
    }

    public subscript(priority: ScanPriority) -> Value {
        get {
            switch priority {
            case .high: high
            case .medium: medium
            case .low: low
            }
        }
        set {
            switch priority {
            case .high: high = newValue
            case .medium: medium = newValue
            case .low: low = newValue
            }
        }
    }
}

extension PerPriority: Equatable where Value: Equatable {}

/// The share of scans at each priority, in percent (`--priorities H:M:L`).
public struct PriorityMix: Hashable, Sendable, CustomStringConvertible {
    public let high: Int
    public let medium: Int
    public let low: Int

    public static let standard = PriorityMix(uncheckedHigh: 20, medium: 50, low: 30)

    /// Fails unless every share is 0...100 and they add up to 100.
    public init?(high: Int, medium: Int, low: Int) {
        guard [high, medium, low].allSatisfy({ (0...100).contains($0) }), high + medium + low == 100
        else { return nil }
        self.init(uncheckedHigh: high, medium: medium, low: low)
    }

    /// Parses `H:M:L`, e.g. `20:50:30`.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let shares = parts.compactMap { Int($0) }
        guard shares.count == 3 else { return nil }
        self.init(high: shares[0], medium: shares[1], low: shares[2])
    }

    private init(uncheckedHigh high: Int, medium: Int, low: Int) {
        self.high = high
        self.medium = medium
        self.low = low
    }

    /// The priority for a uniform roll in 0..<100.
    func priority(forRoll roll: Int) -> ScanPriority {
        if roll < high { return .high }
        if roll < high + medium { return .medium }
        return .low
    }

    public var description: String { "\(high):\(medium):\(low)" }
}
