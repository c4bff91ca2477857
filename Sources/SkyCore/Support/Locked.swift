#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value reached only under a pthread mutex, from any thread.
///
/// Why not `Synchronization.Mutex`: on Linux a contended `Mutex` is handed from one thread to the
/// next by the kernel (`FUTEX_LOCK_PI`), with no user-space atomic that ThreadSanitizer can see.
/// TSan then reports the accesses it protects as races; it did, in CI, whenever the dashboard's
/// thread and the engine met on a lock. TSan understands pthread mutexes, so with this lock its
/// verdict stays meaningful, at the same few tens of nanoseconds.
public final class Locked<Value: Sendable>: @unchecked Sendable {  // `value` is only touched with `mutex` held
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
