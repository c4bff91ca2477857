/// With every core held by a medium job, does a job at high, low or background still start?
/// On Linux each priority has threads of its own, so each does.
enum OtherPriorities {
    static let others: [TaskPriority] = [.high, .low, .background]

    /// The names of the priorities whose job started while the medium jobs held every core.
    static func probe(cores: Int) -> [String] {
        let pool = PoolHold()
        pool.hold(cores, at: .medium)
        guard pool.waitUntilHolding(cores) else {
            pool.release()
            return []
        }
        let started = Names()
        for priority in others {
            Task.detached(priority: priority) {
                if pool.isHolding { started.append(name(priority)) }
                pool.noteDone()
            }
        }
        _ = waitFor { pool.done == others.count }
        pool.release()
        return started.all
    }
}

func name(_ priority: TaskPriority) -> String {
    switch priority {
    case .high: "high"
    case .medium: "medium"
    case .low: "low"
    case .background: "background"
    default: "\(priority.rawValue)"
    }
}
