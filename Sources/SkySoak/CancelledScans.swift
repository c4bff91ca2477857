public import SkyCore

extension RunEnding {
    /// What a soak's cancelled scans were, in an operator's words, by how the run ended: `left in
    /// the queue at the time limit` says they are how a timed soak ends, not a fault.
    public var cancelledScans: String {
        switch self {
        case .timeUp: "left in the queue at the time limit"
        case .cancelled: "stopped when the run was cancelled"
        default: "cancelled"
        }
    }
}
