/// Waits for what other tasks will make true, looking every millisecond, for at most `seconds`:
/// a wait in a test ends, whether or not the condition ever comes.
enum Poll {
    /// Long enough for the slowest wait under the thread sanitizer with the other tests running
    /// beside it (a pool thread can be held for a minute by a scan that never yields), short
    /// enough that a wait that can never end fails the test instead of hanging CI.
    static let patience = 300.0

    static func until(seconds: Double = patience, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }
}
