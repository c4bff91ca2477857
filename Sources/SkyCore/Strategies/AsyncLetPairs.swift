/// **`async let`: leaving a scope cancels, then awaits, what it did not await.**
///
/// Scans run two at a time, each pair as two `async let` bindings in a scope of its own. A pair is
/// one measurement, a sector and its neighbour, so when the first fails the second is worth
/// nothing, and the pair's scope is left without awaiting it. Swift does not let the child outlive
/// the scope: it cancels the second, then waits for it to end, and only then is the scope left, so
/// the next pair starts after the second has stopped. A task group whose body returns early
/// (`--take`, `EarlyReturnWindow.swift`) also waits for its children, but cancels none.
struct AsyncLetPairs: Strategy {
    func run(_ scans: Scans) async {
        while let first = await scans.next() {
            let second = await scans.next()
            await runPair(first, second)
        }
    }

    /// One pair, in a scope of its own.
    private func runPair(_ first: Scan, _ second: Scan?) async {
        async let firstOutcome = first.run()
        async let secondOutcome = second?.run()
        // A failed first leaves the scope here, without awaiting the second: Swift cancels the
        // second, then waits for it to end.
        guard case .success = await firstOutcome else { return }
        _ = await secondOutcome
    }
}
