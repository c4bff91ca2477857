import Foundation
import Synchronization

/// How long a probe waits for something that should happen at once before it gives up.
let patience = Duration.seconds(60)

/// Jobs that each hold a pool thread, spinning without a suspension, until released.
final class PoolHold: Sendable {
    private let holding = Atomic<Int>(0)
    private let released = Atomic<Bool>(false)
    private let finished = Atomic<Int>(0)

    func hold(_ count: Int, at priority: TaskPriority) {
        for _ in 0..<count {
            Task.detached(priority: priority) {
                self.holding.add(1, ordering: .sequentiallyConsistent)
                while !self.released.load(ordering: .sequentiallyConsistent) {}
            }
        }
    }

    /// Waits (spinning, so a caller on a pool thread keeps it) until `count` jobs hold threads.
    func waitUntilHolding(_ count: Int) -> Bool {
        let clock = ContinuousClock()
        let giveUp = clock.now + patience
        while holding.load(ordering: .sequentiallyConsistent) < count {
            guard clock.now < giveUp else { return false }
        }
        return true
    }

    var isHolding: Bool { !released.load(ordering: .sequentiallyConsistent) }
    func release() { released.store(true, ordering: .sequentiallyConsistent) }

    /// A probing job says it has run, whatever it found.
    func noteDone() { finished.add(1, ordering: .sequentiallyConsistent) }
    var done: Int { finished.load(ordering: .sequentiallyConsistent) }
}

/// Polls `condition` from the main thread, which is no pool thread, until it holds or `within`
/// (the patience, unless shorter) runs out.
func waitFor(within: Duration = patience, _ condition: () -> Bool) -> Bool {
    let clock = ContinuousClock()
    let giveUp = clock.now + within
    while !condition() {
        guard clock.now < giveUp else { return false }
        usleep(200)
    }
    return true
}

/// The names the probing jobs write down, in the order they write them.
final class Names: Sendable {
    private let names = Mutex<[String]>([])

    /// Appends `name`, and says how many there are now.
    @discardableResult
    func append(_ name: String) -> Int {
        names.withLock { names in
            names.append(name)
            return names.count
        }
    }

    var all: [String] { names.withLock { $0 } }
}
