public import SkyCore

/// What one band of lanes did during one column of the timeline: how long its slots were busy, by
/// priority, and how the scans that ended there ended.
///
/// Cells add up, so two columns merge into one when the scale doubles, and bands merge into rows
/// when there are more of them than rows, with no list of scans behind them.
public struct TimelineCell: Equatable, Sendable {
    /// Slot-seconds busy at each priority. Float: a cell holds a few of them, and there are
    /// thousands of cells.
    public var high: Float = 0
    public var medium: Float = 0
    public var low: Float = 0
    /// How the scans that ended in the cell ended.
    public var ends: TimelineEnds = []
    /// How many scans ended in the cell, and how many of them failed or were cancelled, up to 255:
    /// two ends in one column are drawn as a count, never as one of them.
    public var endCount: UInt8 = 0
    public var stopCount: UInt8 = 0

    public init() {}

    /// Slot-seconds busy at any priority.
    public var busy: Float { high + medium + low }

    /// The priority that kept the slots busy longest; `nil` when nothing ran.
    public var dominant: ScanPriority? {
        guard busy > 0 else { return nil }
        if high >= medium && high >= low { return .high }
        return medium >= low ? .medium : .low
    }

    /// Slot-seconds at `priority`; negative takes busy time back.
    mutating func add(_ seconds: Float, at priority: ScanPriority) {
        switch priority {
        case .high: high += seconds
        case .medium: medium += seconds
        case .low: low += seconds
        }
    }

    mutating func add(_ other: TimelineCell) {
        high += other.high
        medium += other.medium
        low += other.low
        ends.formUnion(other.ends)
        endCount = Self.sum(endCount, other.endCount)
        stopCount = Self.sum(stopCount, other.stopCount)
    }

    /// Notes a scan that ended in the cell.
    mutating func note(_ end: TimelineEnds) {
        ends.formUnion(end)
        endCount = Self.sum(endCount, 1)
        if !end.isDisjoint(with: [.failed, .cancelled]) { stopCount = Self.sum(stopCount, 1) }
    }

    private static func sum(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8(min(255, Int(a) + Int(b))) }
}

/// The ways scans ended within a cell; which one shows is the panel's choice.
public struct TimelineEnds: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let completed = TimelineEnds(rawValue: 1 << 0)
    /// Failed, or finished with a result its verification contradicts.
    public static let failed = TimelineEnds(rawValue: 1 << 1)
    public static let cancelled = TimelineEnds(rawValue: 1 << 2)

    /// How a terminal event ended its scan; `nil` for events that end nothing.
    init?(_ kind: ScanEvent.Kind) {
        switch kind {
        case .scheduled, .arrived, .started, .delivered: return nil
        case .completed: self = .completed
        case .failed, .verificationFailed: self = .failed
        case .cancelled: self = .cancelled
        }
    }
}
