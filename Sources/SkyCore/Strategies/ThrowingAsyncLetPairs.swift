/// **`async let`, throwing: a failure leaves the pair's scope as an error.**
///
/// The pairs of `AsyncLetPairs.swift`, with one difference: a scan's failure is thrown
/// (`--errors throw`). Thrown by the first, it leaves the pair's scope before the second is
/// awaited: Swift cancels the second, waits for it to end, and then lets the error out of the
/// scope, and out of the loop, so no pair starts after it.
struct ThrowingAsyncLetPairs: Strategy {
    func run(_ scans: Scans) async {
        do {
            while let first = await scans.next() {
                let second = await scans.next()
                try await runPair(first, second)
            }
        } catch {
            // Out of the loop: no pair starts after the failure.
        }
    }

    /// One pair, in a scope of its own.
    private func runPair(_ first: Scan, _ second: Scan?) async throws {
        async let firstOutcome = first.runThrowing()
        async let secondOutcome = second?.runThrowing()
        // A failed first throws here, leaving the scope without awaiting the second: Swift
        // cancels the second, then waits for it to end.
        guard case .success = try await firstOutcome else { return }
        _ = try await secondOutcome
    }
}
