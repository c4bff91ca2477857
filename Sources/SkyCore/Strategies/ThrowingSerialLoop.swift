/// **The serial loop, throwing: no scan starts after a failure.**
///
/// The loop of `SerialLoop.swift`, with one difference: each scan's failure is thrown
/// (`--errors throw`), out of the loop like any `try`, so the scans after it never start. Nothing
/// else runs to cancel: one scan at a time.
struct ThrowingSerialLoop: Strategy {
    func run(_ scans: Scans) async {
        do {
            while let scan = await scans.next() {
                try await scan.runThrowing()
            }
        } catch {
            // Out of the loop: the scans after the failed one never start.
        }
    }
}
