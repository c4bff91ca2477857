/// With every pool thread busy, in what order do a group's children start? The pool is handed
/// them all at the parent's priority, so in the order they were added, whatever each asked for.
enum SaturatedOrder {
    static let added: [TaskPriority] = Array(repeating: [TaskPriority.low, .high, .background, .medium], count: 4).flatMap { $0 }

    /// The priorities the children asked for, in the order they started.
    static func probe(cores: Int) -> [String] {
        let pool = PoolHold()
        let order = Names()
        // The parent holds one of the medium threads and the other cores are held too, so the
        // children queue, and the parent's thread, once it awaits, takes them one by one.
        Task.detached(priority: .medium) {
            guard pool.waitUntilHolding(cores - 1) else { return pool.noteDone() }
            await withTaskGroup(of: Void.self) { group in
                for priority in added {
                    group.addTask(priority: priority) {
                        if order.append(name(priority)) == added.count { pool.release() }
                    }
                }
            }
            pool.noteDone()
        }
        pool.hold(cores - 1, at: .medium)
        _ = waitFor { pool.done == 1 }
        pool.release()
        return order.all
    }
}
