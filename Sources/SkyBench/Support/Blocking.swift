import Dispatch
import SkyCore

/// The bench was stopped by a signal before it finished.
public struct BenchInterrupted: Error {
    public init() {}
}

/// Runs async work on the cooperative pool while the calling (main) thread waits, outside the
/// pool, so the waiting costs the measured work no pool thread.
struct Blocking {
    /// Asked every 50 ms while waiting, and between samples.
    let isInterrupted: () -> Bool

    /// Returns `body`'s value. If an interruption arrives while it runs, `stop` is called once,
    /// `body` is still awaited (so nothing is left running), and `BenchInterrupted` is thrown.
    func run<Value: Sendable>(
        stop: @escaping @Sendable () -> Void = {}, _ body: @escaping @Sendable () async -> Value
    ) throws -> Value {
        try checkInterruption()
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Value?>(nil)
        Task.detached {
            let value = await body()
            result.withLock { $0 = value }
            done.signal()
        }
        var interrupted = false
        while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            if !interrupted && isInterrupted() {
                interrupted = true
                stop()
            }
        }
        if interrupted { throw BenchInterrupted() }
        return result.withLock { $0 }!
    }

    func checkInterruption() throws {
        if isInterrupted() { throw BenchInterrupted() }
    }
}
