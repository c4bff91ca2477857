/// **`addTaskUnlessCancelled`: a cancelled group takes no new child.**
///
/// The window of `BatchedWindow.swift`, with one difference: each child is added with
/// `addTaskUnlessCancelled`, which adds nothing to a cancelled group and says so by returning
/// `false`. Then no child will be added again, so the loop takes no more scans:
/// `scans.stopTaking()` tells the run, and the scan the loop holds, with every one not yet
/// started, ends cancelled without a child ever running for it.
///
/// With `--errors cancel` the body cancels the group when it takes a failure, as
/// `CancellingWindow.swift` does, where `addTask` goes on adding children that start cancelled.
/// (A cancel of the run, the `c` key, needs neither: `next()` answers `nil` from then on.)
struct UnlessCancelledWindow: Strategy {
    /// `--errors cancel`: a failure the body takes cancels the group.
    let cancelsOnFailure: Bool

    func run(_ scans: Scans) async {
        await withTaskGroup(of: ScanOutcome.self) { group in
            var inGroup = 0
            while inGroup < scans.batch, let scan = await scans.next() {
                let added = group.addTaskUnlessCancelled(
                    name: scan.name, priority: scan.priority
                ) {
                    await scan.run()
                }
                guard added else {
                    scans.stopTaking()
                    return
                }
                inGroup += 1
            }
            for await outcome in group {
                inGroup -= 1
                // A failure cancels the group: the children in it, and any child added to it later.
                if cancelsOnFailure, case .failure(.failed) = outcome { group.cancelAll() }
                while inGroup < scans.batch, let scan = await scans.next() {
                    let added = group.addTaskUnlessCancelled(
                        name: scan.name, priority: scan.priority
                    ) {
                        await scan.run()
                    }
                    // `false`: the group is cancelled, and no child was added for this scan.
                    guard added else {
                        // Nor will one be for any other: the loop takes no more scans.
                        scans.stopTaking()
                        return
                    }
                    inGroup += 1
                }
            }
        }
    }
}
